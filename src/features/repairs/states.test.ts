import { describe, expect, it } from 'vitest';
import { checkRepairMove, DEVIS_FROM_STATES, nextRepairStates, REPAIR_STATES, repairStateOf, type RepairDevisState, type RepairState, type Warranty } from './states';

const ALL = REPAIR_STATES.map((state) => state.id);
const WARRANTIES: Warranty[] = ['contrat', 'constructeur', 'hors_garantie'];
const DEVIS: RepairDevisState[] = ['aucun', 'envoye', 'accepte', 'refuse'];

/** The moves a repair may make whatever its warranty and devis, and those that depend on them. */
const FREE: Array<[RepairState, RepairState]> = [
  ['recu', 'diagnostic'],
  ['diagnostic', 'non_reparable'],
  ['devis_envoye', 'non_reparable'],
  ['en_reparation', 'attente_pieces'],
  ['en_reparation', 'repare'],
  ['en_reparation', 'non_reparable'],
  ['attente_pieces', 'en_reparation'],
  ['attente_pieces', 'non_reparable'],
  ['repare', 'pret_a_retirer'],
  ['repare', 'expedie'],
  ['non_reparable', 'pret_a_retirer'],
  ['non_reparable', 'expedie'],
  ['devis_refuse', 'pret_a_retirer'],
  ['devis_refuse', 'expedie'],
  ['pret_a_retirer', 'restitue'],
  ['expedie', 'restitue'],
];

/** The rule of each conditional move: allowed for a warranty and a devis state. */
const CONDITIONAL: Array<[RepairState, RepairState, (warranty: Warranty, devis: RepairDevisState) => boolean]> = [
  ['diagnostic', 'devis_envoye', (_warranty, devis) => devis === 'envoye'],
  ['diagnostic', 'en_reparation', (warranty, devis) => warranty !== 'hors_garantie' || devis === 'accepte'],
  ['diagnostic', 'attente_pieces', (warranty, devis) => warranty !== 'hors_garantie' || devis === 'accepte'],
  ['devis_envoye', 'en_reparation', (warranty, devis) => warranty !== 'hors_garantie' || devis === 'accepte'],
  ['devis_envoye', 'devis_refuse', (_warranty, devis) => devis === 'refuse'],
];

/** The move only the counter's reception makes (its deposit slip signed). */
const RECEPTION: [RepairState, RepairState] = ['attendu', 'recu'];

describe('the repairs’ states table', () => {
  it('« Attendu » → « Reçu à l’atelier » only through the reception at the counter, whatever the warranty and the devis', () => {
    for (const warranty of WARRANTIES) {
      for (const devis of DEVIS) {
        expect(checkRepairMove(...RECEPTION, { warranty, devis, reception: true })).toEqual({ ok: true });
        expect(checkRepairMove(...RECEPTION, { warranty, devis })).toEqual({
          ok: false,
          message: 'Un appareil attendu passe à «\u00a0Reçu à l’atelier\u00a0» par sa réception au comptoir, qui fait signer le bon de dépôt\u00a0: réceptionnez-le depuis le comptoir de l’atelier.',
        });
        expect(nextRepairStates('attendu', { warranty, devis })).not.toContain('recu');
      }
    }
  });

  it.each(FREE)('%s → %s is allowed whatever the warranty and the devis', (from, to) => {
    for (const warranty of WARRANTIES) for (const devis of DEVIS) expect(checkRepairMove(from, to, { warranty, devis })).toEqual({ ok: true });
  });

  it.each(CONDITIONAL)('%s → %s follows its rule for every warranty and devis state', (from, to, rule) => {
    for (const warranty of WARRANTIES) {
      for (const devis of DEVIS) {
        const check = checkRepairMove(from, to, { warranty, devis });
        expect(check.ok, `${warranty}, devis ${devis}`).toBe(rule(warranty, devis));
      }
    }
  });

  it('every other move is refused, with a French sentence naming both states', () => {
    const listed = new Set([...FREE, ...CONDITIONAL, RECEPTION].map(([from, to]) => `${from}>${to}`));
    for (const from of ALL) {
      for (const to of ALL) {
        if (listed.has(`${from}>${to}`)) continue;
        const check = checkRepairMove(from, to, { warranty: 'contrat', devis: 'accepte' });
        expect(check.ok, `${from} → ${to}`).toBe(false);
        if (!check.ok && from !== 'restitue') expect(check.message).toBe(`Une réparation «\u00a0${repairStateOf(from).label}\u00a0» ne peut pas passer à «\u00a0${repairStateOf(to).label}\u00a0».`);
      }
    }
  });

  it('out of warranty, « En réparation » needs an accepted devis, and says so', () => {
    const check = checkRepairMove('devis_envoye', 'en_reparation', { warranty: 'hors_garantie', devis: 'envoye' });
    expect(check).toEqual({ ok: false, message: 'Une réparation hors garantie ne commence qu’une fois son devis accepté par le client.' });
    expect(checkRepairMove('diagnostic', 'en_reparation', { warranty: 'hors_garantie', devis: 'aucun' }).ok).toBe(false);
    expect(checkRepairMove('diagnostic', 'en_reparation', { warranty: 'constructeur', devis: 'aucun' }).ok).toBe(true);
  });

  it('« Restitué » is final', () => {
    for (const to of ALL) expect(checkRepairMove('restitue', to, { warranty: 'contrat', devis: 'accepte' })).toEqual({ ok: false, message: 'Un appareil restitué ne change plus d’état.' });
  });

  it('the moves offered by hand never include « Reçu » (the reception makes it), « Devis envoyé » (the devis sends it) nor a refused move', () => {
    for (const from of ALL) {
      for (const warranty of WARRANTIES) {
        for (const devis of DEVIS) {
          const offered = nextRepairStates(from, { warranty, devis });
          expect(offered).not.toContain('devis_envoye');
          expect(offered).not.toContain('recu');
          for (const to of offered) expect(checkRepairMove(from, to, { warranty, devis }).ok).toBe(true);
        }
      }
    }
    expect(DEVIS_FROM_STATES).toEqual(['diagnostic', 'devis_envoye']);
  });

  it('the customer is told of the reception, and of a device ready or shipped; only « Restitué » leaves the board', () => {
    expect(REPAIR_STATES.filter((state) => state.mail).map((state) => state.id)).toEqual(['recu', 'pret_a_retirer', 'expedie']);
    expect(REPAIR_STATES.filter((state) => !state.open).map((state) => state.id)).toEqual(['restitue']);
  });
});
