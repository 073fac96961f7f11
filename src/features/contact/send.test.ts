import { describe, expect, it, vi } from 'vitest';
import { CONTACT_ENDPOINT, contactBody, sendContact } from './send';
import { HONEYPOT_FIELD } from './fields';

const filled = () => {
  const form = new FormData();
  form.set('name', '  Marie Joseph ');
  form.set('email', 'marie@exemple.fr');
  form.set('phone', '0696 12 34 56');
  form.set('company', 'Ti Panié');
  form.set('subject', 'Monétique');
  form.set('delai', '1 à 3 mois');
  form.set('message', 'Bonjour, nous souhaitons deux terminaux.');
  form.set(HONEYPOT_FIELD, '');
  return form;
};

describe('contact request body', () => {
  it('holds the seven fields, trimmed, and the empty honeypot', () => {
    expect(contactBody(filled())).toEqual({
      name: 'Marie Joseph',
      email: 'marie@exemple.fr',
      phone: '0696 12 34 56',
      company: 'Ti Panié',
      subject: 'Monétique',
      delai: '1 à 3 mois',
      message: 'Bonjour, nous souhaitons deux terminaux.',
      [HONEYPOT_FIELD]: '',
    });
  });
});

describe('sending a contact request', () => {
  it('posts JSON to /api/contact-only-email', async () => {
    const fetcher = vi.fn(async () => new Response(null, { status: 204 }));
    await sendContact(contactBody(filled()), fetcher);
    expect(fetcher).toHaveBeenCalledOnce();
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(CONTACT_ENDPOINT);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body)).company).toBe('Ti Panié');
  });

  it('counts any 2xx answer as a success, whatever its content', async () => {
    for (const status of [200, 201, 202, 204]) {
      expect(await sendContact(contactBody(filled()), async () => new Response(status === 204 ? null : 'ok', { status }))).toBe(true);
    }
  });

  it('counts any other answer, or no answer, as a failure', async () => {
    for (const status of [400, 404, 429, 500, 503]) {
      expect(await sendContact(contactBody(filled()), async () => new Response('{}', { status }))).toBe(false);
    }
    expect(await sendContact(contactBody(filled()), async () => Promise.reject(new TypeError('offline')))).toBe(false);
  });
});
