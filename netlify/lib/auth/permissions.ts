/**
 * Who may do what: the staff roles and their permissions, in one table. Every endpoint of the back office
 * declares the permission it needs (netlify/lib/api/endpoint.ts) and is refused with 403 without it.
 *
 * - « Administrateur »: everything, the team and the journal included.
 * - « Commercial »: requests, devis, customers (their equipment included).
 * - « Technicien »: tickets, the workshop's repairs and customers' equipment; reads requests.
 * - The workshop (repairs, their loans): technicians (of their territories) and administrators write;
 *   sales read, to answer a customer who calls about their device.
 *
 * The environment's account (ADMIN_USERNAME and its password hash) is the owner's: an administrator of
 * every territory, whom nobody can disable from the site. The role ids and labels are shared with the
 * screens (src/features/team/roles.ts); what each role may do is this table, on the server only.
 */
import { TERRITORIES, type TerritoryId } from '../../../src/lib/taxes.ts';
import type { RoleId } from '../../../src/features/team/roles.ts';

/** Every permission an endpoint can ask for. */
export const PERMISSIONS = [
  'requests.read',
  'requests.write',
  'requests.delete',
  'devis.read',
  'devis.write',
  'mail.resend',
  'customers.read',
  'customers.write',
  'tickets.read',
  'tickets.write',
  'repairs.read',
  'repairs.write',
  'equipment.read',
  'equipment.write',
  'team.manage',
  'journal.read',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** A staff role: its French label and what it may do. */
export interface Role {
  label: string;
  permissions: ReadonlySet<Permission>;
}

const allow = (...permissions: Permission[]): ReadonlySet<Permission> => new Set(permissions);

/** The roles, in one table. */
export const ROLES: Record<RoleId, Role> = {
  administrateur: { label: 'Administrateur', permissions: allow(...PERMISSIONS) },
  commercial: {
    label: 'Commercial',
    // Customers' equipment is part of the customer's record they keep (the company's page).
    permissions: allow('requests.read', 'requests.write', 'requests.delete', 'devis.read', 'devis.write', 'mail.resend', 'customers.read', 'customers.write', 'equipment.read', 'equipment.write', 'repairs.read'),
  },
  technicien: {
    label: 'Technicien',
    permissions: allow('tickets.read', 'tickets.write', 'repairs.read', 'repairs.write', 'equipment.read', 'equipment.write', 'customers.read', 'requests.read'),
  },
};

export type { RoleId };

/** Whether a role grants a permission. */
export const can = (role: RoleId, permission: Permission): boolean => ROLES[role].permissions.has(permission);

/** The id of the environment's owner account (never stored as an account). */
export const OWNER_ID = 'proprietaire';

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

/** The environment's account (ADMIN_USERNAME): the owner, an administrator of every territory. */
export const ownerAccount = (username: string): StaffMember => ({
  id: OWNER_ID,
  name: username,
  username,
  role: 'administrateur',
  territories: TERRITORIES.map((territory) => territory.id),
  isOwner: true,
});
