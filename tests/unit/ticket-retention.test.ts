/**
 * The tickets in the daily job, against a real BlobsServer: a ticket resolved 7 days ago is closed by the
 * job (history entry « Tâche quotidienne »), not a day before; a closed ticket is kept for its company's
 * contract's life and 5 years after, then erased with its index entries, photos, reports and e-mails.
 */
import { describe, expect, it } from 'vitest';
import { saveCompany } from '../../netlify/lib/customers/companies.ts';
import { purgeExpired } from '../../netlify/lib/retention/retention.ts';
import { eraseTicket } from '../../netlify/lib/tickets/retention.ts';
import { storeNames, strongStore } from '../../netlify/lib/storage/storage.ts';
import { keepReportFiles, reportPdfOf } from '../../netlify/lib/tickets/reports.ts';
import { companyEntries, monthEntries, openEntries, openingMonth } from '../../netlify/lib/tickets/ticket-index.ts';
import { ticketMailOwner } from '../../netlify/lib/tickets/ticket-mail.ts';
import { getTicket, moveTicket, openTicket } from '../../netlify/lib/tickets/tickets.ts';
import type { Company } from '../../src/features/customers/model.ts';
import type { Ticket, TicketAuthor } from '../../src/features/tickets/model.ts';
import { useApiTestEnvironment } from '../helpers/api-environment';

useApiTestEnvironment();
const DAY = 24 * 3_600_000;
const technician: TicketAuthor = { kind: 'staff', id: 'tech-ret', name: 'Marc Édouard' };
const OPENED = new Date('2026-03-02T13:00:00Z');

async function companyWith(contractEndsOn: string | null): Promise<Company> {
  const id = crypto.randomUUID();
  const at = '2026-01-01T00:00:00.000Z';
  return (await saveCompany(id, () => ({
    id,
    name: `Quincaillerie ${id.slice(0, 6)}`,
    clientCode: `Q-${id.slice(0, 6)}`,
    territory: 'martinique',
    shops: [],
    contractEndsOn,
    people: [{ id: `p-${id}`, name: 'Rose Client', email: `rose-${id.slice(0, 8)}@client.fr`, phone: '0696 00 00 09', createdAt: at, lastSignInAt: at }],
    equipment: [],
    createdAt: at,
    updatedAt: at,
  })))!;
}

/** A ticket resolved at `resolvedAt`. */
async function resolvedTicket(company: Company, resolvedAt: Date): Promise<Ticket> {
  const person = company.people[0]!;
  const { ticket } = await openTicket(
    {
      company,
      openedBy: { kind: 'client', id: person.id, name: person.name },
      equipment: { equipmentId: null, model: 'Balance étiqueteuse', serial: 'B-77' },
      shop: { shopId: null, name: '' },
      impact: 'degrade',
      description: 'La balance n’imprime plus.',
      phone: '0696 00 00 09',
      photos: [],
    },
    { now: OPENED },
  );
  const moved = await moveTicket(ticket.id, 'resolu', technician, { now: resolvedAt });
  if (!moved.ok) throw new Error(moved.message);
  return moved.ticket;
}

describe('closing resolved tickets', () => {
  it('closes a ticket 7 days after « Résolu », signed by the daily job, not a day before', async () => {
    const resolvedAt = new Date(OPENED.getTime() + DAY);
    const ticket = await resolvedTicket(await companyWith(null), resolvedAt);
    await purgeExpired(new Date(resolvedAt.getTime() + 6 * DAY));
    expect((await getTicket(ticket.id))!.state).toBe('resolu');
    const report = await purgeExpired(new Date(resolvedAt.getTime() + 7 * DAY));
    expect(report.tickets.closed).toBeGreaterThanOrEqual(1);
    const closed = (await getTicket(ticket.id))!;
    expect(closed.state).toBe('clos');
    expect(closed.history.at(-1)).toMatchObject({ kind: 'etat', from: 'resolu', to: 'clos', by: { kind: 'systeme', name: 'Tâche quotidienne' } });
  });
});

describe('erasing closed tickets', () => {
  it('keeps a closed ticket 5 years after its closing without a contract, then erases it and all derived from it', async () => {
    const company = await companyWith(null);
    const ticket = await resolvedTicket(company, new Date(OPENED.getTime() + DAY));
    const closedAt = new Date(OPENED.getTime() + 2 * DAY);
    expect((await moveTicket(ticket.id, 'clos', technician, { now: closedAt })).ok).toBe(true);
    await strongStore(storeNames.ticketPhotos).set(`${ticket.id}/photo.jpg`, new Uint8Array([0xff, 0xd8, 0xff]).buffer);
    await keepReportFiles(ticket.id, closedAt.toISOString(), new TextEncoder().encode('%PDF-1.7'));
    expect((await strongStore(storeNames.outbox).list({ prefix: `${ticketMailOwner(ticket.id)}/` })).blobs.length).toBeGreaterThan(0);

    const fiveYears = new Date(closedAt);
    fiveYears.setUTCFullYear(fiveYears.getUTCFullYear() + 5);
    await purgeExpired(new Date(fiveYears.getTime() - DAY));
    expect(await getTicket(ticket.id)).toBeDefined();

    const report = await purgeExpired(new Date(fiveYears.getTime() + DAY));
    expect(report.tickets.erased).toBeGreaterThanOrEqual(1);
    expect(await getTicket(ticket.id)).toBeUndefined();
    expect((await companyEntries(company.id)).map((entry) => entry.id)).not.toContain(ticket.id);
    expect((await monthEntries(openingMonth(ticket))).map((entry) => entry.id)).not.toContain(ticket.id);
    expect((await openEntries()).map((entry) => entry.id)).not.toContain(ticket.id);
    expect((await strongStore(storeNames.ticketPhotos).list({ prefix: `${ticket.id}/` })).blobs).toEqual([]);
    expect((await strongStore(storeNames.ticketReports).list({ prefix: `${ticket.id}/` })).blobs).toEqual([]);
    expect((await strongStore(storeNames.outbox).list({ prefix: `${ticketMailOwner(ticket.id)}/` })).blobs).toEqual([]);
  });

  it('keeps it for the contract’s life and 5 years after when the contract runs on', async () => {
    const company = await companyWith('2029-12-31');
    const ticket = await resolvedTicket(company, new Date(OPENED.getTime() + DAY));
    expect((await moveTicket(ticket.id, 'clos', technician, { now: new Date(OPENED.getTime() + 2 * DAY) })).ok).toBe(true);
    await purgeExpired(new Date('2033-01-01T00:00:00Z'));
    expect(await getTicket(ticket.id)).toBeDefined();
    await purgeExpired(new Date('2035-01-02T00:00:00Z'));
    expect(await getTicket(ticket.id)).toBeUndefined();
  });

  it('erases what a half-finished erase left, and says there was no ticket', async () => {
    const id = crypto.randomUUID();
    await keepReportFiles(id, '2026-03-03T00:00:00.000Z', new TextEncoder().encode('%PDF-1.7'));
    expect(await eraseTicket(id)).toBe(false);
    expect(await reportPdfOf({ id, report: { at: '2026-03-03T00:00:00.000Z' } as Ticket['report'] })).toBeUndefined();
  });
});
