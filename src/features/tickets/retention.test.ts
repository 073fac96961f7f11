import { describe, expect, it } from 'vitest';
import { resolvedGraceOver, ticketErasableFrom, ticketExpired } from './retention.ts';

describe('the job closes a resolved ticket', () => {
  it('once 7 whole days have passed since « Résolu », not a minute before', () => {
    const resolved = '2026-03-02T15:00:00.000Z';
    expect(resolvedGraceOver(resolved, new Date('2026-03-09T14:59:00.000Z'))).toBe(false);
    expect(resolvedGraceOver(resolved, new Date('2026-03-09T15:00:00.000Z'))).toBe(true);
  });
  it('never when it was never resolved or the date is unreadable', () => {
    expect(resolvedGraceOver(null, new Date())).toBe(false);
    expect(resolvedGraceOver('hier', new Date())).toBe(false);
  });
});

describe('a closed ticket is kept for the contract’s life and 5 years', () => {
  it('without a contract: 5 years after its closing', () => {
    expect(ticketErasableFrom('2026-03-09T15:00:00.000Z', null).toISOString()).toBe('2031-03-09T15:00:00.000Z');
    expect(ticketExpired('2026-03-09T15:00:00.000Z', null, new Date('2031-03-09T14:00:00.000Z'))).toBe(false);
    expect(ticketExpired('2026-03-09T15:00:00.000Z', null, new Date('2031-03-09T16:00:00.000Z'))).toBe(true);
  });
  it('under a contract that runs on: 5 years after the contract’s last day', () => {
    expect(ticketExpired('2026-03-09T15:00:00.000Z', '2030-12-31', new Date('2032-01-01T00:00:00.000Z'))).toBe(false);
    expect(ticketExpired('2026-03-09T15:00:00.000Z', '2030-12-31', new Date('2036-01-01T00:00:00.000Z'))).toBe(true);
  });
  it('a contract that ended before the closing does not shorten it', () => {
    expect(ticketErasableFrom('2026-03-09T15:00:00.000Z', '2020-01-31').toISOString()).toBe('2031-03-09T15:00:00.000Z');
  });
  it('an open ticket (no closing) is never erased', () => {
    expect(ticketExpired(null, null, new Date('2090-01-01T00:00:00.000Z'))).toBe(false);
  });
});
