/**
 * A ticket's photos and report, served by the space's and the staff's functions: only to the people of
 * the ticket's company (never a photo of an internal note) and to the staff of its territory, never kept
 * by a cache; another company's or territory's ticket, photo or report answers 404 as an unknown one.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import spaceFiles from '../../netlify/routes/space/space-ticket-files.ts';
import staffFiles from '../../netlify/routes/tickets/ticket-staff-files.ts';
import { issueToken, readAuthConfig } from '../../netlify/lib/auth/auth';
import { newId, saveCompany } from '../../netlify/lib/customers/companies';
import { openCustomerSession } from '../../netlify/lib/customers/customer-session';
import { API_ERRORS } from '../../netlify/lib/http/errors';
import { acceptPhoto } from '../../netlify/lib/tickets/photos';
import { writeReport } from '../../netlify/lib/tickets/report-pdf';
import { addMessage, changeTicket, newMessageId, openTicket } from '../../netlify/lib/tickets/tickets';
import type { Company } from '../../src/features/customers/model';
import type { Ticket, TicketPhoto } from '../../src/features/tickets/model';
import type { TerritoryId } from '../../src/lib/territories';
import { call } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { activeAccount } from '../helpers/team';

const world = useApiTestEnvironment();
const unique = () => crypto.randomUUID().slice(0, 8);
const technician = { kind: 'staff' as const, id: 'tech-1', name: 'Marc Édouard' };

async function company(name: string, territory: TerritoryId = 'martinique'): Promise<Company> {
  const id = newId();
  const now = new Date().toISOString();
  return (await saveCompany(id, () => ({
    id,
    name,
    clientCode: `C-${unique()}`,
    territory,
    shops: [{ id: 'shop-1', name: `${name} – Lamentin`, address: 'ZI' }],
    contractEndsOn: null,
    people: [{ id: newId(), name: `Léa ${name}`, email: `lea-${unique()}@client.fr`, phone: '0696 11 22 33', createdAt: now, lastSignInAt: now }],
    equipment: [],
    createdAt: now,
    updatedAt: now,
  })))!;
}

const cookieOf = async (of: Company) => ({ cookie: (await openCustomerSession(of, of.people[0]!, { method: 'lien' })).cookie.split(';')[0]! });

async function photo(ticketId: string, colour: string): Promise<TicketPhoto> {
  const accepted = await acceptPhoto(ticketId, await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).jpeg().toBuffer(), 'image/jpeg');
  if ('error' in accepted) throw new Error(accepted.error);
  return accepted;
}

/** A ticket of the company with a customer's photo in its thread and a photo attached to an internal note. */
async function ticketWithPhotos(of: Company): Promise<{ ticket: Ticket; shown: TicketPhoto; internal: TicketPhoto }> {
  const { ticket } = await openTicket({ company: of, openedBy: { kind: 'client', id: of.people[0]!.id, name: of.people[0]!.name }, equipment: { equipmentId: null, model: 'Caisse TPV-15', serial: 'SN-1' }, shop: { shopId: null, name: 'Lamentin' }, impact: 'bloquant', description: 'La caisse ne démarre plus.', phone: '0696 11 22 33', photos: (id) => Promise.all([photo(id, '#3a7bd5')]) });
  const shown = ticket.messages[0]!.photos[0]!;
  const internal = await photo(ticket.id, '#d53a3a');
  const noted = await addMessage(ticket.id, { id: newMessageId(), kind: 'note', at: new Date().toISOString(), by: technician, text: 'Carte mère grillée, voir photo.', photos: [internal] });
  if (!noted.ok) throw new Error(noted.message);
  return { ticket: noted.ticket, shown, internal };
}

async function resolveWithReport(ticket: Ticket): Promise<Ticket> {
  const report = await writeReport(ticket, { workDone: 'Carte mère remplacée.', minutes: 45, parts: [], signedBy: null, at: new Date().toISOString(), by: technician });
  const changed = await changeTicket(ticket.id, (current) => ({ ok: true, ticket: { ...current, report } }));
  if (!changed.ok) throw new Error(changed.message);
  return changed.ticket;
}

const spacePhoto = (ticket: Ticket, photoId: string, headers: Record<string, string>) =>
  call(spaceFiles, `/api/espace-client/tickets/${ticket.id}/photos/${photoId}`, { headers, params: { id: ticket.id, photoId } });
const spaceReport = (ticket: Ticket, headers: Record<string, string>) => call(spaceFiles, `/api/espace-client/tickets/${ticket.id}/rapport`, { headers, params: { id: ticket.id } });
const staffPhoto = (ticket: Ticket, photoId: string, token: string) => call(staffFiles, `/api/tickets/${ticket.id}/photos/${photoId}`, { token, params: { id: ticket.id, photoId } });
const staffReport = (ticket: Ticket, token: string) => call(staffFiles, `/api/tickets/${ticket.id}/rapport`, { token, params: { id: ticket.id } });

/** A Martinique technician's session token. */
async function technicianToken(): Promise<string> {
  const account = await activeAccount('technicien', `tech-${unique()}@vision-caraibes.fr`);
  const config = readAuthConfig();
  if (!config.ok) throw new Error(config.reason);
  return issueToken(config.config, Date.now(), { id: account.id, sessionVersion: account.sessionVersion });
}

describe('a ticket’s photos', () => {
  it('the company’s people get a photo of the thread as a JPEG never kept by a cache, but not the photo of an internal note', async () => {
    const acme = await company('Acme');
    const { ticket, shown, internal } = await ticketWithPhotos(acme);
    const cookie = await cookieOf(acme);
    const answer = await spacePhoto(ticket, shown.id, cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Number(answer.headers.get('content-length'))).toBe(shown.bytes);
    const note = await spacePhoto(ticket, internal.id, cookie);
    expect([note.status, note.body.error]).toEqual([404, API_ERRORS.photo_not_found.message]);
  });

  it('another company’s person gets 404 for the ticket’s photo, as for an unknown ticket; an unknown photo id is 404', async () => {
    const acme = await company('Acme2');
    const rival = await company('Rival');
    const { ticket, shown } = await ticketWithPhotos(acme);
    const stranger = await spacePhoto(ticket, shown.id, await cookieOf(rival));
    expect([stranger.status, stranger.body.error]).toEqual([404, API_ERRORS.ticket_not_found.message]);
    const unknown = await spacePhoto({ ...ticket, id: 'inconnu' }, shown.id, await cookieOf(rival));
    expect(unknown.body).toEqual(stranger.body);
    const wrongId = await spacePhoto(ticket, crypto.randomUUID(), await cookieOf(acme));
    expect(wrongId.status).toBe(404);
    // Signed out: 401, nothing served.
    expect((await spacePhoto(ticket, shown.id, {})).status).toBe(401);
  });

  it('staff of the ticket’s territory get every photo, internal notes’ included; another territory’s ticket is 404', async () => {
    const token = await technicianToken();
    const here = await ticketWithPhotos(await company('Ici'));
    expect((await staffPhoto(here.ticket, here.shown.id, token)).status).toBe(200);
    const internal = await staffPhoto(here.ticket, here.internal.id, token);
    expect([internal.status, internal.headers.get('cache-control')]).toEqual([200, 'private, no-store']);
    const there = await ticketWithPhotos(await company('Ailleurs', 'guadeloupe'));
    const refused = await staffPhoto(there.ticket, there.shown.id, token);
    expect([refused.status, refused.body.error]).toEqual([404, API_ERRORS.ticket_not_found.message]);
    // The administrator sees every territory.
    expect((await staffPhoto(there.ticket, there.shown.id, world.token)).status).toBe(200);
  });
});

describe('a ticket’s report', () => {
  it('is 404 before the ticket is resolved, then the kept PDF for the company and the staff; never for another company or territory', async () => {
    const acme = await company('Rapport', 'guyane');
    const cookie = await cookieOf(acme);
    const { ticket } = await ticketWithPhotos(acme);
    const before = await spaceReport(ticket, cookie);
    expect([before.status, before.body.error]).toEqual([404, API_ERRORS.report_not_found.message]);
    const resolved = await resolveWithReport(ticket);

    const mine = await spaceReport(resolved, cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(mine.headers.get('content-disposition')).toBe(`attachment; filename="Rapport-${ticket.reference}.pdf"`);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.text.startsWith('%PDF-')).toBe(true);
    expect(Number(mine.headers.get('content-length'))).toBe(resolved.report!.pdfBytes);
    expect((await staffReport(resolved, world.token)).status).toBe(200);

    const rival = await spaceReport(resolved, await cookieOf(await company('Autre', 'guyane')));
    expect([rival.status, rival.body.error]).toEqual([404, API_ERRORS.ticket_not_found.message]);
    const otherTerritory = await staffReport(resolved, await technicianToken());
    expect([otherTerritory.status, otherTerritory.body.error]).toEqual([404, API_ERRORS.ticket_not_found.message]);
  });
});
