/**
 * Forms that cannot be turned against the company or left half-done. Against a real BlobsServer, with
 * Postmark's API replaced by a local HTTP server: the acknowledgement is no relay (nothing typed, caps per
 * recipient and per sender), an idempotency key protects one content on one endpoint, and a submission
 * stopped at any step is completed by the repair pass without ever storing a request twice.
 */
import { describe, expect, it } from 'vitest';
import { getStore } from '@netlify/blobs';
import { call, contactPayload } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { ACKNOWLEDGEMENT_CAPS, SKIP_REASONS, senderOf } from '../../netlify/lib/requests/acknowledgement-caps';
import { bindIdempotencyKey, fingerprintOf, requestIdOfKey } from '../../netlify/lib/storage/idempotency';
import { NOT_YOU_SENTENCE } from '../../netlify/lib/mail/mail';
import { getMail, runOutbox } from '../../netlify/lib/mail/outbox';
import { listRequests } from '../../netlify/lib/requests/requests';
import { readEntries, readSearchTexts } from '../../netlify/lib/requests/request-index';
import { storeNames } from '../../netlify/lib/storage/storage';
import { ORPHAN_AFTER_MS, repairSubmissions, submitRequest } from '../../netlify/lib/requests/submit';
import { frenchTypography } from '../../src/lib/typography';
import contact from '../../netlify/routes/request-forms/contact-only-email.ts';
import quote from '../../netlify/routes/request-forms/quote.ts';
import view from '../../netlify/routes/requests/contact-request.ts';

const COMPANY_INBOX = 'commercial@vision-caraibes.fr';
const world = useApiTestEnvironment();

const freshEmail = (label = 'client') => `${label}-${crypto.randomUUID().slice(0, 8)}@exemple.fr`;
const store = (name: string) => getStore({ name, consistency: 'strong' });
const sentFor = (reference: string) => world.postmark.sent.filter((mail) => mail.body.Subject.includes(reference));
const mailsOf = async (id: string) => {
  const response = await call(view, `/api/contact/${id}`, { token: world.token, params: { id } });
  expect(response.status).toBe(200);
  return response.body.mails as Array<{ id: string; to: string; status: string; skipReason?: string }>;
};
const requestCount = async () => (await store(storeNames.requests).list()).blobs.length;

/** What a visitor could type to turn the acknowledgement into a message of theirs: links and markup in every field. */
const HOSTILE = {
  name: 'Gagnant https://gain.example/lot <a href="https://gain.example">ici</a>',
  company: 'Banque <b>Urgent</b> www.banque-faux.example',
  // A phone field holds a phone number only (a link there is refused), so its number is the one part typed.
  phone: '+33 6 00 11 22 33',
  message: 'Votre compte est bloqué : connectez-vous sur https://hameçon.example/connexion <img src=x onerror=alert(1)>',
};
/** Whether an e-mail carries any of the hostile texts (or a recognisable part of them). */
const carriesTyped = (text: string) => /gain\.example|Gagnant|banque-faux|Urgent|00 11 22 33|hameçon|bloqué|onerror|<img|&lt;img/.test(text);

describe('the acknowledgement is not a relay', () => {
  it('a contact: the acknowledgement carries none of the typed name, company, phone or message; the company’s notification carries them all', async () => {
    const email = freshEmail('relais');
    const response = await call(contact, '/api/contact-only-email', { body: contactPayload({ ...HOSTILE, email }) });
    expect(response.status).toBe(200);
    const [acknowledgement] = world.postmark.sentTo(email);
    const notification = sentFor(response.body.reference).find((mail) => mail.body.To === COMPANY_INBOX)!;
    expect(acknowledgement).toBeDefined();
    const { Subject, TextBody, HtmlBody } = acknowledgement!.body;
    expect(carriesTyped(`${Subject}\n${TextBody}\n${HtmlBody}`)).toBe(false);
    expect(TextBody).toMatch(/^Bonjour,$/m);
    expect(TextBody).toContain(response.body.reference);
    expect(TextBody).toContain('Un conseiller vous recontacte sous 24 heures ouvrées.');
    expect(TextBody).toContain('contact@vision-caraibes.fr');
    expect(TextBody).toContain(NOT_YOU_SENTENCE);
    expect(HtmlBody).toContain('Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.');

    // Everything typed, in French typography (a no-break space before « : »).
    expect(notification.body.TextBody).toContain(frenchTypography(HOSTILE.message));
    expect(notification.body.TextBody).toContain(HOSTILE.phone);
    expect(notification.body.HtmlBody).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('a quote: the acknowledgement lists the lines and totals as the catalogue prices them, and nothing typed', async () => {
    const email = freshEmail('devis');
    const response = await call(quote, '/api/quote', {
      body: { name: HOSTILE.name, company: HOSTILE.company, phone: HOSTILE.phone, email, clientCode: 'https://code.example', message: HOSTILE.message, items: [{ id: 'zebra-zt411', quantity: 2 }], territory: 'martinique', website: '' },
    });
    expect(response.status).toBe(200);
    const { Subject, TextBody, HtmlBody } = world.postmark.sentTo(email)[0]!.body;
    expect(carriesTyped(`${Subject}\n${TextBody}\n${HtmlBody}`)).toBe(false);
    expect(TextBody).not.toContain('code.example');
    expect(TextBody.replace(/[\u202f\u00a0]/g, ' ')).toContain('Imprimante industrielle Zebra ZT411 (code AR00008, réf. ZT41142-T0E0000Z) × 2 à 1 575,00 € HT = 3 150,00 € HT');
    expect(TextBody).toContain('Total TTC');
    expect(TextBody).toContain(NOT_YOU_SENTENCE);
  });
});

describe('acknowledgements are capped', () => {
  it(`the ${ACKNOWLEDGEMENT_CAPS.perRecipient + 1}th acknowledgement to one address in 24 hours is not sent; the request is stored, the company notified, the admin says why`, async () => {
    const email = freshEmail('cible');
    const answers = [];
    for (let index = 0; index <= ACKNOWLEDGEMENT_CAPS.perRecipient; index += 1) {
      answers.push(await call(contact, '/api/contact-only-email', { body: contactPayload({ email, name: `Envoi ${index}` }) }));
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(world.postmark.sentTo(email)).toHaveLength(ACKNOWLEDGEMENT_CAPS.perRecipient);

    const last = answers.at(-1)!.body as { id: string; reference: string };
    expect(sentFor(last.reference).map((mail) => mail.body.To)).toEqual([COMPANY_INBOX]);
    expect((await listRequests({ q: last.reference })).data.map((request) => request.id)).toEqual([last.id]);
    const mails = await mailsOf(last.id);
    expect(mails.map((mail) => [mail.id, mail.status])).toEqual([
      ['entreprise', 'envoye'],
      ['visiteur', 'non_envoye'],
    ]);
    expect(mails[1]!.skipReason).toBe('Accusé de réception non envoyé : plus de 3 accusés à cette adresse en 24 h.');
    // The job never sends it later.
    await runOutbox({ now: new Date(Date.now() + 3_600_000) });
    expect(world.postmark.sentTo(email)).toHaveLength(ACKNOWLEDGEMENT_CAPS.perRecipient);
  });

  it(`past ${ACKNOWLEDGEMENT_CAPS.perSender} requests from one sender address (an IPv6 /64) in 24 hours, acknowledgements stop; every request is stored and notified`, async () => {
    const ip = (index: number) => `2001:db8:7:1:${index.toString(16)}::1`;
    const references: string[] = [];
    for (let index = 0; index <= ACKNOWLEDGEMENT_CAPS.perSender; index += 1) {
      const response = await call(contact, '/api/contact-only-email', { body: contactPayload({ email: freshEmail('ip') }), ip: ip(index) });
      expect(response.status).toBe(200);
      references.push(response.body.reference);
    }
    const acknowledged = references.filter((reference) => sentFor(reference).some((mail) => mail.body.To !== COMPANY_INBOX));
    expect(acknowledged).toEqual(references.slice(0, ACKNOWLEDGEMENT_CAPS.perSender));
    expect(references.every((reference) => sentFor(reference).some((mail) => mail.body.To === COMPANY_INBOX))).toBe(true);
    const lastId = (await listRequests({ q: references.at(-1)! })).data[0]!.id;
    expect((await mailsOf(lastId))[1]!.skipReason).toBe(SKIP_REASONS.sender);
    // Another network is another sender.
    const other = await call(contact, '/api/contact-only-email', { body: contactPayload({ email: freshEmail('ip') }), ip: '2001:db8:7:2::1' });
    expect(sentFor(other.body.reference)).toHaveLength(2);
  });

  it('a sender is an IPv4 address, or an IPv6 address by its /64', () => {
    expect(senderOf('203.0.113.7')).toBe('203.0.113.7');
    expect(senderOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(senderOf('2001:db8:7:1::1')).toBe(senderOf('2001:0db8:0007:0001:ffff:1:2:3'));
    expect(senderOf('2001:db8:7:1::1')).not.toBe(senderOf('2001:db8:7:2::1'));
    expect(senderOf(undefined)).toBe('');
  });
});

describe('an idempotency key protects one content on one endpoint', () => {
  it('the same key with another body: 422 in French, nothing stored, nothing of the first request revealed', async () => {
    const idempotencyKey = crypto.randomUUID();
    const first = await call(contact, '/api/contact-only-email', { body: contactPayload({ email: freshEmail(), idempotencyKey }) });
    expect(first.status).toBe(200);
    const before = await requestCount();
    const other = await call(contact, '/api/contact-only-email', { body: contactPayload({ name: 'Quelqu’un d’autre', email: freshEmail('autre'), message: 'Une autre demande.', idempotencyKey }) });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ success: false, error: 'Cette demande porte la clé d’envoi d’une autre demande. Rechargez la page, puis envoyez à nouveau votre demande.' });
    expect(JSON.stringify(other.body)).not.toContain(first.body.id);
    expect(JSON.stringify(other.body)).not.toContain(first.body.reference);
    expect(await requestCount()).toBe(before);
  });

  it('the same key on the other form: 422, nothing stored', async () => {
    const idempotencyKey = crypto.randomUUID();
    const first = await call(contact, '/api/contact-only-email', { body: contactPayload({ email: freshEmail(), idempotencyKey }) });
    expect(first.status).toBe(200);
    const before = await requestCount();
    const onQuote = await call(quote, '/api/quote', {
      body: { name: 'Paul', company: 'Entrepôt', phone: '0590 11 22 33', email: freshEmail(), clientCode: '', items: [{ id: 'zebra-zt411', quantity: 1 }], territory: 'guadeloupe', website: '', idempotencyKey },
    });
    expect(onQuote.status).toBe(422);
    expect(onQuote.body.error).toBe('Cette demande porte la clé d’envoi d’un autre formulaire. Rechargez la page, puis envoyez à nouveau votre demande.');
    expect(JSON.stringify(onQuote.body)).not.toContain(first.body.reference);
    expect(await requestCount()).toBe(before);
  });

  it('a retry that differs only by spaces around the fields is the same content', async () => {
    const idempotencyKey = crypto.randomUUID();
    const body = contactPayload({ email: freshEmail(), idempotencyKey });
    const first = await call(contact, '/api/contact-only-email', { body });
    const again = await call(contact, '/api/contact-only-email', { body: { ...body, name: `  ${body.name} `, unknownField: 'ignoré' } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });
});

describe('a submission stopped at any step is completed by the repair pass, never stored twice', () => {
  const contactRequest = (email: string) => ({ kind: 'contact' as const, ...contactPayload({ email, name: 'Interrompu' }), website: undefined });
  const fingerprint = (email: string) => fingerprintOf('contact-only-email', { email });

  it('stopped after storing the request (before indexing it and queueing its e-mails): the repair pass lists it, makes it searchable, queues and sends its e-mails; a retry with its key answers it', async () => {
    const email = freshEmail('arret');
    const idempotencyKey = crypto.randomUUID();
    const { website: _website, ...input } = contactRequest(email);
    // The function answers, then dies before its after-answer work: `complete` is never run.
    const stopped = await submitRequest(input, { endpoint: 'contact-only-email', fingerprint: fingerprint(email), idempotencyKey, ip: '198.51.100.9' });
    expect((await readEntries()).map((entry) => entry.id)).not.toContain(stopped.id);
    expect(await getMail(stopped.id, 'entreprise')).toBeUndefined();

    const repair = await repairSubmissions();
    expect(repair.completed).toBeGreaterThanOrEqual(1);
    const listed = await listRequests({ q: email });
    expect(listed.data.map((request) => request.id)).toEqual([stopped.id]);
    expect((await readSearchTexts()).get(stopped.id)).toContain(email);
    expect((await store(storeNames.intents).list()).blobs.map((blob) => blob.key)).not.toContain(stopped.id);
    await runOutbox();
    expect(sentFor(stopped.reference).map((mail) => mail.body.To).sort()).toEqual([COMPANY_INBOX, email].sort());

    const before = await requestCount();
    const retry = await submitRequest(input, { endpoint: 'contact-only-email', fingerprint: fingerprint(email), idempotencyKey });
    expect(retry).toMatchObject({ id: stopped.id, reference: stopped.reference, replayed: true });
    await retry.complete();
    expect(await requestCount()).toBe(before);
    expect(sentFor(stopped.reference)).toHaveLength(2);
  });

  it('stopped before storing the request: a retry with the key stores it once under the id the key was bound to; an intent never completed goes after a few minutes, with its key', async () => {
    const email = freshEmail('avant');
    const idempotencyKey = crypto.randomUUID();
    const requestId = crypto.randomUUID();
    // What a function leaves when killed between binding the key and storing the request.
    await bindIdempotencyKey(idempotencyKey, { endpoint: 'contact-only-email', fingerprint: fingerprint(email), requestId });
    await store(storeNames.intents).setJSON(requestId, { requestId, endpoint: 'contact-only-email', createdAt: new Date().toISOString(), idempotencyKey, sender: '' });
    expect((await repairSubmissions()).waiting).toBeGreaterThanOrEqual(1);

    const { website: _website, ...input } = contactRequest(email);
    const retry = await submitRequest(input, { endpoint: 'contact-only-email', fingerprint: fingerprint(email), idempotencyKey });
    expect(retry.id).toBe(requestId);
    await retry.complete();
    expect((await listRequests({ q: email })).data.map((request) => request.id)).toEqual([requestId]);

    // Another one the visitor never retried: dropped by the repair pass once no function can still be running.
    const abandonedKey = crypto.randomUUID();
    const abandonedId = crypto.randomUUID();
    await bindIdempotencyKey(abandonedKey, { endpoint: 'contact-only-email', fingerprint: fingerprint('x'), requestId: abandonedId });
    await store(storeNames.intents).setJSON(abandonedId, { requestId: abandonedId, endpoint: 'contact-only-email', createdAt: new Date().toISOString(), idempotencyKey: abandonedKey, sender: '' });
    await repairSubmissions({ now: new Date(Date.now() + ORPHAN_AFTER_MS + 1000) });
    expect(await store(storeNames.intents).get(abandonedId)).toBeNull();
    expect(await requestIdOfKey(abandonedKey)).toBeUndefined();
  });
});

describe('a lighter answer path', () => {
  it('one contact submission: the visitor is answered after a handful of Blobs operations; indexing and e-mails follow the answer', async () => {
    const body = contactPayload({ email: freshEmail('ops'), idempotencyKey: crypto.randomUUID() });
    const request = new Request('http://localhost/api/contact-only-email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const after: Promise<unknown>[] = [];
    const start = world.blobOperations.length;
    const response = await contact(request, { ip: '198.51.100.77', waitUntil: (promise: Promise<unknown>) => void after.push(promise) } as never);
    const answered = world.blobOperations.length - start;
    expect(response.status).toBe(200);
    await Promise.all(after);
    const total = world.blobOperations.length - start;
    console.log(`Blobs operations of one contact submission: ${answered} before the answer, ${total} in all`);
    expect(answered).toBeLessThanOrEqual(8);
    expect(after).toHaveLength(1);
  });
});

describe('deleting a request erases its e-mails through the outbox', () => {
  it('no entry or due marker is left', async () => {
    const response = await call(contact, '/api/contact-only-email', { body: contactPayload({ email: freshEmail() }) });
    const { id } = response.body as { id: string };
    expect((await call(view, `/api/contact/${id}`, { method: 'DELETE', token: world.token, params: { id } })).status).toBe(200);
    expect((await store(storeNames.outbox).list({ prefix: `${id}/` })).blobs).toEqual([]);
    expect((await store(storeNames.outboxDue).list({ prefix: `${id}/` })).blobs).toEqual([]);
  });
});
