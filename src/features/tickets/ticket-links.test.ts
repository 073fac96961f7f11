import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLES, can } from '../../../netlify/lib/auth/permissions.ts';
import { STORAGE_KEYS } from '../../lib/constants';
import { showTicketLinks } from './ticket-links';
import { TICKET_ROLES } from './ticket-paths';

/** A token whose payload names a role (the signature is not read by the browser). */
const tokenOf = (payload: object): string => `e30.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.signature`;

const storageWith = (token: string | null): Storage => ({ getItem: (key: string) => (key === STORAGE_KEYS.adminToken ? token : null) }) as Storage;

function linkShownFor(token: string | null): boolean {
  const link = { hidden: true };
  showTicketLinks({ querySelectorAll: () => [link] } as unknown as ParentNode, storageWith(token));
  return !link.hidden;
}

describe('the « Tickets » link of the admin header', () => {
  it('is shown to exactly the roles that read tickets on the server', () => {
    expect(PERMISSIONS).toContain('tickets.read');
    const readers = Object.keys(ROLES).filter((role) => can(role as keyof typeof ROLES, 'tickets.read'));
    expect([...TICKET_ROLES].sort()).toEqual(readers.sort());
  });

  it('shows for a technician and the owner, hides for a salesperson and without a session', () => {
    expect(linkShownFor(tokenOf({ role: 'technicien' }))).toBe(true);
    expect(linkShownFor(tokenOf({ sub: 'owner' }))).toBe(true);
    expect(linkShownFor(tokenOf({ role: 'commercial' }))).toBe(false);
    expect(linkShownFor(null)).toBe(false);
  });
});
