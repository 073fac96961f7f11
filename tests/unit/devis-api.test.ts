/**
 * The devis of a quote request, through its functions, over a real BlobsServer and the local Postmark
 * stand-in: draft, send, revise, the customer's answer, expiry, and links that must open nothing.
 */
import { createHash } from 'node:crypto';
import { getStore } from '@netlify/blobs';
import { SignJWT } from 'jose';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterEach, describe, expect, it, vi } from 'vitest';
import devisAdmin from '../../netlify/routes/devis/devis-admin.ts';
import devisAdminAction from '../../netlify/routes/devis/devis-admin-action.ts';
import devisAdminPdf from '../../netlify/routes/devis/devis-admin-pdf.ts';
import devisProduct from '../../netlify/routes/devis/devis-product.ts';
import devisPublic from '../../netlify/functions/devis-public.mts';
import devisSend from '../../netlify/routes/devis/devis-send.ts';
import contactList from '../../netlify/routes/requests/contact-list.ts';
import contactRequest from '../../netlify/routes/requests/contact-request.ts';
import quote from '../../netlify/routes/request-forms/quote.ts';
import { expireDevis, getDevis } from '../../netlify/lib/devis/devis-records.ts';
import { cartTotals } from '../../src/features/cart/totals';
import { devisTotals, type DevisDraft } from '../../src/features/devis/devis';
import { formatCents } from '../../src/lib/price';
import type { TerritoryId } from '../../src/lib/territories';
import { TEST_SECRET, TEST_SITE, call } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { product } from '../helpers/catalogue';

const env = useApiTestEnvironment();

const ITEMS = [
  { id: 'zebra-zt411', quantity: 2 },
  { id: 'ruban-resine-5095-110x74', quantity: 3 },
];

/** A quote request stored by POST /api/quote, for a customer address of its own. */
async function quoteRequest(territory: TerritoryId = 'martinique', email = `client-${crypto.randomUUID().slice(0, 8)}@exemple.fr`) {
  const response = await call(quote, '/api/quote', {
    body: { name: 'Paul Édouard', company: 'Entrepôt Caraïbes Logistique', phone: '0590 11 22 33', email, clientCode: 'C-1042', subject: '', message: '', items: ITEMS, territory, website: '' },
  });
  expect(response.status).toBe(200);
  return { id: response.body.id as string, reference: response.body.reference as string, email };
}

const params = (id: string, extra: Record<string, string> = {}) => ({ params: { id, ...extra }, token: env.token });
const getView = async (id: string) => {
  const response = await call(devisAdmin, `/api/contact/${id}/devis`, params(id));
  if (response.status !== 200) throw new Error(`GET devis: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
};
const getDraft = async (id: string): Promise<DevisDraft> => (await getView(id)).draft;
const send = (id: string, draft: DevisDraft) => call(devisSend, `/api/contact/${id}/devis/envoi`, { ...params(id), body: { draft } });
const tokenOf = (link: string) => link.split('/devis/')[1]!;
const open = (token: string) => call(devisPublic, `/api/devis/${token}`, { params: { token } });
const answer = (token: string, body: unknown) => call(devisPublic, `/api/devis/${token}/reponse`, { params: { token }, body });
const accept = { decision: 'accepte', name: 'Paul Édouard', role: 'Gérant', bonPourAccord: true };
const acceptFrom = (token: string, ip: string) => call(devisPublic, `/api/devis/${token}/reponse`, { params: { token }, body: accept, ip });
const publicPdf = async (token: string) => {
  const response = await devisPublic(new Request(`http://localhost/api/devis/${token}/pdf`), { params: { token } } as never);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
};
const adminPdf = async (id: string, version = 1) => {
  const response = await devisAdminPdf(new Request(`http://localhost/api/contact/${id}/devis/${version}/pdf`, { headers: { authorization: `Bearer ${env.token}` } }), { params: { id, version: String(version) } } as never);
  return Buffer.from(await response.arrayBuffer());
};
const pdfText = async (bytes: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text.replace(/[\s\u00a0\u202f]+/g, ' ');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const action = (id: string, version: number, what: 'revocation' | 'annulation', body?: unknown) =>
  call(devisAdminAction, `/api/contact/${id}/devis/${version}/${what}`, { ...params(id, { version: String(version) }), method: 'POST', body: body ?? {} });
/** The devis e-mails a customer got (not the quote's acknowledgement). */
const devisMails = (email: string) => env.postmark.sentTo(email).filter((mail) => mail.body.Subject.startsWith('Devis'));
const keptKeys = async (requestId: string) => (await getStore({ name: 'devis-documents', consistency: 'strong' }).list({ prefix: `${requestId}/` })).blobs.map((blob) => blob.key);

/** A prepared devis, sent: its request, the link's token and the draft. */
async function sentDevis(territory: TerritoryId = 'martinique') {
  const request = await quoteRequest(territory);
  const draft = (await getDraft(request.id)) as DevisDraft;
  const sent = await send(request.id, draft);
  expect(sent.status).toBe(200);
  return { request, draft, token: tokenOf(sent.body.link as string), number: sent.body.number as string };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('preparing a devis', () => {
  it('starts from the requested lines at catalogue prices, the request’s territory, 30 days and the default conditions', async () => {
    const request = await quoteRequest('guadeloupe');
    const draft = (await getDraft(request.id)) as DevisDraft;
    expect(draft.lines).toEqual([
      { reference: product('zebra-zt411').reference, designation: product('zebra-zt411').name, quantity: 2, unitPriceHTCents: Math.round(product('zebra-zt411').priceHT * 100), discountBasisPoints: 0 },
      { reference: product('ruban-resine-5095-110x74').reference, designation: product('ruban-resine-5095-110x74').name, quantity: 3, unitPriceHTCents: Math.round(product('ruban-resine-5095-110x74').priceHT * 100), discountBasisPoints: 0 },
    ]);
    expect(draft.territory).toBe('guadeloupe');
    expect(draft.validityDays).toBe(30);
    expect(draft.paymentTerms).toMatch(/Acompte/);
  });

  it.each(['martinique', 'guadeloupe', 'guyane'] as const)('totals equal the cart’s for the same products in %s', async (territory) => {
    const request = await quoteRequest(territory);
    const draft = (await getDraft(request.id)) as DevisDraft;
    const cart = ITEMS.map(({ id, quantity }) => ({ ...product(id), quantity }));
    expect(devisTotals(draft)).toEqual(cartTotals(cart as never, territory));
  });

  it('saves a draft; a wrong quantity, price or discount is refused in French and nothing is saved', async () => {
    const request = await quoteRequest();
    const draft = (await getDraft(request.id)) as DevisDraft;
    const changed = { ...draft, lines: draft.lines.map((line, index) => (index === 0 ? { ...line, unitPriceHTCents: 123_400, discountBasisPoints: 1_000 } : line)) };
    const saved = await call(devisAdmin, `/api/contact/${request.id}/devis`, { ...params(request.id), method: 'PUT', body: { draft: changed } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.draft.lines[0]).toMatchObject({ unitPriceHTCents: 123_400, discountBasisPoints: 1_000 });

    const wrong = { ...changed, lines: [{ ...changed.lines[0]!, quantity: 0, discountBasisPoints: 12_000 }] };
    const refused = await call(devisAdmin, `/api/contact/${request.id}/devis`, { ...params(request.id), method: 'PUT', body: { draft: wrong } });
    expect(refused.status).toBe(400);
    expect(refused.body.fields['lines.0.quantity']).toBe('Quantité\u00a0: entre 1 et 99\u202f999.');
    expect(refused.body.fields['lines.0.discountBasisPoints']).toBe('Remise\u00a0: de 0 à 100\u00a0%.');
    expect((await getDraft(request.id)).lines[0]).toMatchObject({ unitPriceHTCents: 123_400, quantity: 2 });
  });

  it('needs the administrator’s token', async () => {
    const request = await quoteRequest();
    expect((await call(devisAdmin, `/api/contact/${request.id}/devis`, { params: { id: request.id } })).status).toBe(401);
    expect((await call(devisSend, `/api/contact/${request.id}/devis/envoi`, { params: { id: request.id }, body: {} })).status).toBe(401);
  });

  it('finds a catalogue product by reference for a new line', async () => {
    const reference = product('zebra-zt411').reference;
    const found = await call(devisProduct, `/api/admin/produits/${reference}`, { params: { reference: reference.toLowerCase() }, token: env.token });
    expect(found.body.data).toEqual({ reference, designation: product('zebra-zt411').name, unitPriceHTCents: Math.round(product('zebra-zt411').priceHT * 100) });
    const missing = await call(devisProduct, '/api/admin/produits/XYZ', { params: { reference: 'XYZ' }, token: env.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Aucun produit du catalogue n’a cette référence.');
  });
});

describe('sending a devis', () => {
  it('numbers it with the request’s reference and e-mails the customer the PDF and the personal link', async () => {
    const { request, token, number } = await sentDevis();
    expect(number).toBe(request.reference);
    const [mail] = env.postmark.sentTo(request.email).filter((sent) => sent.body.Subject.startsWith('Devis'));
    const body = mail!.body as NonNullable<typeof mail>['body'] & { Attachments: { Name: string; ContentType: string; Content: string }[] };
    expect(body.Subject).toBe(`Devis ${request.reference} – Vision Caraïbes`);
    expect(body.TextBody).toContain(`/devis/${token}`);
    expect(body.Attachments).toEqual([expect.objectContaining({ Name: `Devis-${request.reference}.pdf`, ContentType: 'application/pdf' })]);
    expect(Buffer.from(body.Attachments[0]!.Content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const record = await getDevis(request.id);
    expect(record?.events.at(-1)?.text).toMatch(new RegExp(`^Devis ${request.reference} envoyé à ${request.email}`));
  });

  it('the PDF carries the reference, each line, the VAT line and the total TTC', async () => {
    const { request, draft } = await sentDevis('martinique');
    const response = await devisAdminPdf(
      new Request(`http://localhost/api/contact/${request.id}/devis/1/pdf`, { headers: { authorization: `Bearer ${env.token}` } }),
      { params: { id: request.id, version: '1' } } as never,
    );
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
    const { text } = await extractText(pdf, { mergePages: true });
    const flat = (value: string) => value.replace(/[\s\u00a0\u202f]+/g, ' ');
    const content = flat(text);
    const totals = devisTotals(draft);
    expect(content).toContain(`N° ${request.reference}`);
    for (const line of draft.lines) {
      expect(content).toContain(line.designation);
      expect(content).toContain(line.reference);
    }
    expect(content).toContain(`TVA 8,5 % (Martinique) ${flat(formatCents(totals.vatCents))}`);
    expect(content).toContain(`Total TTC ${flat(formatCents(totals.totalTTCCents))}`);
    expect(content).toContain('Bon pour accord');
    expect(content).toContain('Page 1 / 1');
  });

  it('a revision is numbered -2 and the first version’s link no longer opens', async () => {
    const { request, draft, token: first } = await sentDevis();
    const revised = await send(request.id, { ...draft, shippingHTCents: 0 });
    expect(revised.body.number).toBe(`${request.reference}-2`);
    const old = await open(first);
    expect(old.status).toBe(410);
    expect(old.body).toMatchObject({ reason: 'remplace', error: expect.stringMatching(/remplacé par une version plus récente/) });
    expect((await answer(first, accept)).status).toBe(410);
    const current = await open(tokenOf(revised.body.link));
    expect(current.body.data).toMatchObject({ number: `${request.reference}-2`, state: 'envoye' });
    expect(revised.body.data.versions.map((version: { state: string }) => version.state)).toEqual(['remplace', 'envoye']);
  });
});

describe('the customer’s answer', () => {
  it('accepts with name, role and « Bon pour accord »: recorded once, both sides e-mailed', async () => {
    const { request, token } = await sentDevis();
    const missingBox = await answer(token, { ...accept, bonPourAccord: false });
    expect(missingBox.status).toBe(400);
    expect(missingBox.body.fields.bonPourAccord).toBe('Cochez «\u00a0Bon pour accord\u00a0» pour accepter le devis.');

    const accepted = await answer(token, accept);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.answer.text).toMatch(/^Devis accepté le .* par Paul Édouard \(Gérant\), « Bon pour accord »\.$/);
    expect(env.postmark.sentTo(request.email).map((mail) => mail.body.Subject)).toContain(`Devis ${request.reference} accepté – Vision Caraïbes`);
    expect(env.postmark.sentTo('commercial@vision-caraibes.fr').map((mail) => mail.body.Subject)).toContain(`[${request.reference}] Devis accepté par Entrepôt Caraïbes Logistique`);

    const again = await answer(token, { decision: 'refuse', reason: 'Changement d’avis' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Vous avez déjà répondu à ce devis.');
    const record = await getDevis(request.id);
    expect(record?.versions[0]).toMatchObject({ state: 'accepte', answer: { decision: 'accepte', name: 'Paul Édouard', role: 'Gérant' } });
    // The page still shows the devis, with the answer.
    expect((await open(token)).body.data.answer.decision).toBe('accepte');
  });

  it('a newline, U+2028 or U+200B in the signer’s name (or role) is a 400 naming the character; nothing is recorded nor e-mailed', async () => {
    const { request, token } = await sentDevis();
    const mailsBefore = env.postmark.sentTo(request.email).length;
    const forged = [
      [{ name: 'Paul Édouard\nVoir la demande : https://evil.example/' }, 'name', 'Nom et prénom\u00a0: caractère non autorisé\u00a0: saut de ligne.'],
      [{ name: 'Paul\u2028Édouard' }, 'name', 'Nom et prénom\u00a0: caractère non autorisé\u00a0: séparateur de ligne U+2028.'],
      [{ name: 'Paul\u200bÉdouard' }, 'name', 'Nom et prénom\u00a0: caractère non autorisé\u00a0: espace invisible U+200B.'],
      [{ role: 'Gérant\r\nBcc: x@evil.example' }, 'role', 'Fonction\u00a0: caractère non autorisé\u00a0: retour chariot.'],
    ] as const;
    for (const [override, field, message] of forged) {
      const response = await answer(token, { ...accept, ...override });
      expect(response.status).toBe(400);
      expect(response.body.fields[field]).toBe(message);
    }
    expect((await getDevis(request.id))?.versions[0]).toMatchObject({ state: 'envoye' });
    expect((await getDevis(request.id))?.versions[0]?.answer).toBeUndefined();
    expect(env.postmark.sentTo(request.email)).toHaveLength(mailsBefore);
    expect((await answer(token, accept)).status).toBe(200);
  });

  it('the inbox filters requests by the state of their last devis and counts them', async () => {
    const { request, token } = await sentDevis();
    const before = (await call(contactList, '/api/contact?devis=accepte', { token: env.token })).body;
    expect(before.data.map((entry: { id: string }) => entry.id)).not.toContain(request.id);
    await answer(token, accept);
    const after = (await call(contactList, '/api/contact?devis=accepte', { token: env.token })).body;
    expect(after.data.map((entry: { id: string }) => entry.id)).toContain(request.id);
    expect(after.data.every((entry: { kind: string }) => entry.kind === 'devis')).toBe(true);
    expect(after.devisCounts.accepte).toBe(before.devisCounts.accepte + 1);
    const wrong = await call(contactList, '/api/contact?devis=signe', { token: env.token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatch(/^État de devis invalide/);
  });

  it('refuses with an optional reason, shown in the history', async () => {
    const { request, token } = await sentDevis();
    const refused = await answer(token, { decision: 'refuse', reason: 'Budget reporté à l’an prochain' });
    expect(refused.status).toBe(200);
    const record = await getDevis(request.id);
    expect(record?.events.at(-1)?.text).toBe(`Devis ${request.reference} refusé en ligne : « Budget reporté à l’an prochain ».`);
    const view = await getView(request.id);
    expect(view.versions[0]).toMatchObject({ state: 'refuse', answer: { reason: 'Budget reporté à l’an prochain' } });
  });

  it('an expired devis opens to « expiré », takes no answer, and the daily job marks it in the history', async () => {
    const { request, token } = await sentDevis();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 32 * 86_400_000);
    const opened = await open(token);
    expect(opened.status).toBe(410);
    expect(opened.body).toMatchObject({ reason: 'expire', error: 'Ce devis a expiré : sa durée de validité est passée.' });
    expect((await answer(token, accept)).status).toBe(410);
    expect(await expireDevis(new Date())).toBeGreaterThanOrEqual(1);
    const record = await getDevis(request.id);
    expect(record?.versions[0]?.state).toBe('expire');
    expect(record?.events.at(-1)?.text).toMatch(/expiré sans réponse/);
  });

  it('a forged or altered link opens nothing, with a French sentence and never a 5xx', async () => {
    const { request, token } = await sentDevis();
    const forged = await new SignJWT({ v: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('vision-caraibes-api')
      .setAudience('vision-caraibes-devis')
      .setSubject(request.id)
      .setExpirationTime('30d')
      .sign(new TextEncoder().encode('another-secret-of-at-least-32-bytes-long!'));
    const [head, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const altered = [head, Buffer.from(JSON.stringify({ ...claims, v: 2 })).toString('base64url'), signature].join('.');
    // The administrator's own token is no devis link either (another audience).
    for (const bad of [forged, altered, env.token, 'pas-un-jeton', `${token}x`]) {
      const response = await open(bad);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('Ce lien de devis n’est pas valide. Vérifiez qu’il est complet, tel que vous l’avez reçu.');
      expect((await answer(bad, accept)).status).toBe(400);
    }
    expect(TEST_SECRET).not.toBe('another-secret-of-at-least-32-bytes-long!');
  });

  it('deleting the request erases its devis', async () => {
    const { request, token } = await sentDevis();
    expect((await keptKeys(request.id)).length).toBe(1);
    expect((await call(contactRequest, `/api/contact/${request.id}`, { method: 'DELETE', ...params(request.id) })).status).toBe(200);
    expect(await getDevis(request.id)).toBeUndefined();
    expect((await open(token)).status).toBe(404);
    expect(await keptKeys(request.id)).toEqual([]);
  });
});

describe('links that expire and can be revoked', () => {
  it('an answered devis link past its expiry answers 410, its PDF too', async () => {
    const { token } = await sentDevis();
    expect((await answer(token, accept)).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 400 * 86_400_000);
    const opened = await open(token);
    expect(opened.status).toBe(410);
    expect(opened.body).toMatchObject({ reason: 'expire', error: 'Ce devis a expiré : sa durée de validité est passée.' });
    expect((await publicPdf(token)).status).toBe(410);
    expect((await answer(token, accept)).status).toBe(410);
  });

  it('« Révoquer le lien »: that link answers 410, the admin no longer shows it, the history says who and when', async () => {
    const { request, token, number } = await sentDevis();
    expect((await open(token)).status).toBe(200);
    const revoked = await action(request.id, 1, 'revocation');
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.versions[0].link).toBeUndefined();
    expect(revoked.body.data.events.at(-1).text).toBe(`Lien du devis ${number} révoqué par admin : il ne s’ouvre plus.`);
    const opened = await open(token);
    expect(opened.status).toBe(410);
    expect(opened.body).toMatchObject({ reason: 'revoque', error: expect.stringMatching(/^Ce lien de devis a été désactivé/) });
    expect((await answer(token, accept)).status).toBe(410);
    expect((await publicPdf(token)).status).toBe(410);
    expect((await action(request.id, 1, 'revocation')).status).toBe(409);
    expect((await action(request.id, 9, 'revocation')).status).toBe(404);
  });

  it('a token naming the version without its link id opens nothing', async () => {
    const { request, token } = await sentDevis();
    const [, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims.jti).toEqual(expect.any(String));
    const withoutId = await new SignJWT({ v: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('vision-caraibes-api')
      .setAudience('vision-caraibes-devis')
      .setSubject(request.id)
      .setExpirationTime(claims.exp)
      .sign(new TextEncoder().encode(TEST_SECRET));
    expect((await open(withoutId)).status).toBe(400);
  });

  it('links are on the configured site (SITE_URL), never on the Host the request claims', async () => {
    const request = await quoteRequest();
    const sent = await call(devisSend, `/api/contact/${request.id}/devis/envoi`, { ...params(request.id), body: { draft: await getDraft(request.id) }, host: 'evil.example' });
    expect(sent.status).toBe(200);
    expect(sent.body.link).toMatch(/^http:\/\/localhost\/devis\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const [mail] = devisMails(request.email);
    expect(mail!.body.TextBody).toContain(sent.body.link);
    expect(mail!.body.TextBody + mail!.body.HtmlBody).not.toContain('evil.example');
    process.env.SITE_URL = 'https://essai.vision-caraibes.fr/';
    try {
      expect((await getView(request.id)).versions[0].link).toMatch(/^https:\/\/essai\.vision-caraibes\.fr\/devis\//);
    } finally {
      process.env.SITE_URL = TEST_SITE;
    }
  });
});

describe('a new version after an acceptance', () => {
  it('is refused (409) until the administrator voids the acceptance with a reason, recorded in the history', async () => {
    const { request, draft, token, number } = await sentDevis();
    expect((await answer(token, accept)).status).toBe(200);
    const refused = await send(request.id, { ...draft, shippingHTCents: 0 });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(`Le devis ${number} a été accepté : annulez d’abord son acceptation (avec un motif) pour envoyer une nouvelle version.`);
    expect((await getDevis(request.id))?.versions).toHaveLength(1);

    const noReason = await action(request.id, 1, 'annulation', { reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields.reason).toBe('Motif de l’annulation\u00a0: à renseigner.');
    expect((await getDevis(request.id))?.versions[0]?.state).toBe('accepte');

    const voided = await action(request.id, 1, 'annulation', { reason: 'Le client ajoute deux imprimantes' });
    expect(voided.status).toBe(200);
    expect(voided.body.data.versions[0]).toMatchObject({ state: 'annule', voided: { by: 'admin', reason: 'Le client ajoute deux imprimantes' } });
    expect(voided.body.data.events.at(-1).text).toBe(`Acceptation du devis ${number} annulée par admin : « Le client ajoute deux imprimantes ».`);
    expect((await action(request.id, 1, 'annulation', { reason: 'Encore' })).status).toBe(409);

    const resent = await send(request.id, { ...draft, shippingHTCents: 0 });
    expect(resent.status).toBe(200);
    expect(resent.body.number).toBe(`${number}-2`);
    expect(resent.body.data.versions.map((version: { state: string }) => version.state)).toEqual(['annule', 'envoye']);
  });

  it('a retried send with the same idempotency key answers the version it sent', async () => {
    const request = await quoteRequest();
    const draft = await getDraft(request.id);
    const body = { draft, idempotencyKey: crypto.randomUUID() };
    const first = await call(devisSend, `/api/contact/${request.id}/devis/envoi`, { ...params(request.id), body });
    const again = await call(devisSend, `/api/contact/${request.id}/devis/envoi`, { ...params(request.id), body });
    expect(again.status).toBe(200);
    expect(again.body.number).toBe(first.body.number);
    expect(again.body.link).toBe(first.body.link);
    expect((await getDevis(request.id))?.versions).toHaveLength(1);
    expect(devisMails(request.email)).toHaveLength(1);
  });

  it('the same idempotency key with another draft answers 422 in French: nothing sent, no version made', async () => {
    const request = await quoteRequest();
    const draft = await getDraft(request.id);
    const idempotencyKey = crypto.randomUUID();
    expect((await call(devisSend, `/api/contact/${request.id}/devis/envoi`, { ...params(request.id), body: { draft, idempotencyKey } })).status).toBe(200);
    const other = await call(devisSend, `/api/contact/${request.id}/devis/envoi`, { ...params(request.id), body: { draft: { ...draft, validityDays: draft.validityDays === 30 ? 60 : 30 }, idempotencyKey } });
    expect(other.status).toBe(422);
    expect(other.body.error).toBe('Cette clé d’envoi a déjà servi à l’envoi d’un autre devis : rien n’a été envoyé. Rechargez la page, puis envoyez à nouveau le devis.');
    expect((await getDevis(request.id))?.versions).toHaveLength(1);
    expect(devisMails(request.email)).toHaveLength(1);
  });
});

describe('documents made once', () => {
  it('sending keeps the PDF; its SHA-256 is the version’s fingerprint; the admin and the link serve those very bytes', async () => {
    const { request, token } = await sentDevis();
    const [mail] = devisMails(request.email);
    const attached = Buffer.from((mail!.body as unknown as { Attachments: { Content: string }[] }).Attachments[0]!.Content, 'base64');
    const version = (await getDevis(request.id))!.versions[0]!;
    expect(version.document?.sha256).toBe(sha256(attached));
    const kept = await getStore({ name: 'devis-documents', consistency: 'strong' }).get(version.document!.key, { type: 'arrayBuffer' });
    expect(Buffer.from(kept!).equals(attached)).toBe(true);
    // Rendering stamps the time of making: the same bytes twice mean nothing was rendered again.
    expect((await adminPdf(request.id)).equals(attached)).toBe(true);
    expect((await publicPdf(token)).bytes.equals(attached)).toBe(true);
  });

  it('an acceptance makes the answered PDF once: who, when, the address and the sent document’s fingerprint', async () => {
    const { request, token } = await sentDevis();
    const sent = await adminPdf(request.id);
    expect((await acceptFrom(token, '203.0.113.42')).status).toBe(200);
    const version = (await getDevis(request.id))!.versions[0]!;
    const answered = await publicPdf(token);
    expect(answered.bytes.equals(sent)).toBe(false);
    expect(sha256(answered.bytes)).toBe(version.answer?.document?.sha256);
    expect((await adminPdf(request.id)).equals(answered.bytes)).toBe(true);
    const text = await pdfText(answered.bytes);
    expect(text).toMatch(/Accepté en ligne le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2} par Paul Édouard \(Gérant\)/);
    expect(text).toContain('Adresse IP : 203.0.113.42');
    expect(text.replace(/\s/g, '')).toContain(sha256(sent));
    expect(sha256(sent)).toBe(version.document?.sha256);
    expect(await pdfText(sent)).not.toContain('Accepté en ligne');
  });

  it('a refusal makes its PDF with « Refusé le … »', async () => {
    const { token } = await sentDevis();
    expect((await answer(token, { decision: 'refuse', reason: 'Trop cher' })).status).toBe(200);
    const text = await pdfText((await publicPdf(token)).bytes);
    expect(text).toMatch(/Refusé le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}/);
    expect(text).toContain('Motif : Trop cher');
  });

  it('the customer’s postal address is printed in the customer block; the seller block says « Agences »', async () => {
    const request = await quoteRequest();
    const draft = { ...(await getDraft(request.id)), customerAddress: 'Zone de la Jambette\n97232 Le Lamentin' };
    expect((await send(request.id, draft)).status).toBe(200);
    const text = await pdfText(await adminPdf(request.id));
    expect(text).toContain('Zone de la Jambette 97232 Le Lamentin');
    expect(text).toContain('Agences :');
    expect(text).not.toContain('Offices');
  });
});

describe('an acceptance and its request', () => {
  it('marks the request « Traité » and says so in its history; the same answer again gets the same result', async () => {
    const { request, token, number } = await sentDevis();
    const accepted = await answer(token, accept);
    const stored = await call(contactRequest, `/api/contact/${request.id}`, params(request.id));
    expect(stored.body.data.statut).toBe('traite');
    expect(stored.body.data.history.at(-1)).toMatchObject({ to: 'traite', because: `devis ${number} accepté en ligne` });
    const retried = await answer(token, accept);
    expect(retried.status).toBe(200);
    expect(retried.body.data).toEqual(accepted.body.data);
    expect(devisMails(request.email).filter((mail) => mail.body.Subject.includes('accepté'))).toHaveLength(1);
  });
});
