import { describe, expect, it } from 'vitest';
import type { TicketSummary } from '../../../src/features/tickets/model.ts';
import { DEFAULT_TICKET_FILTER, formatDuration, readTicketFilter, ticketQuery, timeLeftLabel, type TicketFilter } from '../../../src/features/tickets/staff.ts';
import type { StaffMember } from '../auth/permissions.ts';
import { InvalidTicketCursorError, ticketPage } from './staff-list.ts';

const technician: StaffMember = { id: 'tech-mq', name: 'Marc Édouard', username: 'marc@vc.fr', role: 'technicien', territories: ['martinique'], isOwner: false };
const administrator: StaffMember = { id: 'admin', name: 'Admin', username: 'admin', role: 'administrateur', territories: ['martinique'], isOwner: true };

let serial = 0;
const summary = (fields: Partial<TicketSummary>): TicketSummary => {
  serial += 1;
  return {
    id: `t${String(serial).padStart(3, '0')}`,
    reference: `TK-2026-${String(serial).padStart(5, '0')}`,
    companyId: 'c1',
    companyName: 'Supérette du Bourg',
    territory: 'martinique',
    impact: 'degrade',
    state: 'nouveau',
    openedAt: `2026-03-02T12:${String(serial % 60).padStart(2, '0')}:00.000Z`,
    assignedTo: null,
    takenInChargeAt: null,
    resolvedAt: null,
    updatedAt: '2026-03-02T12:00:00.000Z',
    model: 'TM-T20III',
    due: { priseEnCharge: null, resolution: null },
    minutesLeft: 100,
    late: false,
    ...fields,
  };
};

const filter = (change: Partial<TicketFilter> = {}): TicketFilter => ({ ...DEFAULT_TICKET_FILTER, ...change });

describe('the staff list of tickets', () => {
  const late = summary({ minutesLeft: -35, late: true, impact: 'bloquant' });
  const later = summary({ minutesLeft: -200, late: true });
  const soon = summary({ minutesLeft: 20, assignedTo: { id: 'tech-mq', name: 'Marc Édouard' } });
  const paused = summary({ minutesLeft: null, state: 'en_attente_client' });
  const relaxed = summary({ minutesLeft: 900, impact: 'question' });
  const guadeloupe = summary({ minutesLeft: -500, late: true, territory: 'guadeloupe' });
  const all = [relaxed, paused, soon, late, later, guadeloupe];

  it('puts the latest tickets first, then the least time left, tickets without a running target last', () => {
    expect(ticketPage(all, technician, filter()).data.map((row) => row.id)).toEqual([later, late, soon, relaxed, paused].map((row) => row.id));
  });

  it('never shows another territory to a technician, even when asked for « Tous » or that territory', () => {
    expect(ticketPage(all, technician, filter({ territory: 'tous' })).data).not.toContainEqual(guadeloupe);
    expect(ticketPage(all, technician, filter({ territory: 'guadeloupe' })).data).toEqual([]);
    expect(ticketPage(all, technician, filter()).territories.map((row) => row.territory)).toEqual(['martinique']);
  });

  it('shows an administrator every territory on « Tous », with counters per territory', () => {
    const page = ticketPage(all, administrator, filter({ territory: 'tous' }));
    expect(page.data[0]).toEqual(guadeloupe);
    expect(page.territories).toEqual([
      { territory: 'martinique', open: 5, late: 2 },
      { territory: 'guadeloupe', open: 1, late: 1 },
      { territory: 'guyane', open: 0, late: 0 },
    ]);
  });

  it('keeps « En retard », « Mes tickets », an impact or a state, and counts what every button would give', () => {
    expect(ticketPage(all, technician, filter({ late: true })).data.map((row) => row.id)).toEqual([later.id, late.id]);
    expect(ticketPage(all, technician, filter({ mine: true })).data).toEqual([soon]);
    expect(ticketPage(all, technician, filter({ impact: 'bloquant' })).data).toEqual([late]);
    expect(ticketPage(all, technician, filter({ state: 'en_attente_client' })).data).toEqual([paused]);
    const { counts } = ticketPage(all, technician, filter({ late: true }));
    expect(counts).toEqual({ open: 5, late: 2, mine: 1, states: { nouveau: 4, en_attente_client: 1 }, impacts: { degrade: 3, bloquant: 1, question: 1 } });
  });

  it('pages with a cursor that continues after the last row and never repeats one', () => {
    const first = ticketPage(all, technician, filter(), { limit: 2 });
    expect(first.data.map((row) => row.id)).toEqual([later.id, late.id]);
    const second = ticketPage(all, technician, filter(), { limit: 2, cursor: first.nextCursor! });
    expect(second.data.map((row) => row.id)).toEqual([soon.id, relaxed.id]);
    const third = ticketPage(all, technician, filter(), { limit: 2, cursor: second.nextCursor! });
    expect(third.data.map((row) => row.id)).toEqual([paused.id]);
    expect(third.nextCursor).toBeNull();
  });

  it('refuses a cursor it did not make', () => {
    expect(() => ticketPage(all, technician, filter(), { cursor: 'pas-un-curseur' })).toThrow(InvalidTicketCursorError);
  });
});

describe('the list filter in the URL', () => {
  it('reads back what it wrote', () => {
    const chosen = filter({ state: 'pris_en_charge', impact: 'bloquant', territory: 'tous', mine: true, late: true });
    const read = readTicketFilter(new URLSearchParams(ticketQuery(chosen).slice(1)));
    expect(read).toEqual({ ok: true, filter: chosen });
    expect(ticketQuery(DEFAULT_TICKET_FILTER)).toBe('');
  });

  it('names the field and says in French what is wrong', () => {
    expect(readTicketFilter(new URLSearchParams('etat=perdu'))).toMatchObject({ ok: false, field: 'etat', error: expect.stringContaining('État invalide') });
    expect(readTicketFilter(new URLSearchParams('impact=urgent'))).toMatchObject({ ok: false, field: 'impact' });
    expect(readTicketFilter(new URLSearchParams('territoire=corse'))).toMatchObject({ ok: false, field: 'territoire' });
    expect(readTicketFilter(new URLSearchParams('retard=oui'))).toMatchObject({ ok: false, field: 'retard' });
  });
});

describe('time left as the list reads it', () => {
  it('writes hours and minutes, and « En retard de » when late', () => {
    expect(formatDuration(80)).toBe('1\u00a0h\u00a020\u00a0min');
    expect(formatDuration(120)).toBe('2\u00a0heures');
    expect(formatDuration(60)).toBe('1\u00a0heure');
    expect(formatDuration(35)).toBe('35\u00a0min');
    expect(timeLeftLabel(-35.4)).toEqual({ text: 'En retard de 35\u00a0min', late: true });
    expect(timeLeftLabel(65)).toEqual({ text: '1\u00a0h\u00a005\u00a0min', late: false });
    expect(timeLeftLabel(null)).toEqual({ text: '—', late: false });
  });
});
