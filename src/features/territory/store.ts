/**
 * The visitor's delivery territory, shared by every page and island of the store: persisted in
 * localStorage under STORAGE_KEYS.territory (« visionstore-territoire »), validated when read (anything
 * unknown reads as the default, Martinique) and kept in sync across tabs. On the server (static build) it
 * holds the default, which is what the static HTML shows.
 */
import { persistentAtom } from '@nanostores/persistent';
import { STORAGE_KEYS } from '../../lib/constants';
import { DEFAULT_TERRITORY, isTerritoryId, type TerritoryId } from '../../lib/territories';

export const $territory = persistentAtom<TerritoryId>(STORAGE_KEYS.territory, DEFAULT_TERRITORY, {
  encode: (value: TerritoryId) => value,
  decode: (raw: string): TerritoryId => (isTerritoryId(raw) ? raw : DEFAULT_TERRITORY),
  listen: true,
});

/** Chooses the delivery territory (remembered, and every open tab follows). */
export const setTerritory = (id: TerritoryId): void => $territory.set(id);
