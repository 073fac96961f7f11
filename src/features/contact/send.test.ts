import { describe, expect, it, vi } from 'vitest';
import { CONTACT_ENDPOINT, contactBody, sendContact } from './send';
import { HONEYPOT_FIELD } from './fields';
import { newIdempotencyKey, SubmissionKey } from './submission';

const KEY = '3f2b8c1e-5d4a-4b6f-9e7c-2a1d0f9b8c7e';

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
  it('holds the seven fields, trimmed, the empty honeypot and the idempotency key', () => {
    expect(contactBody(filled(), KEY)).toEqual({
      name: 'Marie Joseph',
      email: 'marie@exemple.fr',
      phone: '0696 12 34 56',
      company: 'Ti Panié',
      subject: 'Monétique',
      delai: '1 à 3 mois',
      message: 'Bonjour, nous souhaitons deux terminaux.',
      [HONEYPOT_FIELD]: '',
      idempotencyKey: KEY,
    });
  });
});

describe('sending a contact request', () => {
  it('posts JSON to /api/contact-only-email', async () => {
    const fetcher = vi.fn(async () => new Response(null, { status: 204 }));
    await sendContact(contactBody(filled(), KEY), fetcher);
    expect(fetcher).toHaveBeenCalledOnce();
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(CONTACT_ENDPOINT);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body)).company).toBe('Ti Panié');
  });

  it('counts any 2xx answer as a success, whatever its content, with the reference when the answer gives one', async () => {
    for (const status of [200, 201, 202, 204]) {
      expect(await sendContact(contactBody(filled(), KEY), async () => new Response(status === 204 ? null : 'ok', { status }))).toEqual({ ok: true, reference: '' });
    }
    const answer = Response.json({ success: true, id: 'x', reference: 'CT-2026-00117' });
    expect(await sendContact(contactBody(filled(), KEY), async () => answer)).toEqual({ ok: true, reference: 'CT-2026-00117' });
  });

  it('counts any other answer, or no answer, as a failure', async () => {
    for (const status of [400, 404, 429, 500, 503]) {
      expect(await sendContact(contactBody(filled(), KEY), async () => new Response('{}', { status }))).toEqual({ ok: false });
    }
    expect(await sendContact(contactBody(filled(), KEY), async () => Promise.reject(new TypeError('offline')))).toEqual({ ok: false });
  });
});

describe('the idempotency key of a submission', () => {
  it('is a UUID v4, a new one each time', () => {
    const keys = new Set(Array.from({ length: 100 }, newIdempotencyKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('stays the same for every retry of one form, and changes once the form changed or was sent', () => {
    const submission = new SubmissionKey();
    const first = submission.current();
    expect(submission.current()).toBe(first);
    submission.reset();
    expect(submission.current()).not.toBe(first);
  });
});
