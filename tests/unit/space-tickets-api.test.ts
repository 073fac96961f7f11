/**
 * The tickets' calls of the customers' space, over a real BlobsServer and the local Postmark stand-in: a
 * person declares a breakdown (with a photo, once per idempotency key), reads « Mes tickets » and a ticket's
 * thread, replies and reopens; another company's ticket answers 404 on every call, as an unknown one; an
 * internal note never appears in a customer's answer nor in an e-mail to them.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import spaceTickets from '../../netlify/routes/space/space-tickets.ts';
import spaceTicket from '../../netlify/routes/space/space-ticket.ts';
import spaceSummary from '../../netlify/routes/space/space-summary.ts';
import { newId, saveCompany } from '../../netlify/lib/customers/companies';
import { openCustomerSession } from '../../netlify/lib/customers/customer-session';
import { API_ERRORS } from '../../netlify/lib/http/errors';
import { CAPS } from '../../netlify/lib/storage/caps';
import { addMessage, changeTicket, getTicket, moveTicket, newMessageId } from '../../netlify/lib/tickets/tickets';
import { ownerAccount } from '../../netlify/lib/auth/permissions';
import { staffAuthor } from '../../netlify/lib/tickets/staff-tickets';
import { photoBytes } from '../../netlify/lib/tickets/photos';
import type { Company } from '../../src/features/customers/model';
import { NEXT_STEP } from '../../src/features/tickets/space-tickets';
import { spaceTicketAnswerSchema, spaceTicketListAnswerSchema } from '../../src/features/tickets/space-answers';
import { frenchTypography } from '../../src/lib/typography';
import { PHONE_REFUSED } from '../../src/lib/characters';
import { call } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';

const world = useApiTestEnvironment();
const SITE = 'http://localhost';
const unique = () => crypto.randomUUID().slice(0, 8);
const technician = { kind: 'staff' as const, id: 'tech-1', name: 'Marc Édouard' };

/** A company with one person (signed in once: their address is verified), a shop and a piece of equipment. */
async function company(name: string): Promise<Company> {
  const id = newId();
  const now = new Date().toISOString();
  const shop = { id: newId(), name: `${name} – Lamentin`, address: 'ZI Places d’Armes' };
  return (await saveCompany(id, () => ({
    id,
    name,
    clientCode: `C-${unique()}`,
    territory: 'martinique',
    shops: [shop],
    contractEndsOn: '2099-12-31',
    people: [{ id: newId(), name: `Léa ${name}`, email: `lea-${unique()}@client.fr`, phone: '0696 11 22 33', createdAt: now, lastSignInAt: now }],
    equipment: [{ id: newId(), productSlug: null, model: 'Caisse TPV-15', serial: `SN-${unique()}`, shopId: shop.id, underContract: true }],
    createdAt: now,
    updatedAt: now,
  })))!;
}

async function cookieOf(of: Company): Promise<Record<string, string>> {
  const { cookie } = await openCustomerSession(of, of.people[0]!, { method: 'lien' });
  return { cookie: cookie.split(';')[0]! };
}

/** A multipart call of a space endpoint, from the site's own pages. */
async function postForm(handler: typeof spaceTickets, path: string, cookie: Record<string, string>, fields: Record<string, string>, photos: Array<{ name: string; bytes: Uint8Array<ArrayBuffer> }> = [], params: Record<string, string> = {}) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const photo of photos) data.append('photos', new File([photo.bytes], photo.name, { type: 'image/jpeg' }));
  const request = new Request(`${SITE}${path}`, { method: 'POST', body: data, headers: { ...cookie, origin: SITE } });
  const after: Promise<unknown>[] = [];
  const response = await handler(request, { params, waitUntil: (promise: Promise<unknown>) => void after.push(promise) });
  const body = await response.json();
  await Promise.all(after);
  return { status: response.status, body, headers: response.headers };
}

/**
 * A multipart declaration written byte for byte, as an attacker's script sends it: a browser's FormData
 * turns every line break into CR LF, a raw body keeps a lone CR or LF.
 */
async function postRawForm(path: string, cookie: Record<string, string>, fields: Record<string, string>) {
  const boundary = `----attaque${unique()}`;
  const body = `${Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('')}--${boundary}--\r\n`;
  const request = new Request(`${SITE}${path}`, { method: 'POST', body, headers: { ...cookie, origin: SITE, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  const response = await spaceTickets(request, { params: {}, waitUntil: () => undefined });
  return { status: response.status, body: await response.json() };
}

const declaration = (of: Company, overrides: Record<string, string> = {}) => ({
  equipmentId: of.equipment[0]!.id,
  shopId: '',
  impact: 'bloquant',
  description: 'La caisse ne démarre plus depuis ce matin.',
  phone: '0696 11 22 33',
  idempotencyKey: crypto.randomUUID(),
  ...overrides,
});

const jpeg = () => sharp({ create: { width: 120, height: 90, channels: 3, background: '#3a7bd5' } }).withExif({ IFD0: { Make: 'Telephone' } }).jpeg().toBuffer();

async function declare(of: Company, cookie: Record<string, string>, overrides: Record<string, string> = {}) {
  const response = await postForm(spaceTickets, '/api/espace-client/tickets', cookie, declaration(of, overrides));
  expect(response.status).toBe(201);
  return spaceTicketAnswerSchema.parse(response.body).data;
}

describe('declaring a breakdown', () => {
  it('with a photo: 201 with the ticket (« Nouveau », the equipment and shop of the company), stored photo re-encoded; listed in « Mes tickets » and counted on the summary', async () => {
    const acme = await company('Acme');
    const cookie = await cookieOf(acme);
    const response = await postForm(spaceTickets, '/api/espace-client/tickets', cookie, declaration(acme), [{ name: 'caisse.jpg', bytes: await jpeg() }]);
    expect(response.status).toBe(201);
    const ticket = spaceTicketAnswerSchema.parse(response.body).data;
    expect(ticket).toMatchObject({ state: 'nouveau', impact: 'bloquant', equipment: { equipmentId: acme.equipment[0]!.id, model: 'Caisse TPV-15' }, shop: { name: 'Acme – Lamentin' }, next: 'Un technicien va prendre en charge votre demande.', canReopen: false });
    expect(ticket.reference).toMatch(/^TK-\d{4}-\d{5}$/);
    const [photo] = ticket.messages[0]!.photos;
    const stored = await photoBytes(ticket.id, photo!.id);
    expect((await sharp(stored!).metadata()).exif).toBeUndefined();
    expect(response.body.data).not.toHaveProperty('followers');
    expect(response.body.data).not.toHaveProperty('assignedTo');

    const list = await call(spaceTickets, '/api/espace-client/tickets', { headers: cookie });
    const parsed = spaceTicketListAnswerSchema.parse(list.body).data;
    expect(parsed.tickets.map((row) => [row.reference, row.state, row.next])).toEqual([[ticket.reference, 'nouveau', 'Un technicien va prendre en charge votre demande.']]);
    expect(parsed.choices).toEqual({ equipment: [{ id: acme.equipment[0]!.id, model: 'Caisse TPV-15', serial: acme.equipment[0]!.serial, shopId: acme.shops[0]!.id }], shops: [{ id: acme.shops[0]!.id, name: 'Acme – Lamentin' }], phone: '0696 11 22 33' });
    expect((await call(spaceSummary, '/api/espace-client/resume', { headers: cookie })).body.data.openTickets).toBe(1);
  });

  it('a retry with the same key gives the same ticket (200), never a second one', async () => {
    const acme = await company('Retry');
    const cookie = await cookieOf(acme);
    const fields = declaration(acme);
    const first = await postForm(spaceTickets, '/api/espace-client/tickets', cookie, fields);
    const second = await postForm(spaceTickets, '/api/espace-client/tickets', cookie, fields);
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect((await call(spaceTickets, '/api/espace-client/tickets', { headers: cookie })).body.data.tickets).toHaveLength(1);
  });

  it('typed equipment; bad fields are refused in French, naming each, and nothing is stored', async () => {
    const acme = await company('Typed');
    const cookie = await cookieOf(acme);
    const typed = await declare(acme, cookie, { equipmentId: '', model: 'Imprimante Epson TM-T20', serial: 'X12', impact: 'degrade' });
    expect(typed.equipment).toEqual({ equipmentId: null, model: 'Imprimante Epson TM-T20', serial: 'X12' });
    const bad = await postForm(spaceTickets, '/api/espace-client/tickets', cookie, declaration(acme, { equipmentId: 'autre', shopId: 'ailleurs', impact: 'urgent', description: 'court', phone: 'abc' }));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Vérifiez les champs signalés.');
    expect(Object.keys(bad.body.fields).sort()).toEqual(['description', 'equipmentId', 'impact', 'phone', 'shopId']);
    expect(bad.body.fields.description).toBe('Description\u00a0: écrivez au moins 10 caractères.');
    const gif = await postForm(spaceTickets, '/api/espace-client/tickets', cookie, declaration(acme), [{ name: 'anim.gif', bytes: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer() }]);
    expect(gif.status).toBe(415);
    expect(gif.body.error).toBe(API_ERRORS.photo_type_refused.message);
    expect((await call(spaceTickets, '/api/espace-client/tickets', { headers: cookie })).body.data.tickets).toHaveLength(1);
  });

  it('the attack review’s inputs are refused, naming the character, and nothing is stored: a line break in the model, an override or a zero-width space in the serial, a lone CR in the description, free words in the phone; a tab in a message becomes a space', async () => {
    const acme = await company('Characters');
    const cookie = await cookieOf(acme);
    const typed = { equipmentId: '', model: 'Caisse TPV-15', serial: 'SN-1' };
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ ...typed, model: 'Caisse\nBon pour accord' }, 'model', 'Modèle\u00a0: caractère non autorisé\u00a0: saut de ligne.'],
      [{ ...typed, serial: 'SN-\u202e1234' }, 'serial', 'Numéro de série\u00a0: caractère non autorisé\u00a0: caractère de direction du texte U+202E.'],
      [{ ...typed, serial: 'SN\u200b-1234' }, 'serial', 'Numéro de série\u00a0: caractère non autorisé\u00a0: espace invisible U+200B.'],
      [{ description: 'La caisse ne démarre\rplus du tout.' }, 'description', 'Description\u00a0: caractère non autorisé\u00a0: retour chariot.'],
      [{ phone: '0800 00 00 (URGENT, rappel)' }, 'phone', PHONE_REFUSED],
      [{ phone: '12' }, 'phone', PHONE_REFUSED],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await postRawForm('/api/espace-client/tickets', cookie, declaration(acme, overrides));
      expect(response.status, field).toBe(400);
      expect(response.body.success, field).toBe(false);
      expect(response.body.fields[field]).toBe(message);
    }
    const ticket = await declare(acme, cookie, { phone: '+594 (0)694 12-34.56' });
    const reply = await postForm(spaceTicket, `/api/espace-client/tickets/${ticket.id}/messages`, cookie, { text: 'Toujours\u2066en panne.' }, [], { id: ticket.id });
    expect(reply).toMatchObject({ status: 400, body: { success: false, fields: { text: 'Message\u00a0: caractère non autorisé\u00a0: caractère de direction du texte U+2066.' } } });
    // A tab (serial numbers pasted from a spreadsheet) is no fault in a message: it becomes a space.
    const pasted = await postForm(spaceTicket, `/api/espace-client/tickets/${ticket.id}/messages`, cookie, { text: 'Numéros :\nSN-1\tSN-2' }, [], { id: ticket.id });
    expect(pasted.status).toBe(201);
    expect(pasted.body.data.messages.at(-1).text).toMatch(/^Numéros :\r?\nSN-1 SN-2$/);
    // A message keeps its line breaks.
    expect((await postForm(spaceTicket, `/api/espace-client/tickets/${ticket.id}/messages`, cookie, { text: 'Toujours en panne.\r\nMerci.' }, [], { id: ticket.id })).status).toBe(201);
    expect((await call(spaceTickets, '/api/espace-client/tickets', { headers: cookie })).body.data.tickets).toHaveLength(1);
  });

  it('a 60 MB body is refused before it is read: without a session (401), or over the size limit by its Content-Length (413)', async () => {
    const acme = await company('Heavy');
    const cookie = await cookieOf(acme);
    /** A 60 MB multipart body that counts what the function pulled of it. */
    const heavy = () => {
      const chunk = new Uint8Array(1024 * 1024);
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= 60 * chunk.byteLength) return controller.close();
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      return { body, pulled: () => pulled };
    };
    const send = async (headers: Record<string, string>) => {
      const stream = heavy();
      const request = new Request(`${SITE}/api/espace-client/tickets`, { method: 'POST', body: stream.body, duplex: 'half', headers: { origin: SITE, 'content-type': 'multipart/form-data; boundary=x', ...headers } } as RequestInit);
      const response = await spaceTickets(request, { params: {} });
      return { status: response.status, pulledMb: stream.pulled() / (1024 * 1024) };
    };
    const stranger = await send({});
    expect(stranger.status).toBe(401);
    // A stream is asked for its first chunks as soon as it exists; nothing more is read.
    expect(stranger.pulledMb).toBeLessThanOrEqual(2);
    const declared = await send({ ...cookie, 'content-length': String(60 * 1024 * 1024) });
    expect(declared.status).toBe(413);
    expect(declared.pulledMb).toBeLessThanOrEqual(2);
    // Without Content-Length, the reading stops at the limit.
    const streamed = await send(cookie);
    expect(streamed.status).toBe(413);
    expect(streamed.pulledMb).toBeLessThan(60);
  });

  it(`a company declares at most ${CAPS.blockingTickets.cap} « Bloquant » breakdowns an hour: then 429 in French, nothing stored nor sent; other impacts still go`, async () => {
    const acme = await company('Flood');
    const cookie = await cookieOf(acme);
    for (let i = 0; i < CAPS.blockingTickets.cap; i += 1) await declare(acme, cookie, { description: `Panne bloquante numéro ${i + 1}.` });
    const mailsBefore = world.postmark.sentTo(acme.people[0]!.email).length;
    const refused = await postForm(spaceTickets, '/api/espace-client/tickets', cookie, declaration(acme, { description: 'Encore une panne bloquante.' }));
    expect(refused).toMatchObject({ status: 429, body: { error: API_ERRORS.blocking_tickets_capped.message } });
    // When to come back: once the company's first « Bloquant » of the hour leaves the window.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(CAPS.blockingTickets.windowMs / 1000 - 300);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(CAPS.blockingTickets.windowMs / 1000);
    expect(world.postmark.sentTo(acme.people[0]!.email)).toHaveLength(mailsBefore);
    expect((await call(spaceTickets, '/api/espace-client/tickets', { headers: cookie })).body.data.tickets).toHaveLength(CAPS.blockingTickets.cap);
    await declare(acme, cookie, { impact: 'degrade', description: 'Une imprimante lente.' });
  });

  it('without a session: 401; from another site: 403', async () => {
    const acme = await company('Outside');
    const cookie = await cookieOf(acme);
    expect((await call(spaceTickets, '/api/espace-client/tickets')).status).toBe(401);
    const request = new Request(`${SITE}/api/espace-client/tickets`, { method: 'POST', body: new FormData(), headers: { ...cookie, origin: 'https://ailleurs.example' } });
    expect((await spaceTickets(request, {})).status).toBe(403);
  });
});

describe('a ticket’s page, replies and « Rouvrir »', () => {
  it('the thread without internal notes, newest last; a reply while « En attente client » hands it back; no e-mail to the customer carries a note', async () => {
    const acme = await company('Thread');
    const cookie = await cookieOf(acme);
    const ticket = await declare(acme, cookie);
    await changeTicket(ticket.id, (current) => ({ ok: true, ticket: { ...current, assignedTo: { id: technician.id, name: technician.name } } }));
    await addMessage(ticket.id, { id: newMessageId(), kind: 'note', at: new Date().toISOString(), by: technician, text: 'NOTE-INTERNE ne pas dire au client', photos: [] });
    await addMessage(ticket.id, { id: newMessageId(), kind: 'reponse', at: new Date().toISOString(), by: technician, text: 'Pouvez-vous redémarrer la caisse ?', photos: [] });
    await moveTicket(ticket.id, 'en_attente_client', technician);

    const page = await call(spaceTicket, `/api/espace-client/tickets/${ticket.id}`, { headers: cookie, params: { id: ticket.id } });
    expect(page.status).toBe(200);
    const view = spaceTicketAnswerSchema.parse(page.body).data;
    expect(view.messages.map((message) => message.kind)).toEqual(['client', 'reponse']);
    expect(view.next).toBe('En attente de votre réponse.');
    expect(page.text).not.toContain('NOTE-INTERNE');

    const reply = await postForm(spaceTicket, `/api/espace-client/tickets/${ticket.id}/messages`, cookie, { text: 'C’est fait, toujours en panne.' }, [{ name: 'ecran.jpg', bytes: await jpeg() }], { id: ticket.id });
    expect(reply.status).toBe(201);
    const after = spaceTicketAnswerSchema.parse(reply.body).data;
    expect(after.state).toBe('pris_en_charge');
    expect(after.messages.at(-1)).toMatchObject({ kind: 'client', text: 'C’est fait, toujours en panne.', by: { name: 'Léa Thread' } });
    expect(after.messages.at(-1)!.photos).toHaveLength(1);
    expect(JSON.stringify(reply.body)).not.toContain('NOTE-INTERNE');
    const toCustomer = world.postmark.sentTo(acme.people[0]!.email);
    expect(toCustomer.length).toBeGreaterThan(0);
    for (const mail of toCustomer) expect(`${mail.body.Subject}${mail.body.TextBody}${mail.body.HtmlBody}`).not.toContain('NOTE-INTERNE');
    // Their links go to the running site (SITE_URL), not the production one.
    for (const mail of toCustomer) {
      expect(mail.body.TextBody).toContain(`${SITE}/espace-client/`);
      expect(mail.body.TextBody).not.toContain('vision-caraibes.fr/');
    }

    const empty = await postForm(spaceTicket, `/api/espace-client/tickets/${ticket.id}/messages`, cookie, { text: '  ' }, [], { id: ticket.id });
    expect(empty).toMatchObject({ status: 400, body: { fields: { text: 'Message\u00a0: ce champ est obligatoire.' } } });
  });

  it('what the owner’s account did is signed « Vision Caraïbes » for the customer, never with its sign-in name; a technician by their name', async () => {
    const acme = await company('Owner');
    const cookie = await cookieOf(acme);
    const ticket = await declare(acme, cookie);
    const owner = staffAuthor(ownerAccount('direction-vc'));
    await changeTicket(ticket.id, (current) => ({ ok: true, ticket: { ...current, assignedTo: { id: owner.id, name: owner.name } } }));
    await addMessage(ticket.id, { id: newMessageId(), kind: 'reponse', at: new Date().toISOString(), by: owner, text: 'Nous passons demain matin.', photos: [] });
    await moveTicket(ticket.id, 'en_attente_client', owner);
    await addMessage(ticket.id, { id: newMessageId(), kind: 'reponse', at: new Date().toISOString(), by: technician, text: 'Je serai là à 9 h.', photos: [] });

    const page = await call(spaceTicket, `/api/espace-client/tickets/${ticket.id}`, { headers: cookie, params: { id: ticket.id } });
    const view = spaceTicketAnswerSchema.parse(page.body).data;
    expect(view.messages.slice(1).map((message) => message.by.name)).toEqual(['Vision Caraïbes', 'Marc Édouard']);
    expect(view.history.at(-1)).toMatchObject({ kind: 'etat', to: 'en_attente_client', by: { name: 'Vision Caraïbes' } });
    expect(page.text).not.toContain('direction-vc');
    // Staff still see who did it.
    expect((await getTicket(ticket.id))!.messages[1]!.by.name).toBe('direction-vc');
  });

  it('« Rouvrir » within 7 days of « Résolu » (offered on the page), refused in French before resolution', async () => {
    const acme = await company('Reopen');
    const cookie = await cookieOf(acme);
    const ticket = await declare(acme, cookie);
    const early = await postForm(spaceTicket, `/api/espace-client/tickets/${ticket.id}/rouvrir`, cookie, {}, [], { id: ticket.id });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(frenchTypography('Un ticket « Nouveau » ne peut pas passer à « Pris en charge ».'));
    await moveTicket(ticket.id, 'resolu', technician);
    const page = spaceTicketAnswerSchema.parse((await call(spaceTicket, `/api/espace-client/tickets/${ticket.id}`, { headers: cookie, params: { id: ticket.id } })).body).data;
    expect(page).toMatchObject({ canReopen: true, next: NEXT_STEP.resolu });
    const reopened = await postForm(spaceTicket, `/api/espace-client/tickets/${ticket.id}/rouvrir`, cookie, {}, [], { id: ticket.id });
    expect(reopened.status).toBe(200);
    expect(reopened.body.data).toMatchObject({ state: 'pris_en_charge', canReopen: false });
    expect((await getTicket(ticket.id))!.history.at(-1)).toMatchObject({ kind: 'etat', from: 'resolu', to: 'pris_en_charge', by: { kind: 'client' } });
  });

  it('another company’s ticket: 404 on its page, a reply and « Rouvrir », and nothing changes', async () => {
    const acme = await company('Owner');
    const other = await company('Intruder');
    const ticket = await declare(acme, await cookieOf(acme));
    await moveTicket(ticket.id, 'resolu', technician);
    const before = await getTicket(ticket.id);
    const intruder = await cookieOf(other);
    const notFound = { success: false, error: API_ERRORS.ticket_not_found.message };
    expect(await call(spaceTicket, `/api/espace-client/tickets/${ticket.id}`, { headers: intruder, params: { id: ticket.id } })).toMatchObject({ status: 404, body: notFound });
    expect(await postForm(spaceTicket, `/api/espace-client/tickets/${ticket.id}/messages`, intruder, { text: 'Bonjour' }, [], { id: ticket.id })).toMatchObject({ status: 404, body: notFound });
    expect(await postForm(spaceTicket, `/api/espace-client/tickets/${ticket.id}/rouvrir`, intruder, {}, [], { id: ticket.id })).toMatchObject({ status: 404, body: notFound });
    expect(await call(spaceTicket, '/api/espace-client/tickets/inconnu', { headers: intruder, params: { id: 'inconnu' } })).toMatchObject({ status: 404, body: notFound });
    expect((await call(spaceTickets, '/api/espace-client/tickets', { headers: intruder })).body.data.tickets).toEqual([]);
    expect(await getTicket(ticket.id)).toEqual(before);
  });
});
