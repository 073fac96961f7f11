/**
 * The roles of staff accounts and the states of an account, with the labels every screen shows.
 * What each role may do (the permissions table) lives with the server's authorisation code; this is the
 * list of ids and names, shared by the server and the admin screens.
 */

/** Staff roles, in the order the screens offer them. */
export const ROLES = [
  { id: 'administrateur', label: 'Administrateur' },
  { id: 'commercial', label: 'Commercial' },
  { id: 'technicien', label: 'Technicien' },
] as const;

export type RoleId = (typeof ROLES)[number]['id'];

/** Whether a value is a role id. */
export const isRoleId = (value: unknown): value is RoleId => ROLES.some((role) => role.id === value);

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
