/**
 * Who may do what is the roles table, shared with the screens (src/features/team/roles.ts): every endpoint
 * of the back office declares the permission it needs (netlify/lib/api/endpoint.ts) and is refused with 403
 * without it. This file adds what only the server knows: the member of staff an endpoint sees, and the
 * environment's owner (an administrator of every territory, whom nobody can disable from the site).
 */
import { TERRITORIES, type TerritoryId } from '../../../src/lib/territories.ts';
import { can, OWNER_ID, type RoleId } from '../../../src/features/team/roles.ts';
import { company } from '../../../src/lib/site.ts';

export { can, OWNER_ID, PERMISSIONS, ROLES, type Permission, type RoleId } from '../../../src/features/team/roles.ts';

/** Whether this person acts on every territory's records (requests, tickets, companies), whatever their own territories. */
export const actsOnEveryTerritory = (staff: Pick<StaffMember, 'role'>): boolean => can(staff.role, 'territories.all');

/** Whether this person may create or change a record of this territory: one of theirs, or every one by their role. */
export const worksIn = (staff: Pick<StaffMember, 'role' | 'territories'>, territory: TerritoryId): boolean => actsOnEveryTerritory(staff) || staff.territories.includes(territory);

/** A person signed in to the back office, as an endpoint sees them. */
export interface StaffMember {
  /** The account's id, or OWNER_ID for the environment's owner. */
  id: string;
  /** The name histories and the journal show (« par Marie Joseph »). */
  name: string;
  /** What they sign in with: the owner's username, or a staff account's e-mail. */
  username: string;
  role: RoleId;
  /** The territories they work for (the owner: all of them); the inbox opens on these. */
  territories: readonly TerritoryId[];
  isOwner: boolean;
}

/**
 * A member of staff as the company's customers read them (a ticket's page, a report): a person by their
 * name; the owner's account, whose name is its sign-in name, by the company's (« Vision Caraïbes »).
 */
export const shownToCustomers = <Author extends { id: string; name: string }>(author: Author): Author => (author.id === OWNER_ID ? { ...author, name: company.name } : author);

/** The environment's account (ADMIN_USERNAME): the owner, an administrator of every territory. */
export const ownerAccount = (username: string): StaffMember => ({
  id: OWNER_ID,
  name: username,
  username,
  role: 'administrateur',
  territories: TERRITORIES.map((territory) => territory.id),
  isOwner: true,
});
