import { describe, expect, test } from 'vitest';
import { accountValues, hasSessionHint, isCustomerMe } from './signed-in';

const me = {
  person: { id: 'p1', name: 'Léa Client', email: 'lea@client.fr', phone: '0590 11 22 33' },
  company: { id: 'c1', name: 'Société Client', clientCode: 'C-0042', territory: 'guadeloupe' as const },
};

describe('the public forms of a signed-in customer', () => {
  test('the hint is the cookie vc_espace_client_present=1 among the page’s cookies, nothing else', () => {
    expect(hasSessionHint('vc_territoire=guyane; vc_espace_client_present=1')).toBe(true);
    expect(hasSessionHint('vc_espace_client_present=1')).toBe(true);
    for (const cookies of ['', 'vc_espace_client_present=', 'vc_espace_client_present=0', 'autre_vc_espace_client_present=1', 'vc_espace_client=abc.def']) expect(hasSessionHint(cookies), cookies).toBe(false);
  });

  test('an answer of /moi is used only when it holds the person’s and the company’s texts', () => {
    expect(isCustomerMe(me)).toBe(true);
    expect(isCustomerMe(null)).toBe(false);
    expect(isCustomerMe({ person: me.person })).toBe(false);
    expect(isCustomerMe({ ...me, company: { ...me.company, clientCode: 42 } })).toBe(false);
  });

  test('the fields filled from the account: name, e-mail, phone, company and client code', () => {
    expect(accountValues(me)).toEqual({ name: 'Léa Client', email: 'lea@client.fr', phone: '0590 11 22 33', company: 'Société Client', clientCode: 'C-0042' });
  });
});
