import { describe, expect, test } from 'vitest';
import { choosableNote } from './on-call';

describe('what « Astreinte » says of the choices', () => {
  test('only invited people: nobody can be chosen, and the note says why and names them', () => {
    expect(choosableNote('Guyane', [], [{ name: 'Marie Joseph' }, { name: 'Paul Léon' }])).toBe(
      'Personne ne peut encore être d’astreinte en Guyane\u00a0: les techniciens de Guyane n’ont pas encore activé leur compte (Marie Joseph, Paul Léon). Ils pourront être choisis dès qu’ils l’auront activé depuis le lien de leur invitation.',
    );
  });

  test('nobody at all: the note says no account is active and where to invite one', () => {
    expect(choosableNote('Guyane', [], [])).toMatch(/^Personne ne peut être d’astreinte en Guyane\u00a0: aucun technicien ni administrateur de ce territoire n’a de compte actif\./);
  });

  test('active people and invited ones: the invited are named as not yet choosable; active people only: nothing to say', () => {
    expect(choosableNote('Martinique', [{ id: 'a' }], [{ name: 'Marie Joseph' }])).toBe('Pas encore choisissables (compte pas encore activé)\u00a0: Marie Joseph.');
    expect(choosableNote('Martinique', [{ id: 'a' }], [])).toBe('');
  });
});
