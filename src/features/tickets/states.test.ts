import { frenchTypography } from '../../lib/typography';
import { describe, expect, it } from 'vitest';
import {
  checkTransition,
  canTransition,
  INITIAL_TICKET_STATE,
  isTicketImpact,
  isTicketState,
  nextStates,
  pausedIntervals,
  RESOLVED_GRACE_MS,
  TICKET_IMPACTS,
  TICKET_STATES,
  ticketImpactOf,
  type TicketActor,
  type TicketState,
} from './states.ts';

const resolvedAt = new Date('2026-03-02T15:00:00Z');
const after = (ms: number): Date => new Date(resolvedAt.getTime() + ms);
const HOUR = 3_600_000;
/** A context with no time condition in play (the ticket was never resolved). */
const now = { at: new Date('2026-03-02T15:00:00Z'), resolvedAt: null };
const STATES = TICKET_STATES.map((state) => state.id);
const ACTORS: TicketActor[] = ['staff', 'client', 'systeme'];

describe('the tables', () => {
  it('a new ticket starts « Nouveau »', () => {
    expect(INITIAL_TICKET_STATE).toBe('nouveau');
  });

  it('every state and impact has a distinct id, a French label and a badge tone', () => {
    for (const table of [TICKET_STATES, TICKET_IMPACTS]) {
      expect(new Set(table.map((entry) => entry.id)).size).toBe(table.length);
      for (const entry of table) {
        expect(entry.label).toMatch(/^[A-ZÀ-Ý]/);
        expect(['red', 'amber', 'green', 'grey', 'blue']).toContain(entry.tone);
      }
    }
  });

  it('the customer chooses « Bloquant » by what it means for the shop', () => {
    expect(ticketImpactOf('bloquant').description).toBe('Bloquant — encaissement ou activité à l’arrêt');
  });

  it('only « En attente client » pauses the clock', () => {
    expect(TICKET_STATES.filter((state) => state.pausesClock).map((state) => state.id)).toEqual(['en_attente_client']);
  });

  it('« Résolu » and « Clos » no longer count as open', () => {
    expect(TICKET_STATES.filter((state) => !state.open).map((state) => state.id)).toEqual(['resolu', 'clos']);
  });

  it('a more urgent impact has shorter targets, and each resolution comes after its taking in charge', () => {
    for (const [index, impact] of TICKET_IMPACTS.entries()) {
      expect(impact.targets.resolution).toBeGreaterThan(impact.targets.priseEnCharge);
      const lessUrgent = TICKET_IMPACTS[index + 1];
      if (lessUrgent) {
        expect(impact.targets.priseEnCharge).toBeLessThan(lessUrgent.targets.priseEnCharge);
        expect(impact.targets.resolution).toBeLessThan(lessUrgent.targets.resolution);
      }
    }
  });

  it('recognises stored ids and nothing else', () => {
    expect(isTicketState('en_attente_client')).toBe(true);
    expect(isTicketState('Résolu')).toBe(false);
    expect(isTicketImpact('degrade')).toBe(true);
    expect(isTicketImpact('urgent')).toBe(false);
  });
});

describe('staff work the ticket', () => {
  it('staff take a new ticket in charge, go on site, ask the customer and resolve it', () => {
    const path: TicketState[] = ['nouveau', 'pris_en_charge', 'en_intervention', 'en_attente_client', 'en_intervention', 'resolu'];
    for (let i = 1; i < path.length; i += 1) expect(canTransition(path[i - 1]!, path[i]!, 'staff', now)).toBe(true);
  });

  it('staff may resolve a ticket from any open state', () => {
    for (const from of ['nouveau', 'pris_en_charge', 'en_intervention', 'en_attente_client'] as const) {
      expect(canTransition(from, 'resolu', 'staff', now)).toBe(true);
    }
  });

  it('staff may take a resolved ticket up again or close it early', () => {
    const context = { at: after(HOUR), resolvedAt };
    expect(nextStates('resolu', 'staff', context)).toEqual(['pris_en_charge', 'en_intervention', 'clos']);
  });

  it('nobody moves a ticket back to « Nouveau »', () => {
    for (const from of STATES) for (const actor of ACTORS) expect(canTransition(from, 'nouveau', actor, { at: after(HOUR), resolvedAt })).toBe(false);
  });

  it('staff cannot close a ticket that was never resolved', () => {
    const check = checkTransition('en_intervention', 'clos', 'staff', now);
    expect(check).toEqual({ ok: false, message: frenchTypography('Un ticket « En intervention » ne peut pas passer à « Clos ».') });
  });

  it('moving a ticket to the state it is in is refused, in French', () => {
    expect(checkTransition('pris_en_charge', 'pris_en_charge', 'staff', now)).toEqual({ ok: false, message: frenchTypography('Le ticket est déjà « Pris en charge ».') });
  });
});

describe('« Clos » is final', () => {
  it('nobody moves a closed ticket, whatever the target and the time', () => {
    for (const to of STATES) {
      for (const actor of ACTORS) {
        expect(canTransition('clos', to, actor, { at: after(30 * 24 * HOUR), resolvedAt })).toBe(false);
      }
    }
    expect(checkTransition('clos', 'pris_en_charge', 'staff', now)).toEqual({ ok: false, message: 'Un ticket clos ne change plus d’état.' });
  });
});

describe('the customer', () => {
  it('a customer reopens a « Résolu » ticket within 7 days', () => {
    const context = { at: after(RESOLVED_GRACE_MS - 1000), resolvedAt };
    expect(checkTransition('resolu', 'pris_en_charge', 'client', context)).toEqual({ ok: true });
    expect(nextStates('resolu', 'client', context)).toEqual(['pris_en_charge']);
  });

  it('a customer can no longer reopen once 7 days have passed, and is told so in French', () => {
    const context = { at: after(RESOLVED_GRACE_MS), resolvedAt };
    const check = checkTransition('resolu', 'pris_en_charge', 'client', context);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.message).toMatch(/plus de 7 jours.*ne peut plus être rouvert/);
    expect(nextStates('resolu', 'client', context)).toEqual([]);
  });

  it('the 7 days are counted from the last resolution', () => {
    const reResolved = after(6 * 24 * HOUR);
    expect(canTransition('resolu', 'pris_en_charge', 'client', { at: after(10 * 24 * HOUR), resolvedAt: reResolved })).toBe(true);
  });

  it('a customer’s answer ends « En attente client »', () => {
    expect(nextStates('en_attente_client', 'client', now)).toEqual(['pris_en_charge']);
  });

  it('a customer cannot take in charge, resolve or close a ticket', () => {
    for (const from of ['nouveau', 'pris_en_charge', 'en_intervention'] as const) expect(nextStates(from, 'client', now)).toEqual([]);
    expect(canTransition('resolu', 'clos', 'client', { at: after(HOUR), resolvedAt })).toBe(false);
  });
});

describe('the daily job', () => {
  it('the daily job closes « Résolu » after 7 days', () => {
    expect(canTransition('resolu', 'clos', 'systeme', { at: after(RESOLVED_GRACE_MS), resolvedAt })).toBe(true);
  });

  it('the daily job leaves a ticket resolved less than 7 days ago open to its customer', () => {
    const check = checkTransition('resolu', 'clos', 'systeme', { at: after(RESOLVED_GRACE_MS - 1000), resolvedAt });
    expect(check).toEqual({ ok: false, message: frenchTypography('Ce ticket a été résolu il y a moins de 7 jours : il reste ouvert à son client.') });
  });

  it('reopening and closing never overlap: at every instant exactly one of them is allowed', () => {
    for (const ms of [0, 1000, RESOLVED_GRACE_MS - 1, RESOLVED_GRACE_MS, RESOLVED_GRACE_MS + 1]) {
      const context = { at: after(ms), resolvedAt };
      expect(canTransition('resolu', 'pris_en_charge', 'client', context)).not.toBe(canTransition('resolu', 'clos', 'systeme', context));
    }
  });

  it('the daily job moves nothing but resolved tickets', () => {
    const late = { at: after(30 * 24 * HOUR), resolvedAt };
    for (const from of STATES.filter((state) => state !== 'resolu')) expect(nextStates(from, 'systeme', late)).toEqual([]);
  });
});

describe('paused intervals from the history', () => {
  const at = (time: string): Date => new Date(`2026-03-0${time}Z`);

  it('each stay in « En attente client » is one interval, an ongoing one without end', () => {
    const history = [
      { state: 'nouveau', at: at('2T12:00') },
      { state: 'pris_en_charge', at: at('2T13:00') },
      { state: 'en_attente_client', at: at('2T14:00') },
      { state: 'pris_en_charge', at: at('3T15:00') },
      { state: 'en_intervention', at: at('3T16:00') },
      { state: 'en_attente_client', at: at('4T12:00') },
    ] as const;
    expect(pausedIntervals(history)).toEqual([
      { start: at('2T14:00'), end: at('3T15:00') },
      { start: at('4T12:00'), end: null },
    ]);
  });

  it('a ticket that never waited for its customer has no paused interval', () => {
    expect(pausedIntervals([{ state: 'nouveau', at: at('2T12:00') }, { state: 'resolu', at: at('2T18:00') }])).toEqual([]);
  });
});
