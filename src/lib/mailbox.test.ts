import { describe, expect, it } from 'vitest';
import { mailboxOf, sameMailbox } from './mailbox';

describe('two addresses are one mailbox', () => {
  it('whatever their case and blanks', () => {
    expect(sameMailbox(' Prenom.Nom@Vision-Caraibes.FR ', 'prenom.nom@vision-caraibes.fr')).toBe(true);
  });

  it('whatever the +tag of the local part, at any domain', () => {
    expect(sameMailbox('prenom.nom+client@vision-caraibes.fr', 'prenom.nom@vision-caraibes.fr')).toBe(true);
    expect(sameMailbox('prenom.nom+a+b@orange.fr', 'prenom.nom+c@orange.fr')).toBe(true);
  });

  it('whatever the dots of a Gmail local part, gmail.com and googlemail.com alike', () => {
    expect(sameMailbox('p.r.e.nom+x@googlemail.com', 'prenom@gmail.com')).toBe(true);
  });

  it('dots count elsewhere, and different local parts or domains are different mailboxes', () => {
    expect(sameMailbox('jean.marc@orange.fr', 'jeanmarc@orange.fr')).toBe(false);
    expect(sameMailbox('prenom.nom@vision-caraibes.fr', 'prenom.nom@vision-caraibes.com')).toBe(false);
    expect(sameMailbox('prenom@vision-caraibes.fr', 'prenom.nom@vision-caraibes.fr')).toBe(false);
  });

  it('an address that begins with + keeps its local part', () => {
    expect(mailboxOf('+33@example.fr')).toBe('+33@example.fr');
  });
});
