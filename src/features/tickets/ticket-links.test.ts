import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLES, can } from '../team/roles';
import { STORAGE_KEYS } from '../../lib/constants';
import { showTicketLinks } from './ticket-links';

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
    for (const { id } of ROLES) expect(linkShownFor(tokenOf({ role: id })), id).toBe(can(id, 'tickets.read'));
    expect(ROLES.filter(({ id }) => can(id, 'tickets.read')).map(({ id }) => id)).toEqual(['administrateur', 'technicien']);
  });

  it('shows for a technician and the owner, hides for a salesperson and without a session', () => {
    expect(linkShownFor(tokenOf({ role: 'technicien' }))).toBe(true);
    expect(linkShownFor(tokenOf({ sub: 'owner' }))).toBe(true);
    expect(linkShownFor(tokenOf({ role: 'commercial' }))).toBe(false);
    expect(linkShownFor(null)).toBe(false);
  });
});
