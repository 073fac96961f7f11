/**
 * The repair report (« Rapport de réparation »): what it says (the company, the device, serial,
 * accessories, warranty, fault, the dates, the diagnosis, the devis accepted, the technician, the work, the
 * parts and the tests), the fingerprint of what it says printed on it, the real font embedded, a long report
 * running on to a second page with its title block — and its pages rendered by poppler's pdftoppm to PNGs
 * (test-results/repair-report/) to be looked at.
 */
import { execFile } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { extractText } from 'unpdf';
import { describe, expect, test } from 'vitest';
import { makeRepairReportPdf, repairReportFingerprint, type RepairReportFacts } from '../../netlify/lib/repairs/repair-report-pdf';
import { sampleRepair } from '../helpers/repair-fixture';

const run = promisify(execFile);
const PAGES = join(process.cwd(), 'test-results', 'repair-report');

const repair = sampleRepair({
  state: 'en_reparation',
  stateSince: '2026-05-26T13:00:00.000Z',
  openedAt: '2026-05-21T20:00:00.000Z',
  receivedAt: '2026-05-21T20:30:00.000Z',
  technician: { id: 'tech-1', name: 'Marc Édouard' },
  diagnosis: 'Nappe de l’écran sectionnée, batterie gonflée.',
  devis: { requestId: 'r-1', number: 'DV-2026-00017' },
  history: [
    { kind: 'etat', from: null, to: 'attendu', at: '2026-05-21T20:00:00.000Z', by: { kind: 'staff', id: 'tech-1', name: 'Marc Édouard' } },
    { kind: 'etat', from: 'attendu', to: 'recu', at: '2026-05-21T20:30:00.000Z', by: { kind: 'staff', id: 'tech-1', name: 'Marc Édouard' } },
    { kind: 'etat', from: 'recu', to: 'diagnostic', at: '2026-05-22T14:15:00.000Z', by: { kind: 'staff', id: 'tech-1', name: 'Marc Édouard' } },
  ],
  updatedAt: '2026-05-26T13:00:00.000Z',
});

const facts = (overrides: Partial<RepairReportFacts['report']> = {}): RepairReportFacts => ({
  repair,
  company: { name: 'Supérette du Bourg', clientCode: 'C-00917' },
  report: {
    at: '2026-05-27T19:45:00.000Z',
    by: { kind: 'staff', id: 'tech-1', name: 'Marc Édouard' },
    work: 'Nappe de l’écran remplacée.\nBatterie remplacée, ancienne batterie recyclée.',
    parts: [
      { reference: 'NAP-M5000', name: 'Nappe écran Move 5000', quantity: 1 },
      { reference: null, name: 'Batterie 2 600 mAh', quantity: 1 },
    ],
    tests: 'Paiement sans contact, puce et piste testés ; charge complète en 2 h 10.',
    ...overrides,
  },
  devis: { number: 'DV-2026-00017', acceptedAt: '2026-05-26T13:00:00.000Z' },
});

const textOf = async (pdf: Buffer) => (await extractText(new Uint8Array(pdf), { mergePages: true })).text.replace(/[\s\u00a0\u202f]+/g, ' ');

/** Every page of a PDF rendered by pdftoppm (poppler-utils) into test-results/repair-report/<name>-N.png; answers the paths. */
async function renderPages(pdf: Buffer, name: string): Promise<string[]> {
  await mkdir(PAGES, { recursive: true });
  const file = join(PAGES, `${name}.pdf`);
  await writeFile(file, pdf);
  await run('pdftoppm', ['-png', '-r', '80', file, join(PAGES, name)]);
  const page = new RegExp(`^${name}-\\d+\\.png$`);
  return (await readdir(PAGES)).filter((one) => page.test(one)).sort().map((one) => join(PAGES, one));
}

describe('the repair report', () => {
  test('says what was repaired, how, with which parts and tests, by whom and when, and its fingerprint', async () => {
    const given = facts();
    const { pdf, fingerprint } = await makeRepairReportPdf(given);
    const text = await textOf(pdf);
    for (const expected of [
      'RAPPORT DE RÉPARATION',
      'Réparation RP-2026-00042',
      'Supérette du Bourg',
      'C-00917',
      'Terminal de paiement Ingenico Move 5000',
      'SN-58A9-7731',
      'Chargeur, socle, câble USB',
      'Hors garantie',
      'L’écran reste noir',
      'Déposé le 21/05/2026 à 16:30',
      'Diagnostiqué le 22/05/2026 à 10:15',
      'Nappe de l’écran sectionnée, batterie gonflée.',
      'DV-2026-00017, le 26/05/2026 à 09:00',
      'Réparé le 27/05/2026 à 15:45',
      'Technicien Marc Édouard',
      'Nappe de l’écran remplacée.',
      'Batterie remplacée, ancienne batterie recyclée.',
      'NAP-M5000',
      'Nappe écran Move 5000',
      'Batterie 2 600 mAh',
      'Tests réalisés',
      'Paiement sans contact, puce et piste testés',
      'Rapport établi par Marc Édouard',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(fingerprint).toBe(repairReportFingerprint(given));
    expect(text).toContain(`${fingerprint.slice(0, 32)} ${fingerprint.slice(32)}`);
    // Other work, another fingerprint.
    expect(repairReportFingerprint(facts({ work: 'Autre chose.' }))).not.toBe(fingerprint);
    expect(pdf.toString('latin1')).toMatch(/DejaVuSans/);
    expect(pdf.byteLength).toBeLessThanOrEqual(60 * 1024);
    const pages = await renderPages(pdf, 'rapport');
    expect(pages).toHaveLength(1);
  });

  test('with nobody given the repair, no « Technicien » line: never the name of who declared it repaired', async () => {
    const alone = { ...facts({ by: { kind: 'staff', id: 'owner', name: 'admin' } }), repair: { ...repair, technician: null } };
    const text = await textOf((await makeRepairReportPdf(alone)).pdf);
    expect(text).not.toContain('Technicien');
    expect(text).toContain('Réparé le 27/05/2026 à 15:45');
  });

  test('a long report runs on to a second page, its title block and the parts table’s head again', async () => {
    const parts = Array.from({ length: 40 }, (_, index) => ({ reference: `REF-${index + 1}`, name: `Pièce numéro ${index + 1}`, quantity: 1 }));
    const { pdf } = await makeRepairReportPdf(facts({ parts }));
    const pages = await renderPages(pdf, 'rapport-long');
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const text = await textOf(pdf);
    expect(text.match(/RAPPORT DE RÉPARATION/g)!.length).toBe(pages.length);
    expect(text).toContain('Pièce numéro 40');
    expect(text).toContain('Tests réalisés');
  });
});
