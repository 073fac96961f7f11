import { describe, expect, it } from 'vitest';
import { devisTotals } from '../devis/devis';
import { draftFromForm, formFromDraft, LABOUR_REFERENCE, WORKSHOP_HOURLY_RATE_HT_CENTS } from './repair-draft';

const line = (designation: string, quantity: string, price: string, reference = '') => ({ reference, designation, quantity, price });

describe('the repair devis editor’s draft', () => {
  it('prices the filled parts and the labour in quarter hours, so the totals follow the typing', () => {
    const { draft, problem } = draftFromForm([line('Bloc d’alimentation TPV-15', '2', '48,50', 'ALIM-TPV15-LONGUE-REFERENCE-2026'), line('', '1', '')], '45', 'martinique', 'RP-2026-00001');
    expect(problem).toBe('');
    expect(draft.lines.map((one) => [one.reference, one.quantity, one.unitPriceHTCents])).toEqual([
      ['ALIM-TPV15-LONGUE-REFERENCE-2026', 2, 4_850],
      [LABOUR_REFERENCE, 3, WORKSHOP_HOURLY_RATE_HT_CENTS / 4],
    ]);
    // 97,00 € of parts and 48,75 € of labour, 8,5 % of VAT in Martinique.
    expect(devisTotals(draft)).toMatchObject({ subtotalHTCents: 14_575, vatCents: 1_239, totalTTCCents: 15_814 });
  });

  it('leaves out a half-filled row and names it, and refuses minutes that are not whole', () => {
    expect(draftFromForm([line('Nappe', 'deux', '10')], '30', 'martinique', 'RP-2026-00001').problem).toBe('Ligne 1\u00a0: indiquez une quantité entière et un prix HT en euros.');
    expect(draftFromForm([line('Nappe', '1', '10')], '1,5', 'martinique', 'RP-2026-00001').problem).toBe('Main-d’œuvre\u00a0: indiquez un nombre entier de minutes.');
  });

  it('gives back a sent devis’ rows and minutes, references whole', () => {
    const { draft } = draftFromForm([line('Bloc d’alimentation', '1', '48,50', 'ALIM-TPV15-LONGUE-REFERENCE-2026')], '45', 'guyane', 'RP-2026-00001');
    expect(formFromDraft(draft)).toEqual({ lines: [line('Bloc d’alimentation', '1', '48,50', 'ALIM-TPV15-LONGUE-REFERENCE-2026')], minutes: '45' });
  });
});
