import { describe, expect, it } from 'vitest';
import { company } from '../../lib/site.ts';
import { notificationAddress, territoryFromPhone } from './routing.ts';

describe('a contact request takes the territory its phone number names', () => {
  it.each([
    ['0596 12 34 56', 'martinique'],
    ['0696 12 34 56', 'martinique'],
    ['+596 596 12 34 56', 'martinique'],
    ['+596696123456', 'martinique'],
    ['00596 696 12 34 56', 'martinique'],
    ['0590 12 34 56', 'guadeloupe'],
    ['06.90.12.34.56', 'guadeloupe'],
    ['+590 690 12 34 56', 'guadeloupe'],
    ['00 590 590 12 34 56', 'guadeloupe'],
    ['0594-12-34-56', 'guyane'],
    ['0694 12 34 56', 'guyane'],
    ['+594 694 12 34 56', 'guyane'],
    ['00594594123456', 'guyane'],
    [' (0594) 12 34 56 ', 'guyane'],
  ] as const)('%s → %s', (phone, territory) => {
    expect(territoryFromPhone(phone)).toBe(territory);
  });

  it.each([['01 23 45 67 89'], ['+33 6 12 34 56 78'], ['0612345678'], [''], ['pas de numéro']])('%j names no territory: Martinique', (phone) => {
    expect(territoryFromPhone(phone)).toBe('martinique');
  });

  it('no phone at all reads as Martinique', () => {
    expect(territoryFromPhone(undefined)).toBe('martinique');
    expect(territoryFromPhone(null)).toBe('martinique');
  });

  it('a territory code further in the number does not count', () => {
    expect(territoryFromPhone('01 0594 12 34')).toBe('martinique');
    expect(territoryFromPhone('+33 590 12 34 56')).toBe('martinique');
  });
});

describe("the notification goes to the territory's address", () => {
  const env = {
    MAIL_TO: 'contact@exemple.fr',
    MAIL_TO_MARTINIQUE: 'martinique@exemple.fr',
    MAIL_TO_GUADELOUPE: 'guadeloupe@exemple.fr',
    MAIL_TO_GUYANE: 'guyane@exemple.fr',
  };

  it.each([
    ['martinique', 'martinique@exemple.fr'],
    ['guadeloupe', 'guadeloupe@exemple.fr'],
    ['guyane', 'guyane@exemple.fr'],
  ] as const)('%s → its own address', (territory, address) => {
    expect(notificationAddress(territory, env)).toBe(address);
  });

  it('a territory without its own address (or a blank one) uses MAIL_TO', () => {
    expect(notificationAddress('guyane', { MAIL_TO: 'contact@exemple.fr', MAIL_TO_GUYANE: '  ' })).toBe('contact@exemple.fr');
    expect(notificationAddress('guadeloupe', { MAIL_TO: ' contact@exemple.fr ' })).toBe('contact@exemple.fr');
  });

  it("without MAIL_TO either, the company's address", () => {
    expect(notificationAddress('martinique', {})).toBe(company.email);
  });
});
