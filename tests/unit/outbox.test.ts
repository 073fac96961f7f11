/**
 * Every e-mail reaches its reader. Against a real BlobsServer, with Postmark's API replaced by
 * a local HTTP server (tests/helpers/postmark.ts) and the outbox job run on a moved clock.
 */
import { describe, expect, it, vi } from 'vitest';
import { getStore } from '@netlify/blobs';
import { call, contactPayload, setTestEnv } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { storeNames } from '../../netlify/lib/storage/storage';
import { createRequest } from '../../netlify/lib/requests/requests';
import { enqueueMails, getMail, GIVE_UP_AFTER_MS, runOutbox } from '../../netlify/lib/mail/outbox';
import { buildAcknowledgement, buildNotification } from '../../netlify/lib/mail/mail';
import { allocateReference, formatReference, referenceYear } from '../../netlify/lib/requests/references';
import contact from '../../netlify/routes/request-forms/contact-only-email.ts';
import quote from '../../netlify/routes/request-forms/quote.ts';
import view from '../../netlify/routes/requests/contact-request.ts';
import resend from '../../netlify/routes/requests/contact-mail-resend.ts';
import health from '../../netlify/functions/health.mts';

const COMPANY_INBOX = 'commercial@vision-caraibes.fr';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const world = useApiTestEnvironment();

/** Spaces as French number formatting writes them (narrow and non-breaking) made plain, for reading. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
/** The e-mails Postmark accepted whose subject names this reference. */
const sentFor = (reference: string) => world.postmark.sent.filter((mail) => mail.body.Subject.includes(reference));
/** An address of its own for each request: at most 3 acknowledgements go to one address a day. */
const freshEmail = () => `client-${crypto.randomUUID().slice(0, 8)}@exemple.fr`;
const submit = async (overrides: Record<string, unknown> = {}) => {
  const response = await call(contact, '/api/contact-only-email', { body: contactPayload({ email: freshEmail(), ...overrides }) });
  expect(response.status).toBe(200);
  return response.body as { id: string; reference: string };
};
const mailsOf = async (id: string) => {
  const response = await call(view, `/api/contact/${id}`, { token: world.token, params: { id } });
  expect(response.status).toBe(200);
  return response.body as { data: { mail_status: string }; mails: Array<{ id: string; status: string; attempts: number; to: string }> };
};
const later = (ms: number) => new Date(Date.now() + ms);

describe('two e-mails for every request', () => {
  it('a contact request: the company is notified (Reply-To the visitor), the visitor gets an acknowledgement (Reply-To the company), both subjects carry the reference', async () => {
    const { id, reference } = await submit({ name: 'Accusé Réception', email: 'accuse@exemple.fr', message: 'Bonjour, <b>deux</b> terminaux & un tiroir.' });
    expect(reference).toMatch(/^CT-\d{4}-\d{5}$/);
    const [notification, acknowledgement] = [world.postmark.sentTo(COMPANY_INBOX).at(-1)!.body, world.postmark.sentTo('accuse@exemple.fr').at(-1)!.body];
    expect(sentFor(reference)).toHaveLength(2);

    expect(notification.ReplyTo).toBe('accuse@exemple.fr');
    expect(notification.Subject).toBe(`[${reference}] Nouvelle demande de contact\u00a0: Supérette du Bourg (Accusé Réception)`);
    expect(notification.TextBody).toContain(`/admin/contact?demande=${id}`);

    expect(acknowledgement.To).toBe('accuse@exemple.fr');
    expect(acknowledgement.ReplyTo).toBe(COMPANY_INBOX);
    expect(acknowledgement.Subject).toContain(reference);
    expect(acknowledgement.TextBody).toContain('Nous avons bien reçu votre demande');
    expect(acknowledgement.TextBody).toContain('sous 24 heures ouvrées');
    expect(acknowledgement.TextBody).toContain('Lun – Ven\u00a0: 8h – 17h');
    // The company's notification carries what was typed (escaped in HTML); the acknowledgement none of it.
    expect(notification.TextBody).toContain('Bonjour, <b>deux</b> terminaux & un tiroir.');
    expect(notification.HtmlBody).toContain('Bonjour, &lt;b&gt;deux&lt;/b&gt; terminaux &amp; un tiroir.');
    expect(notification.HtmlBody).not.toContain('<b>deux</b>');
    expect(acknowledgement.TextBody + acknowledgement.HtmlBody).not.toMatch(/deux|tiroir|Accusé Réception/);

    const { data, mails } = await mailsOf(id);
    expect(data.mail_status).toBe('envoye');
    expect(mails.map((mail) => [mail.id, mail.to, mail.status])).toEqual([
      ['entreprise', COMPANY_INBOX, 'envoye'],
      ['visiteur', 'accuse@exemple.fr', 'envoye'],
    ]);
  });

  it('a quote: both e-mails list the lines (code, reference, quantity, unit price HT, line total) and the totals of the delivery territory', async () => {
    const response = await call(quote, '/api/quote', {
      body: { name: 'Paul Édouard', company: 'Entrepôt du Moule', phone: '0590 11 22 33', email: 'paul@entrepot.example', clientCode: '', items: [{ id: 'zebra-zt411', quantity: 2 }], territory: 'guadeloupe', website: '' },
    });
    expect(response.status).toBe(200);
    const { reference } = response.body as { reference: string };
    expect(reference).toMatch(/^DV-\d{4}-\d{5}$/);
    const mails = sentFor(reference);
    expect(mails.map((mail) => mail.body.To).sort()).toEqual([COMPANY_INBOX, 'paul@entrepot.example']);
    for (const mail of mails) {
      const text = plain(mail.body.TextBody);
      expect(text).toContain('Imprimante industrielle Zebra ZT411 (code AR00008, réf. ZT41142-T0E0000Z) × 2 à 1 575,00 € HT = 3 150,00 € HT');
      expect(text).toContain('Sous-total HT : 3 150,00 €');
      expect(text).toContain('TVA 8,5 % (Guadeloupe) : 267,75 €');
      expect(text).toContain('Total TTC : 3 417,75 €');
      expect(text).toMatch(/Livraison offerte au-delà de 100,00 € HT/);
      expect(plain(mail.body.HtmlBody!)).toContain('3 417,75 €');
    }
  });

  it('a quote for Guyane states that VAT does not apply', async () => {
    const response = await call(quote, '/api/quote', {
      body: { name: 'Léa Cécile', company: 'Quincaillerie de Kourou', phone: '0594 11 22 33', email: 'lea@kourou.example', clientCode: '', items: [{ id: 'zebra-zt411', quantity: 1 }], territory: 'guyane', website: '' },
    });
    const acknowledgement = world.postmark.sentTo('lea@kourou.example').at(-1)!.body;
    expect(acknowledgement.Subject).toContain(response.body.reference);
    expect(acknowledgement.TextBody).toContain('TVA non applicable, art. 294 du CGI');
    expect(plain(acknowledgement.TextBody)).toContain('Total TTC : 1 575,00 €');
  });
});

describe('the outbox retries', () => {
  it('a send that fails twice, then succeeds, is sent exactly once', async () => {
    world.postmark.failNext(2, COMPANY_INBOX);
    const { id, reference } = await submit({ name: 'Deux Échecs' });
    expect((await getMail(id, 'entreprise'))).toMatchObject({ state: 'en_attente', attempts: 1 });
    expect((await mailsOf(id)).data.mail_status).toBe('en_attente');

    // Not due yet: the first retry waits a minute.
    await runOutbox({ now: later(30_000) });
    expect(await getMail(id, 'entreprise')).toMatchObject({ attempts: 1 });
    await runOutbox({ now: later(1.5 * MINUTE) });
    expect(await getMail(id, 'entreprise')).toMatchObject({ state: 'en_attente', attempts: 2 });
    await runOutbox({ now: later(7 * MINUTE) });
    expect(await getMail(id, 'entreprise')).toMatchObject({ state: 'envoye', attempts: 3 });
    await runOutbox({ now: later(3 * HOUR) });

    expect(sentFor(reference).filter((mail) => mail.body.To === COMPANY_INBOX)).toHaveLength(1);
    expect(sentFor(reference).filter((mail) => mail.body.To !== COMPANY_INBOX)).toHaveLength(1);
    expect((await mailsOf(id)).data.mail_status).toBe('envoye');
  });

  it('two runs of the job at the same time send a due e-mail once', async () => {
    world.postmark.failNext(1, COMPANY_INBOX);
    const { id, reference } = await submit({ name: 'Deux Tâches' });
    const now = later(2 * MINUTE);
    await Promise.all([runOutbox({ now }), runOutbox({ now }), runOutbox({ now })]);
    expect(await getMail(id, 'entreprise')).toMatchObject({ state: 'envoye', attempts: 2 });
    expect(sentFor(reference).filter((mail) => mail.body.To === COMPANY_INBOX)).toHaveLength(1);
  });

  it('an e-mail left pending by a function that stopped before sending is sent by the job', async () => {
    // What a function stopped right after storing the request and writing its outbox entries leaves.
    const reference = await allocateReference('contact');
    const { request } = await createRequest({ kind: 'contact', ...contactPayload({ name: 'Fonction Arrêtée' }), reference });
    await enqueueMails(request.id, [
      { id: 'entreprise', mail: buildNotification(request), tracksRequest: true },
      { id: 'visiteur', mail: buildAcknowledgement(request) },
    ]);
    expect(await getMail(request.id, 'entreprise')).toMatchObject({ state: 'en_attente', attempts: 0 });

    // The submitting function may still be sending during its grace period: the job leaves it alone.
    await runOutbox({ now: later(MINUTE) });
    expect(sentFor(reference)).toHaveLength(0);
    await runOutbox({ now: later(3 * MINUTE) });
    expect(sentFor(reference)).toHaveLength(2);
    expect((await mailsOf(request.id)).data.mail_status).toBe('envoye');
  });

  it('after 24 hours of failures the e-mail is failed for good; « Renvoyer » sends it', async () => {
    world.postmark.failing = true;
    const { id, reference } = await submit({ name: 'Panne Longue' });
    for (const at of [2 * MINUTE, 10 * MINUTE, 45 * MINUTE, 3 * HOUR, 16 * HOUR, 23 * HOUR]) {
      await runOutbox({ now: later(at) });
      expect(await getMail(id, 'entreprise')).toMatchObject({ state: 'en_attente' });
    }
    await runOutbox({ now: later(GIVE_UP_AFTER_MS + MINUTE) });
    const failed = await getMail(id, 'entreprise');
    expect(failed).toMatchObject({ state: 'echec' });
    expect(failed!.attempts).toBeGreaterThanOrEqual(6);
    // Failed for good: later runs leave it alone.
    await runOutbox({ now: later(2 * GIVE_UP_AFTER_MS) });
    expect((await getMail(id, 'entreprise'))!.attempts).toBe(failed!.attempts);

    const shown = await mailsOf(id);
    expect(shown.data.mail_status).toBe('echec');
    expect(shown.mails.find((mail) => mail.id === 'entreprise')).toMatchObject({ status: 'echec', attempts: failed!.attempts });

    world.postmark.failing = false;
    const path = `/api/contact/${id}/mails/entreprise/resend`;
    expect((await call(resend, path, { method: 'POST', params: { id, mailId: 'entreprise' } })).status).toBe(401);
    const resent = await call(resend, path, { method: 'POST', token: world.token, params: { id, mailId: 'entreprise' } });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ success: true, mail: { id: 'entreprise', status: 'envoye', attempts: 1 } });
    expect(sentFor(reference).filter((mail) => mail.body.To === COMPANY_INBOX)).toHaveLength(1);
    expect((await mailsOf(id)).data.mail_status).toBe('envoye');

    const unknown = await call(resend, `/api/contact/${id}/mails/autre/resend`, { method: 'POST', token: world.token, params: { id, mailId: 'autre' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, error: 'E-mail introuvable.' });
  });
});

describe('no duplicates', () => {
  const KEY = '6b0f6f0e-2f7c-4a51-8d0a-3c9c2f1e7a42';

  it('the same idempotency key twice stores one request and answers its id and reference', async () => {
    const requests = () => getStore({ name: storeNames.requests, consistency: 'strong' }).list();
    const before = (await requests()).blobs.length;
    const body = contactPayload({ name: 'Double Envoi', email: freshEmail(), idempotencyKey: KEY });
    const first = await call(contact, '/api/contact-only-email', { body });
    const again = await call(contact, '/api/contact-only-email', { body });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await requests()).blobs.length).toBe(before + 1);
    expect(sentFor(first.body.reference)).toHaveLength(2);
  });

  it('the same key sent three times at once still stores one request', async () => {
    const key = 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f';
    const body = contactPayload({ name: 'Triple Envoi', email: freshEmail(), idempotencyKey: key });
    const answers = await Promise.all([1, 2, 3].map(() => call(contact, '/api/contact-only-email', { body })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(sentFor(answers[0]!.body.reference)).toHaveLength(2);
  });

  it('a key that is not a UUID is refused with a French 400, and nothing is stored', async () => {
    const response = await call(contact, '/api/contact-only-email', { body: contactPayload({ idempotencyKey: 'pas-une-clé' }) });
    expect(response.status).toBe(400);
    expect(response.body.fields.idempotencyKey).toMatch(/clé d’envoi du formulaire est invalide/);
  });
});

describe('references', () => {
  it('are numbered per kind and year in the company’s time zone (31 December, 22:00 in Martinique is still that year)', () => {
    expect(formatReference('devis', 2026, 42)).toBe('DV-2026-00042');
    expect(formatReference('contact', 2026, 117)).toBe('CT-2026-00117');
    expect(referenceYear(new Date('2027-01-01T02:00:00Z'))).toBe(2026);
    expect(referenceYear(new Date('2027-01-01T04:00:00Z'))).toBe(2027);
  });

  it('stay unique when several function instances take numbers from one counter at once', async () => {
    // Fresh module graphs: each instance has its own in-process queues (references and storage), as
    // separate function instances would, so they meet only through the conditional writes on the counter.
    const instances: Array<typeof import('../../netlify/lib/requests/references')> = [];
    for (let n = 0; n < 5; n += 1) {
      vi.resetModules();
      instances.push(await import('../../netlify/lib/requests/references'));
    }
    expect(new Set(instances).size).toBe(5);
    const references = await Promise.all(instances.flatMap((instance) => Array.from({ length: 40 }, () => instance.allocateReference('devis', new Date('2031-06-01T12:00:00Z')))));
    expect(new Set(references).size).toBe(200);
    expect(references.every((reference) => reference.startsWith('DV-2031-'))).toBe(true);
    const numbers = references.map((reference) => Number(reference.slice(-5))).sort((a, b) => a - b);
    expect(numbers[0]).toBe(1);
    expect(numbers.at(-1)).toBe(200);
  }, 60_000);
});

describe('configuration is visible', () => {
  it('on Netlify without a Postmark token: world.token, /api/health says the mail is not configured and names what is missing, never a value', async () => {
    setTestEnv();
    process.env.SITE_ID = 'site-de-production';
    try {
      const response = await call(health, '/api/health');
      expect(response.body.mail).toEqual({ configured: false, transport: 'aucun', missing: ['POSTMARK_SERVER_TOKEN'] });
      // The request is still stored; its e-mails wait in the outbox until the token is set.
      const { id } = await submit({ name: 'Sans Jeton' });
      expect(await getMail(id, 'entreprise')).toMatchObject({ state: 'en_attente', attempts: 0 });
      expect((await runOutbox({ now: later(HOUR) })).transport).toBe('aucun');
      expect(await getMail(id, 'entreprise')).toMatchObject({ state: 'en_attente', attempts: 0 });
    } finally {
      delete process.env.SITE_ID;
    }
  });

  it('locally without a token: world.token, e-mails go to the local outbox, and health says so', async () => {
    setTestEnv();
    expect((await call(health, '/api/health')).body.mail).toEqual({ configured: true, transport: 'boite_locale', missing: [] });
  });
});
