import { expect, test } from '@playwright/test';
import { apiPaths, contactStatusApiPath } from '../../src/lib/paths';
import { LOGIN_MAX_FAILURES } from '../../src/lib/constants';
import { e2eAdmin } from '../helpers/e2e-admin';

/**
 * The API's edges through the real local server (the routing of netlify.toml and @netlify/dev, the
 * address the server gives the functions), where the function tests cannot see.
 */
test.describe('API edges on the real server', () => {
  test('a wrong method on an API path answers a JSON 405 with Allow, not the HTML 404 page', async ({ request }) => {
    const cases = [
      ['get', apiPaths.contactForm, 'POST'],
      ['get', apiPaths.quote, 'POST'],
      ['get', apiPaths.login, 'POST'],
      ['delete', apiPaths.contactList, 'GET'],
      ['post', '/api/health', 'GET'],
      ['get', contactStatusApiPath('00000000-0000-0000-0000-000000000000'), 'PUT'],
    ] as const;
    for (const [method, path, allow] of cases) {
      const response = await request.fetch(path, { method });
      expect(response.status(), `${method} ${path}`).toBe(405);
      expect(response.headers()['allow']).toBe(allow);
      expect(response.headers()['content-type']).toMatch(/application\/json/);
      expect(await response.json()).toEqual({ success: false, error: 'Méthode non autorisée.' });
    }
  });

  test('an unknown /api/ path answers a JSON 404; the real functions and the /api/myzebra/ images are not shadowed', async ({ request }) => {
    for (const path of ['/api/inconnu', '/api/contact/a/b/c', '/api/auth']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(response.headers()['content-type']).toMatch(/application\/json/);
      expect(await response.json()).toEqual({ success: false, error: 'Cette adresse de l’API n’existe pas.' });
    }
    expect((await request.get('/api/health')).status()).toBe(200);
    const legacyImage = await request.get('/api/myzebra/printer-desktop.svg', { maxRedirects: 0 });
    expect(legacyImage.status()).toBe(301);
    expect(legacyImage.headers()['location']).toMatch(/\/images\/products\/printer-desktop\.svg$/);
  });

  test('malformed percent-encoding in an id is a JSON 404, not a 500', async ({ request }) => {
    const login = await request.post(apiPaths.login, { data: { username: e2eAdmin.username, password: e2eAdmin.password } });
    const { token } = await login.json();
    const response = await request.put('/api/contact/%ZZ/status', { headers: { Authorization: `Bearer ${token}` }, data: { statut: 'traite' } });
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ success: false, error: 'Demande introuvable.' });
  });

  test('the login limit holds whatever forwarding headers the client writes', async ({ request }) => {
    const username = `intrus-e2e-${Date.now()}`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES + 2; attempt += 1) {
      const spoofed = `198.51.100.${attempt + 1}`;
      const response = await request.post(apiPaths.login, {
        headers: { 'X-Forwarded-For': spoofed, 'X-Nf-Client-Connection-Ip': spoofed, 'X-Real-Ip': spoofed },
        data: { username, password: 'mauvais' },
      });
      statuses.push(response.status());
    }
    expect(statuses).toEqual([...Array(LOGIN_MAX_FAILURES).fill(401), 429, 429]);
  });

  test('without any forwarding header the server still tells the client apart (the socket address): the administrator logs in', async ({ request }) => {
    const response = await request.post(apiPaths.login, { data: { username: e2eAdmin.username, password: e2eAdmin.password } });
    expect(response.status()).toBe(200);
    expect((await response.json()).token).toEqual(expect.any(String));
  });
});
