/**
 * Who may do what: the staff roles and their permissions, in one table. Every endpoint of the back office
 * declares the permission it needs (netlify/lib/api/endpoint.ts) and is refused with 403 without it.
 *
 * - « Administrateur »: everything, the team and the journal included.
 * - « Commercial »: requests, devis, customers.
 * - « Technicien »: tickets and customers' equipment; reads requests.
 *
 * Today the only account is the owner's, from the environment (ADMIN_USERNAME and its password hash): an
 * administrator of every territory, whom nobody can disable from the site.
 */

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
export const ROLES = {
  administrateur: { label: 'Administrateur', permissions: allow(...PERMISSIONS) },
  commercial: {
    label: 'Commercial',
    permissions: allow('requests.read', 'requests.write', 'requests.delete', 'devis.read', 'devis.write', 'mail.resend', 'customers.read', 'customers.write'),
  },
  technicien: {
    label: 'Technicien',
    permissions: allow('tickets.read', 'tickets.write', 'equipment.read', 'equipment.write', 'customers.read', 'requests.read'),
  },
} as const satisfies Record<string, Role>;

export type RoleId = keyof typeof ROLES;

/** Whether a role grants a permission. */
export const can = (role: RoleId, permission: Permission): boolean => ROLES[role].permissions.has(permission);

/** A person signed in to the back office, as an endpoint sees them. */
export interface StaffMember {
  username: string;
  role: RoleId;
}

/** The environment's account (ADMIN_USERNAME): the owner, an administrator. */
export const ownerAccount = (username: string): StaffMember => ({ username, role: 'administrateur' });
