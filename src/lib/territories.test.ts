import { describe, expect, it } from 'vitest';
import { publicHolidays } from '../features/tickets/clock';
import { notificationAddress, territoryFromPhone } from '../features/territory/routing';
import { DEFAULT_TERRITORY, HEAD_OFFICE_TIME_ZONE, TERRITORIES, inTerritories, isTerritoryId, territoryOf, type Territory } from './territories';
import { vatLabel } from './taxes';
import { moment, offsetIn } from '../records/moment';

/** Every field a row must carry: a new territory that forgets one fails here. */
const FIELDS = ['id', 'label', 'vatBasisPoints', 'legalReference', 'timeZone', 'zoneName', 'holidayRegion', 'diallingCode', 'phonePrefixes', 'mailVariable'] as const satisfies readonly (keyof Territory)[];

describe('the territories’ table: adding a territory is one row', () => {
  it('gives every row every field, filled', () => {
    for (const territory of TERRITORIES as readonly Territory[]) {
      expect(Object.keys(territory).sort()).toEqual([...FIELDS].sort());
      for (const field of FIELDS) if (field !== 'vatBasisPoints') expect(territory[field], `${territory.id}.${field}`).toBeTruthy();
      expect(territory.phonePrefixes.length).toBeGreaterThan(0);
    }
  });

  it('names distinct territories, each with its own dialling code, prefixes and mail variable', () => {
    const distinct = (values: readonly string[]) => new Set(values).size === values.length;
    expect(distinct(TERRITORIES.map((territory) => territory.id))).toBe(true);
    expect(distinct(TERRITORIES.map((territory) => territory.diallingCode))).toBe(true);
    expect(distinct(TERRITORIES.flatMap((territory) => territory.phonePrefixes))).toBe(true);
    expect(distinct(TERRITORIES.map((territory) => territory.mailVariable))).toBe(true);
  });

  it('gives each row a zone the clock knows and a region with public holidays', () => {
    for (const territory of TERRITORIES) {
      expect(() => new Intl.DateTimeFormat('fr-FR', { timeZone: territory.timeZone })).not.toThrow();
      expect(publicHolidays(territory.id, 2026).size, territory.id).toBeGreaterThan(8);
    }
  });

  it('is what the rest of the site reads: phone prefixes, notification address, moments, VAT line', () => {
    for (const territory of TERRITORIES) {
      for (const prefix of territory.phonePrefixes) expect(territoryFromPhone(`${prefix} 12 34 56`)).toBe(territory.id);
      expect(territoryFromPhone(`+${territory.diallingCode} 696 12 34 56`)).toBe(territory.id);
      expect(notificationAddress(territory.id, { [territory.mailVariable]: `${territory.id}@exemple.fr` })).toBe(`${territory.id}@exemple.fr`);
      const at = '2026-11-27T03:34:00.000Z';
      const ownTime = offsetIn(territory.id, Date.parse(at)) !== offsetIn(DEFAULT_TERRITORY, Date.parse(at));
      expect(moment(at, territory.id).endsWith(ownTime ? `(${territory.zoneName})` : '34')).toBe(true);
      expect(vatLabel(territory.id)).toContain(territory.vatBasisPoints === null ? territory.legalReference : territory.label);
    }
  });

  it('defaults to Martinique, the head office, whose zone is the company’s calendar, and recognises only known territories', () => {
    expect(DEFAULT_TERRITORY).toBe('martinique');
    expect(HEAD_OFFICE_TIME_ZONE).toBe('America/Martinique');
    for (const territory of TERRITORIES) expect(isTerritoryId(territory.id)).toBe(true);
    expect(isTerritoryId('france')).toBe(false);
    expect(isTerritoryId(undefined)).toBe(false);
  });
});

describe('inTerritories', () => {
  it('names every territory of the table in one French phrase, each with its « en »', () => {
    const phrase = inTerritories();
    for (const territory of TERRITORIES) expect(phrase).toContain(`en ${territory.label}`);
    expect(inTerritories([territoryOf('martinique'), territoryOf('guadeloupe')])).toBe('en Martinique et en Guadeloupe');
  });
});
