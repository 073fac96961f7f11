/**
 * Who may do what: the staff roles, their labels and their permissions, in one table shared by the server
 * (every endpoint declares the permission it needs, netlify/lib/api/endpoint.ts, and is refused with 403
 * without it) and the screens (which links and choices to show). Nothing else names a role to decide.
 *
 * - « Administrateur »: everything, the team, the journal and the on-call rota (« Astreinte ») included, and the requests of every territory.
 * - « Commercial »: requests, devis, customers (their equipment included).
 * - « Technicien »: tickets (and may be assigned one in their territories), the workshop's repairs and customers'
 *   equipment; reads requests. Sales people read the repairs, to answer a customer who calls about their device.
 *
 * The environment's account (ADMIN_USERNAME and its password hash) is the owner's (OWNER_ID): an
 * administrator of every territory, whom nobody can disable from the site.
 */

/** Every permission an endpoint or a rule can ask for. */
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
  /** The workshop's repair orders and loans: technicians (of their territories) and administrators write; sales read, to answer a customer who calls about their device. */
  'repairs.read',
  'repairs.write',
  'equipment.read',
  'equipment.write',
  'team.manage',
  'journal.read',
  /** Sets the on-call rota (« Astreinte ») of the territories. */
  'rota.manage',
  /** Sees the requests of every territory, whatever their own territories. */
  'territories.all',
  /** Can be assigned a ticket of their territories (and is told of its new tickets). */
  'tickets.assignable',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const ADMINISTRATOR: readonly Permission[] = PERMISSIONS.filter((permission) => permission !== 'tickets.assignable');

/** The roles, in the order the screens offer them: id, French label, permissions. */
export const ROLES = [
  { id: 'administrateur', label: 'Administrateur', permissions: ADMINISTRATOR },
  {
    id: 'commercial',
    label: 'Commercial',
    // Customers' equipment is part of the customer's record they keep (the company's page).
    permissions: ['requests.read', 'requests.write', 'requests.delete', 'devis.read', 'devis.write', 'mail.resend', 'customers.read', 'customers.write', 'equipment.read', 'equipment.write', 'repairs.read'],
  },
  {
    id: 'technicien',
    label: 'Technicien',
    permissions: ['tickets.read', 'tickets.write', 'tickets.assignable', 'repairs.read', 'repairs.write', 'equipment.read', 'equipment.write', 'customers.read', 'requests.read'],
  },
] as const satisfies readonly { id: string; label: string; permissions: readonly Permission[] }[];

export type RoleId = (typeof ROLES)[number]['id'];

/** The id of the environment's owner account (never stored as an account). */
export const OWNER_ID = 'proprietaire';

/** Whether a role grants a permission (an unknown role grants nothing). */
export const can = (role: RoleId | string | undefined, permission: Permission): boolean =>
  (ROLES.find((entry) => entry.id === role)?.permissions as readonly Permission[] | undefined)?.includes(permission) ?? false;

/** The label of a role (« Commercial »). */
export const roleLabel = (id: RoleId): string => ROLES.find((role) => role.id === id)!.label;

/** The states of an account: invited (enrolling), active (may sign in), disabled (refused everywhere). */
export const ACCOUNT_STATES = [
  { id: 'invite', label: 'Invité' },
  { id: 'actif', label: 'Actif' },
  { id: 'desactive', label: 'Désactivé' },
] as const;

export type AccountState = (typeof ACCOUNT_STATES)[number]['id'];

/** The label of an account state (« Désactivé »). */
export const accountStateLabel = (id: AccountState): string => ACCOUNT_STATES.find((state) => state.id === id)!.label;
