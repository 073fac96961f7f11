import { describe, expect, test } from 'vitest';
import { unsentSentence } from './session-end';

describe('what « Se déconnecter » says of actions not sent yet', () => {
  test('one action, then several, each with what signing out does to them', () => {
    expect(unsentSentence(1)).toBe('1 action écrite sur cet appareil n’a pas encore été envoyée\u00a0: vous déconnecter l’efface de l’appareil. Restez connecté pour l’envoyer dès le retour du réseau.');
    expect(unsentSentence(3)).toBe('3 actions écrites sur cet appareil n’ont pas encore été envoyées\u00a0: vous déconnecter les efface de l’appareil. Restez connecté pour les envoyer dès le retour du réseau.');
  });
});
