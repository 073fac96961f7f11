/**
 * The customers' space's own calls, over a real BlobsServer and the local Postmark stand-in: a company sees
 * the devis sent to its people's addresses, the requests sent from its space and its equipment, and asking
 * for another company's devis, PDF, answer, request or equipment by id answers 404 as an unknown id would;
 * an answer given from the space makes the same records, PDF and e-mails as the devis' link.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import devisPublic from '../../netlify/functions/devis-public.mts';
import devisSend from '../../netlify/routes/devis/devis-send.ts';
import devisAdmin from '../../netlify/routes/devis/devis-admin.ts';
import contactRequest from '../../netlify/routes/requests/contact-request.ts';
import quote from '../../netlify/routes/request-forms/quote.ts';
import spaceDevis from '../../netlify/routes/space/space-devis.ts';
import spaceDevisDocument from '../../netlify/routes/space/space-devis-document.ts';
import spaceEquipment from '../../netlify/routes/space/space-equipment.ts';
import spaceRequests from '../../netlify/routes/space/space-requests.ts';
import spaceSummary from '../../netlify/routes/space/space-summary.ts';
import { newId, saveCompany } from '../../netlify/lib/customers/companies.ts';
import { openCustomerSession } from '../../netlify/lib/customers/customer-session.ts';
import { getDevis } from '../../netlify/lib/devis/devis-records.ts';
import { API_ERRORS } from '../../netlify/lib/http/errors.ts';
import { indexNewRequest } from '../../netlify/lib/requests/request-index.ts';
import { getRequest, newRequest, storeNewRequest } from '../../netlify/lib/requests/requests.ts';
import { eraseRequest } from '../../netlify/lib/retention/erase.ts';
import type { Company } from '../../src/features/customers/model.ts';
import type { DevisDraft } from '../../src/features/devis/devis.ts';
import {
  spaceDevisListAnswerSchema,
  spaceEquipmentListAnswerSchema,
  spaceRequestDetailSchema,
  spaceRequestListAnswerSchema,
  spaceSummaryAnswerSchema,
} from '../../src/features/space/answers.ts';
import { call } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { product } from '../helpers/catalogue';

const env = useApiTestEnvironment();
const SITE = 'http://localhost';
const unique = () => crypto.randomUUID().slice(0, 8);

/** A company with one person, two shops and two pieces of equipment (one a catalogue product, under contract). */
async function company(name: string): Promise<Company> {
  const id = newId();
  const now = new Date().toISOString();
  const shop = { id: newId(), name: `${name} – Lamentin`, address: 'ZI Places d’Armes, 97232 Le Lamentin' };
  const saved = await saveCompany(id, () => ({
    id,
    name,
    clientCode: `C-${unique()}`,
    territory: 'martinique',
    shops: [shop, { id: newId(), name: `${name} – Schœlcher`, address: 'Route de la Batelière' }],
    contractEndsOn: '2099-12-31',
    people: [{ id: newId(), name: `Léa ${name}`, email: `lea-${unique()}@${name.toLowerCase().replace(/\W/g, '')}.fr`, phone: '0696 00 00 00', createdAt: now, lastSignInAt: null }],
    equipment: [
      { id: newId(), productSlug: 'zebra-zt411', model: '', serial: `SN-${unique()}`, shopId: shop.id, underContract: true },
      { id: newId(), productSlug: null, model: 'Balance Mettler Toledo', serial: `SN-${unique()}`, shopId: null, underContract: false },
    ],
    createdAt: now,
    updatedAt: now,
  }));
  return saved!;
}

/** The cookie a person of the company's session sends. */
async function cookieOf(of: Company): Promise<Record<string, string>> {
  const { cookie } = await openCustomerSession(of, of.people[0]!, { method: 'lien' });
  return { cookie: cookie.split(';')[0]! };
}

/** A quote request sent from a public form with this address, and its devis sent by the administrator. */
async function sentDevisTo(email: string) {
  const response = await call(quote, '/api/quote', {
    body: { name: 'Paul Édouard', company: 'Entrepôt', phone: '0596 11 22 33', email, clientCode: '', subject: '', message: '', items: [{ id: 'zebra-zt411', quantity: 1 }], territory: 'martinique', website: '' },
  });
  expect(response.status).toBe(200);
  const id = response.body.id as string;
  const draft = (await call(devisAdmin, `/api/contact/${id}/devis`, { params: { id }, token: env.token })).body.data.draft as DevisDraft;
  const sent = await call(devisSend, `/api/contact/${id}/devis/envoi`, { params: { id }, token: env.token, body: { draft } });
  expect(sent.status).toBe(200);
  return { id, number: sent.body.number as string, token: (sent.body.link as string).split('/devis/')[1]! };
}

/** A request sent from the space by the company's person (the session sets `customer`). */
async function requestFromSpace(of: Company, message = 'Notre imprimante du Lamentin ne sort plus d’étiquettes.') {
  const request = { ...newRequest({ kind: 'contact', name: of.people[0]!.name, email: of.people[0]!.email, phone: '', company: of.name, subject: 'Panne', delai: '', message }), customer: { companyId: of.id, personId: of.people[0]!.id } };
  await storeNewRequest(request);
  await indexNewRequest(request, 1);
  return request;
}

const withCookie = (headers: Record<string, string>, extra: Record<string, string> = {}) => ({ headers: { origin: SITE, ...headers }, params: extra });
const accept = (name: string) => ({ decision: 'accepte', name, role: 'Gérante', bonPourAccord: true });
const answerPath = (id: string, version: number) => `/api/espace-client/devis/${id}/${version}/reponse`;
const pdfText = async (body: string | ArrayBuffer) => (await extractText(await getDocumentProxy(new Uint8Array(body as ArrayBuffer)), { mergePages: true })).text.replace(/[\s\u00a0\u202f]+/g, ' ');

/** The PDF of a version from the space: status, type and bytes. */
async function spacePdf(cookie: Record<string, string>, id: string, version: number) {
  const response = await spaceDevisDocument(new Request(`${SITE}/api/espace-client/devis/${id}/${version}/pdf`, { headers: cookie }), { params: { requestId: id, version: String(version) } } as never);
  return { status: response.status, type: response.headers.get('content-type'), bytes: await response.arrayBuffer() };
}

describe('« Mes devis »', () => {
  it('lists a devis sent to an address of one of the company’s people, every version with its state; never another company’s', async () => {
    const [a, b] = [await company('Alpha'), await company('Beta')];
    const first = await sentDevisTo(a.people[0]!.email.toUpperCase());
    const other = await sentDevisTo(b.people[0]!.email);
    const list = spaceDevisListAnswerSchema.parse((await call(spaceDevis, '/api/espace-client/devis', withCookie(await cookieOf(a)))).body);
    expect(list.data.map((row) => row.number)).toEqual([first.number]);
    expect(list.data[0]).toMatchObject({ requestId: first.id, version: 1, state: 'envoye', stateLabel: 'Envoyé', answerable: true });
    expect(list.data[0]!.totalTTC).toMatch(/€$/);
    // A business reads HT, the VAT and TTC, as the devis prints them.
    expect(list.data[0]!.totals.map((row) => row.label)).toEqual(expect.arrayContaining(['Total HT', expect.stringMatching(/^TVA /), 'Total TTC']));
    expect(list.data[0]!.totals.at(-1)).toEqual({ label: 'Total TTC', value: list.data[0]!.totalTTC, strong: true });
    expect(list.data.some((row) => row.requestId === other.id)).toBe(false);

    const summary = spaceSummaryAnswerSchema.parse((await call(spaceSummary, '/api/espace-client/resume', withCookie(await cookieOf(a)))).body);
    expect(summary.data).toEqual({ devisWaiting: 1, equipmentUnderContract: 1, equipment: 2, openTickets: 0, contractEndsOn: '31/12/2099' });
  });

  it('serves the kept PDF of the company’s own version, the one the link serves', async () => {
    const a = await company('Gamma');
    const sent = await sentDevisTo(a.people[0]!.email);
    const fromSpace = await spacePdf(await cookieOf(a), sent.id, 1);
    expect(fromSpace.status).toBe(200);
    expect(fromSpace.type).toBe('application/pdf');
    const fromLink = await devisPublic(new Request(`${SITE}/api/devis/${sent.token}/pdf`), { params: { token: sent.token } } as never);
    expect(Buffer.from(fromSpace.bytes).equals(Buffer.from(await fromLink.arrayBuffer()))).toBe(true);
  });
});

describe('isolation: another company’s records by id answer 404, as unknown ones', () => {
  it('devis, devis PDF, answer, request and equipment of company B, asked by a person of company A', async () => {
    const [a, b] = [await company('Delta'), await company('Epsilon')];
    const theirs = await sentDevisTo(b.people[0]!.email);
    const theirRequest = await requestFromSpace(b);
    const mine = await cookieOf(a);

    const devis = await call(spaceDevis, `/api/espace-client/devis/${theirs.id}/1`, withCookie(mine, { requestId: theirs.id, version: '1' }));
    expect(devis.status).toBe(404);
    expect(devis.body.error).toBe(API_ERRORS.devis_not_found.message);
    const unknown = await call(spaceDevis, `/api/espace-client/devis/${crypto.randomUUID()}/1`, withCookie(mine, { requestId: crypto.randomUUID(), version: '1' }));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(devis.body);

    expect((await spacePdf(mine, theirs.id, 1)).status).toBe(404);
    const answered = await call(spaceDevisDocument, answerPath(theirs.id, 1), { ...withCookie(mine, { requestId: theirs.id, version: '1' }), body: accept('Léa Delta') });
    expect(answered.status).toBe(404);
    expect((await getDevis(theirs.id))!.versions[0]!.state).toBe('envoye');

    const request = await call(spaceRequests, `/api/espace-client/demandes/${theirRequest.id}`, withCookie(mine, { id: theirRequest.id }));
    expect(request.status).toBe(404);
    expect(request.body.error).toBe(API_ERRORS.request_not_found.message);

    const equipment = await call(spaceEquipment, `/api/espace-client/equipements/${b.equipment[0]!.id}`, withCookie(mine, { id: b.equipment[0]!.id }));
    expect(equipment.status).toBe(404);
    expect(equipment.body.error).toBe(API_ERRORS.equipment_not_found.message);

    // B itself gets each of them.
    const theirCookie = await cookieOf(b);
    expect((await call(spaceDevis, `/api/espace-client/devis/${theirs.id}/1`, withCookie(theirCookie, { requestId: theirs.id, version: '1' }))).status).toBe(200);
    expect((await spacePdf(theirCookie, theirs.id, 1)).status).toBe(200);
    expect((await call(spaceRequests, `/api/espace-client/demandes/${theirRequest.id}`, withCookie(theirCookie, { id: theirRequest.id }))).status).toBe(200);
    expect((await call(spaceEquipment, `/api/espace-client/equipements/${b.equipment[0]!.id}`, withCookie(theirCookie, { id: b.equipment[0]!.id }))).status).toBe(200);
  });

  it('without a session 401, a staff token 401, an answer from another site 403', async () => {
    const a = await company('Zeta');
    const sent = await sentDevisTo(a.people[0]!.email);
    expect((await call(spaceDevis, '/api/espace-client/devis')).status).toBe(401);
    expect((await call(spaceDevis, '/api/espace-client/devis', { token: env.token })).status).toBe(401);
    const foreign = await call(spaceDevisDocument, answerPath(sent.id, 1), { headers: { ...(await cookieOf(a)), origin: 'https://ailleurs.example' }, params: { requestId: sent.id, version: '1' }, body: accept('Léa Zeta') });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe(API_ERRORS.origin_refused.message);
    expect((await getDevis(sent.id))!.versions[0]!.state).toBe('envoye');
  });
});

describe('answering from the space', () => {
  it('accepts with the same records, PDF and e-mails as the link, says it came from the space, and the same answer twice gives the same result', async () => {
    const a = await company('Eta');
    const sent = await sentDevisTo(a.people[0]!.email);
    const cookie = await cookieOf(a);
    const first = await call(spaceDevisDocument, answerPath(sent.id, 1), { ...withCookie(cookie, { requestId: sent.id, version: '1' }), body: accept('Marie Eta') });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ number: sent.number, state: 'accepte', answer: { decision: 'accepte' } });
    expect(first.body.data.answer.text).toMatch(/^Devis accepté le .* par Marie Eta \(Gérante\), « Bon pour accord »\.$/);

    const record = (await getDevis(sent.id))!;
    const version = record.versions[0]!;
    expect(version.answer).toMatchObject({ decision: 'accepte', name: 'Marie Eta', role: 'Gérante', space: { personId: a.people[0]!.id, personName: a.people[0]!.name } });
    expect(version.answer!.document?.key).toMatch(/-reponse\.pdf$/);
    expect(record.events.at(-1)!.text).toBe(`Devis ${sent.number} accepté dans l’espace client (session de ${a.people[0]!.name}) par Marie Eta (Gérante), « Bon pour accord », depuis l’adresse ${version.answer!.ip}.`);
    // As after the link: the request is « Traité », both sides got their e-mail.
    expect((await getRequest(sent.id))!.statut).toBe('traite');
    expect(env.postmark.sentTo(a.people[0]!.email).some((mail) => mail.body.Subject === `Devis ${sent.number} accepté – Vision Caraïbes`)).toBe(true);
    const notice = env.postmark.sentTo('commercial@vision-caraibes.fr').find((mail) => mail.body.Subject.startsWith(`[${sent.number}] Devis accepté`));
    expect(notice?.body.TextBody).toContain(`Depuis l’espace client, session de ${a.people[0]!.name}.`);

    // The same answer again: the same result, nothing recorded twice; another answer is refused.
    const again = await call(spaceDevisDocument, answerPath(sent.id, 1), { ...withCookie(cookie, { requestId: sent.id, version: '1' }), body: accept('Marie Eta') });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect((await getDevis(sent.id))!.events.length).toBe(record.events.length);
    const refused = await call(spaceDevisDocument, answerPath(sent.id, 1), { ...withCookie(cookie, { requestId: sent.id, version: '1' }), body: { decision: 'refuse', reason: '' } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(API_ERRORS.space_devis_answered.message);

    // The link, the admin and the space serve the answered PDF, whose « Bon pour accord » block says where it came from.
    const pdf = await spacePdf(cookie, sent.id, 1);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('Accepté en ligne le');
    expect(text).toContain(`Depuis l’espace client, session de ${a.people[0]!.name}.`);
    const link = await call(devisPublic, `/api/devis/${sent.token}`, { params: { token: sent.token } });
    expect(link.body.data.answer).toEqual(first.body.data.answer);
    const list = spaceDevisListAnswerSchema.parse((await call(spaceDevis, '/api/espace-client/devis', withCookie(cookie))).body);
    expect(list.data[0]).toMatchObject({ state: 'accepte', answerable: false, answerText: first.body.data.answer.text });
  });

  it('checks the answer with the link’s rules and refuses a replaced version in the space’s words', async () => {
    const a = await company('Theta');
    const sent = await sentDevisTo(a.people[0]!.email);
    const cookie = await cookieOf(a);
    const missing = await call(spaceDevisDocument, answerPath(sent.id, 1), { ...withCookie(cookie, { requestId: sent.id, version: '1' }), body: { decision: 'accepte', name: 'Marie', role: '', bonPourAccord: false } });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fields)).toEqual(expect.arrayContaining(['role', 'bonPourAccord']));

    const draft = (await call(devisAdmin, `/api/contact/${sent.id}/devis`, { params: { id: sent.id }, token: env.token })).body.data.draft as DevisDraft;
    expect((await call(devisSend, `/api/contact/${sent.id}/devis/envoi`, { params: { id: sent.id }, token: env.token, body: { draft } })).status).toBe(200);
    const replaced = await call(spaceDevisDocument, answerPath(sent.id, 1), { ...withCookie(cookie, { requestId: sent.id, version: '1' }), body: accept('Marie Theta') });
    expect(replaced.status).toBe(410);
    expect(replaced.body.error).toBe(API_ERRORS.space_devis_replaced.message);
    const list = spaceDevisListAnswerSchema.parse((await call(spaceDevis, '/api/espace-client/devis', withCookie(cookie))).body);
    expect(list.data.map((row) => [row.version, row.state, row.answerable])).toEqual([
      [2, 'envoye', true],
      [1, 'remplace', false],
    ]);

    const refusal = await call(spaceDevisDocument, answerPath(sent.id, 2), { ...withCookie(cookie, { requestId: sent.id, version: '2' }), body: { decision: 'refuse', reason: 'Budget reporté' } });
    expect(refusal.status).toBe(200);
    expect((await getDevis(sent.id))!.events.at(-1)!.text).toBe(`Devis ${sent.number}-2 refusé dans l’espace client (session de ${a.people[0]!.name}) : « Budget reporté ».`);
  });
});

describe('« Mes demandes »', () => {
  it('lists the requests sent from the company’s space, never one that only carries an address of its people; erasing a request takes it away', async () => {
    const a = await company('Iota');
    const fromSpace = await requestFromSpace(a);
    await sentDevisTo(a.people[0]!.email);
    const cookie = await cookieOf(a);
    const list = spaceRequestListAnswerSchema.parse((await call(spaceRequests, '/api/espace-client/demandes', withCookie(cookie))).body);
    expect(list.data.map((row) => row.id)).toEqual([fromSpace.id]);
    expect(list.data[0]).toMatchObject({ kind: 'contact', kindLabel: 'Message', statusLabel: 'Nouveau', subject: 'Panne', excerpt: fromSpace.message });

    const one = await call(spaceRequests, `/api/espace-client/demandes/${fromSpace.id}`, withCookie(cookie, { id: fromSpace.id }));
    expect(spaceRequestDetailSchema.parse(one.body.data).message).toBe(fromSpace.message);

    expect((await call(contactRequest, `/api/contact/${fromSpace.id}`, { method: 'DELETE', params: { id: fromSpace.id }, token: env.token })).status).toBe(200);
    expect((await call(spaceRequests, '/api/espace-client/demandes', withCookie(cookie))).body.data).toEqual([]);
  });

  it('an erased devis request leaves « Mes devis »', async () => {
    const a = await company('Kappa');
    const sent = await sentDevisTo(a.people[0]!.email);
    const cookie = await cookieOf(a);
    expect((await call(spaceDevis, '/api/espace-client/devis', withCookie(cookie))).body.data).toHaveLength(1);
    await eraseRequest(sent.id);
    expect((await call(spaceDevis, '/api/espace-client/devis', withCookie(cookie))).body.data).toEqual([]);
  });
});

describe('« Mes équipements »', () => {
  it('shows each piece with its shop and contract, and a catalogue model with its product page and documents', async () => {
    const a = await company('Lambda');
    const list = spaceEquipmentListAnswerSchema.parse((await call(spaceEquipment, '/api/espace-client/equipements', withCookie(await cookieOf(a)))).body);
    expect(list.data).toEqual([
      {
        id: a.equipment[0]!.id,
        model: product('zebra-zt411').name,
        serial: a.equipment[0]!.serial,
        shop: 'Lambda – Lamentin',
        underContract: true,
        contractLabel: 'Sous contrat jusqu’au 31/12/2099',
        productPath: '/commerce/produits/zebra-zt411',
        documents: expect.any(Array),
      },
      { id: a.equipment[1]!.id, model: 'Balance Mettler Toledo', serial: a.equipment[1]!.serial, shop: null, underContract: false, contractLabel: 'Hors contrat', productPath: null, documents: [] },
    ]);
  });
});
