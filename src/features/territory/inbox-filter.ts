/**
 * The inbox's territory filter, shared by the URL of the admin and the list endpoint: « Mes territoires »
 * (the territories of the person signed in; what the inbox opens on, so it is the default and stays out of
 * the URL), « Tous », or one territory. Whatever is chosen, a person who is not an administrator only ever
 * gets the requests of their own territories (the server decides that, not this filter).
 */
import { TERRITORIES, isTerritoryId, type TerritoryId } from '../../lib/territories.ts';

export type TerritoryFilter = 'mes' | 'tous' | TerritoryId;

/** The filter the inbox opens on. */
export const DEFAULT_TERRITORY_FILTER: TerritoryFilter = 'mes';

/** The choices of the filter, in the order the select offers them. */
export const TERRITORY_FILTERS: ReadonlyArray<{ value: TerritoryFilter; label: string }> = [
  { value: 'mes', label: 'Mes territoires' },
  { value: 'tous', label: 'Tous' },
  ...TERRITORIES.map((territory) => ({ value: territory.id, label: territory.label })),
];

/** Whether a value (from a URL) is one of the filter's choices. */
export const isTerritoryFilter = (value: unknown): value is TerritoryFilter => value === 'mes' || value === 'tous' || isTerritoryId(value);

/** The « Mes dossiers » filter's value in the URL (`?dossiers=miens`): the requests assigned to the person signed in. */
export const MINE_FILTER = 'miens';
