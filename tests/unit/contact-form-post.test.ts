/**
 * The contact form posted by the browser without JavaScript (application/x-www-form-urlencoded), against a
 * real BlobsServer: answered with an HTML page in French, stored once for the same form sent again from the
 * same client, refused from another site's page, and nothing stored for a refused form or a robot.
 */
import { describe, expect, it } from 'vitest';
import { call, contactPayload } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { listRequests } from '../../netlify/lib/requests/requests';
import { bindIdempotencyKey, DERIVED_KEY_WINDOW_MS, derivedIdempotencyKey } from '../../netlify/lib/storage/idempotency';
import { INVALID_FORM_MESSAGE } from '../../src/features/contact/schema';
import { CONTACT_MESSAGES } from '../../src/features/contact/fields';
import { PHONE_REFUSED } from '../../src/lib/characters';
import { apiErrorMessage } from '../../netlify/lib/http/errors';
import contact from '../../netlify/routes/request-forms/contact-only-email.ts';

useApiTestEnvironment();

const FORM = 'application/x-www-form-urlencoded';
const encoded = (fields: Record<string, unknown>) => new URLSearchParams(Object.entries(fields).map(([name, value]) => [name, String(value)])).toString();
const post = (fields: Record<string, unknown>, options: { ip?: string; headers?: Record<string, string> } = {}) =>
  call(contact, '/api/contact-only-email', { raw: encoded(fields), contentType: FORM, ip: options.ip ?? '198.51.100.7', headers: { 'user-agent': 'Navigateur ancien', ...options.headers } });
const storedUnder = async (name: string) => (await listRequests({ limit: 100 })).data.filter((request) => request.name === name);
const unique = (label: string) => `${label} ${crypto.randomUUID().slice(0, 8)}`;

describe('a contact form posted without JavaScript', () => {
  it('is stored and answered with a French page giving its reference, the form emptied; its line breaks are kept as the JSON send keeps them', async () => {
    const name = unique('Sans script');
    const response = await post(contactPayload({ name, message: 'Bonjour,\r\ndeux caisses à changer.' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const [stored] = await storedUnder(name);
    expect(stored?.message).toBe('Bonjour,\ndeux caisses à changer.');
    expect(response.text).toContain(CONTACT_MESSAGES.success.replace(' !', '\u202f!'));
    expect(response.text).toContain(`<span class="reference">${stored!.reference}</span>`);
    expect(response.text).not.toContain(name);
  });

  it('sent again from the same client (resend, back button) is the same request; from another client, another one', async () => {
    const name = unique('Renvoyé');
    const first = await post(contactPayload({ name }));
    const again = await post(contactPayload({ name }));
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    const [stored] = await storedUnder(name);
    expect(again.text).toContain(`<span class="reference">${stored!.reference}</span>`);
    expect(await storedUnder(name)).toHaveLength(1);
    await post(contactPayload({ name }), { ip: '203.0.113.9' });
    expect(await storedUnder(name)).toHaveLength(2);
  });

  it('a field the server refuses: 400, the page in French with the field’s sentence and what was typed, nothing stored', async () => {
    const name = unique('Refusé');
    const response = await post(contactPayload({ name, phone: 'rappelez-moi' }));
    expect(response.status).toBe(400);
    expect(response.text).toContain(INVALID_FORM_MESSAGE);
    expect(response.text).toMatch(/<input[^>]*id="contact-phone"[^>]*autofocus=""[^>]*value="rappelez-moi"/);
    expect(response.text).toContain(`<p id="contact-phone-error" class="field-error">${PHONE_REFUSED}</p>`);
    expect(response.text).toContain(`value="${name}"`);
    expect(await storedUnder(name)).toEqual([]);
  });

  it('from another site’s page: 403 in French, nothing stored', async () => {
    const name = unique('Autre site');
    const response = await post(contactPayload({ name }), { headers: { origin: 'https://autre-site.example' } });
    expect(response.status).toBe(403);
    expect(response.text).toContain(apiErrorMessage('origin_refused'));
    expect(await storedUnder(name)).toEqual([]);
  });

  it('a robot that filled the honeypot is told all went well, and nothing is stored', async () => {
    const name = unique('Robot');
    const response = await post(contactPayload({ name, website: 'https://spam.example' }));
    expect(response.status).toBe(200);
    expect(response.text).toContain(CONTACT_MESSAGES.success.replace(' !', '\u202f!'));
    expect(await storedUnder(name)).toEqual([]);
  });

  it('too large: 413 in French, nothing stored', async () => {
    const name = unique('Trop long');
    const response = await post(contactPayload({ name, message: 'x'.repeat(2 * 1024 * 1024) }));
    expect(response.status).toBe(413);
    expect(response.text).toContain(apiErrorMessage('body_too_large'));
    expect(await storedUnder(name)).toEqual([]);
  });
});

describe('the key the server makes for a form sent without JavaScript', () => {
  it('is the same within a window, the previous window’s while that one is bound, and a new one past both', async () => {
    const fingerprint = crypto.randomUUID();
    const at = (windows: number) => new Date(Date.UTC(2026, 11, 1, 10) + windows * DERIVED_KEY_WINDOW_MS);
    const first = await derivedIdempotencyKey(fingerprint, 'client', at(0.1));
    expect(await derivedIdempotencyKey(fingerprint, 'client', at(0.9))).toBe(first);
    expect(await derivedIdempotencyKey(fingerprint, 'autre client', at(0.1))).not.toBe(first);
    // Not bound yet: the next window has its own key.
    expect(await derivedIdempotencyKey(fingerprint, 'client', at(1.1))).not.toBe(first);
    await bindIdempotencyKey(first, { endpoint: 'contact-only-email', fingerprint, requestId: crypto.randomUUID(), now: at(0.2) });
    expect(await derivedIdempotencyKey(fingerprint, 'client', at(1.9))).toBe(first);
    expect(await derivedIdempotencyKey(fingerprint, 'client', at(2.1))).not.toBe(first);
  });
});
