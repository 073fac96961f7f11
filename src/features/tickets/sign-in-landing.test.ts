import { describe, expect, it } from 'vitest';
import { signedInAs } from '../admin/session';
import { landingPathOf } from './ticket-links';
import { ticketPages } from './ticket-paths';

/** A token whose payload names a role (the signature is not read by the browser). */
const tokenOf = (payload: object): string => `e30.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.signature`;

describe('after signing in', () => {
  it('a technician lands on the tickets; the others stay on the requests', () => {
    expect(landingPathOf(tokenOf({ role: 'technicien' }))).toBe(ticketPages.list);
    expect(landingPathOf(tokenOf({ role: 'commercial' }))).toBeUndefined();
    expect(landingPathOf(tokenOf({ role: 'administrateur' }))).toBeUndefined();
    expect(landingPathOf(tokenOf({ sub: 'owner' }))).toBeUndefined();
  });

  it('the inbox names the person’s real role', () => {
    expect(signedInAs(tokenOf({ role: 'commercial' }))).toBe('Connecté en tant que commercial');
    expect(signedInAs(tokenOf({ role: 'technicien' }))).toBe('Connecté en tant que technicien');
    expect(signedInAs(tokenOf({ role: 'administrateur' }))).toBe('Connecté en tant qu’administrateur');
    expect(signedInAs(tokenOf({ sub: 'owner' }))).toBe('Connecté en tant qu’administrateur');
  });
});
