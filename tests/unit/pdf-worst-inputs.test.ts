/**
 * The kept documents cannot be forged nor broken by what people type: the deposit slip, the device's label,
 * the repair report, the intervention report and the devis are rendered with the worst inputs — the longest
 * value every field allows, and each forbidden character class where stored data could still hold it (a
 * repair opened before its schemas applied the characters rule) — then read back with poppler's pdftotext,
 * word by word with their boxes. Each has the pages its layout expects; no one-line field makes a line of
 * its own (the forged « Bon pour accord : devis de 2 500,00 € TTC accepté » of a signer's CR LF + RLO name);
 * no word lies under the footer's rule nor inside the signature box but the box's own; no forbidden character
 * is printed.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { renderDevisPdf } from '../../netlify/lib/devis/devis-pdf';
import { FOOTER_TOP } from '../../netlify/lib/pdf/pdf-document';
import { SIGNATURE_BOX } from '../../netlify/lib/pdf/pdf-flow';
import { makeRepairReportPdf } from '../../netlify/lib/repairs/repair-report-pdf';
import { makeLabelPdf, makeSlipPdf } from '../../netlify/lib/repairs/slip-pdf';
import { makeReportPdf } from '../../netlify/lib/tickets/report-pdf';
import { DEVIS_LIMITS, newDraft, type DevisVersion } from '../../src/features/devis/devis';
import { openRepairInputSchema, receptionInputSchema, repairChangeInputSchema } from '../../src/features/repairs/model';
import { REPORT_LIMITS } from '../../src/features/tickets/staff';
import { TICKET_LIMITS } from '../../src/features/tickets/space-tickets';
import { hasForbiddenCharacter } from '../../src/lib/characters';
import { textField } from '../../src/records/text';
import type { z } from '../../src/records/zod';
import { sampleRepair, signaturePng } from '../helpers/repair-fixture';
import { sampleTicket } from '../helpers/ticket-fixture';

const run = promisify(execFile);

/** The forged line of the field review: CR LF, then a right-to-left override, then a false acceptance. */
const FORGED = 'Bon pour accord : devis de 2 500,00 € TTC accepté';
const forged = (name: string) => `${name}\r\n\u202e${FORGED}`;
/** One character of each class the rule forbids, for the stored texts that could hold them. */
const FORBIDDEN_SAMPLE = '\u0007\u0085\u00ad\u061c\u200b\u200e\u202a\u202e\u2028\u2029\u2060\u2066\ufeff\ufff9\t\v';

/** A text of exactly `length` characters: words of a workshop's vocabulary, `breaks` of its lines ended. */
function longText(length: number, { breaks = false, prefix = '' } = {}): string {
  const words = ['écran', 'rayé', 'coque', 'fendue', 'batterie', 'gonflée', 'connecteur', 'oxydé', 'clavier', 'usé'];
  let text = prefix;
  for (let index = 0; text.length < length; index += 1) text += `${breaks && index % 9 === 8 ? '\n' : ' '}${words[index % words.length]}`;
  return text.slice(0, length).trimEnd().padEnd(length, 'x');
}

/** The limit of a field of a schema, as the text builder declares it, so the test follows the form. */
function maxOf(schema: { shape: Record<string, z.ZodType> }, field: string): number {
  const limit = textField(schema.shape[field])?.maxLength;
  if (limit === undefined) throw new Error(`no maximum on ${field}`);
  return limit;
}

const LIMITS = {
  model: maxOf(openRepairInputSchema, 'model'),
  serial: maxOf(openRepairInputSchema, 'serial'),
  accessories: maxOf(openRepairInputSchema, 'accessories'),
  fault: maxOf(openRepairInputSchema, 'fault'),
  condition: maxOf(receptionInputSchema, 'condition'),
  signedBy: maxOf(receptionInputSchema, 'signedBy'),
};

/** A word as pdftotext -bbox places it (points, from the page's top left). */
interface Word {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** What poppler reads of a PDF: its pages, its text line by line, its words with their boxes. */
async function read(pdf: Uint8Array): Promise<{ pages: number; lines: string[]; words: Word[] }> {
  const folder = await mkdtemp(join(tmpdir(), 'pdf-worst-'));
  if (process.env.PDF_PREVIEW) await writeFile(join('/tmp/pdfs', `${Date.now()}-${Math.random().toString(36).slice(2, 6)}.pdf`), pdf);
  try {
    await writeFile(join(folder, 'doc.pdf'), pdf);
    await run('pdftotext', ['-bbox', join(folder, 'doc.pdf'), join(folder, 'words.html')]);
    await run('pdftotext', ['-raw', join(folder, 'doc.pdf'), join(folder, 'text.txt')]);
    const html = await readFile(join(folder, 'words.html'), 'utf8');
    const words: Word[] = [];
    html.split('<page ').slice(1).forEach((page, index) => {
      for (const match of page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
        words.push({ page: index + 1, text: match[5]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"'), xMin: Number(match[1]), yMin: Number(match[2]), xMax: Number(match[3]), yMax: Number(match[4]) });
      }
    });
    const text = await readFile(join(folder, 'text.txt'), 'utf8');
    const pages = html.split('<page ').length - 1;
    return { pages, lines: text.split(/\n|\f/).map((line) => line.trim()).filter(Boolean), words };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** No word of the body reaches the footer's band: under the footer's rule, only the footer's own line and page number. */
function expectFooterClear(words: Word[]): void {
  const body = words.filter((word) => word.yMin < FOOTER_TOP);
  const crossing = body.filter((word) => word.yMax > FOOTER_TOP - 1);
  expect(crossing.map((word) => `${word.page}: ${word.text}`), 'a word runs into the footer').toEqual([]);
  const footerLines = words.filter((word) => word.yMin >= FOOTER_TOP);
  for (const word of footerLines) expect(word.yMin, word.text).toBeGreaterThan(FOOTER_TOP + 2);
}

/** Inside the signature box only its title, its « Signé par … » line and its « le … » line, each one line. */
function expectSignatureBoxClear(words: Word[]): void {
  const title = words.find((word, index) => word.text === 'Signature' && words[index + 1]?.text === 'du' && words[index + 2]?.text === 'client');
  expect(title, 'the signature box').toBeDefined();
  const box = { page: title!.page, x: title!.xMin - 8, y: title!.yMin - 8 };
  const inside = words.filter((word) => word.page === box.page && word.xMax > box.x && word.xMin < box.x + SIGNATURE_BOX.width && word.yMax > box.y && word.yMin < box.y + SIGNATURE_BOX.height);
  const rows = new Set(inside.map((word) => Math.round(word.yMin)));
  expect(rows.size, inside.map((word) => word.text).join(' ')).toBeLessThanOrEqual(3);
  for (const word of inside) expect(word.xMax, word.text).toBeLessThanOrEqual(box.x + SIGNATURE_BOX.width + 0.5);
}

/** The forged acceptance never begins a line, and nothing forbidden is printed. */
function expectNotForged(lines: string[]): void {
  expect(lines.filter((line) => /^Bon pour accord\s*:/.test(line)), 'a forged line').toEqual([]);
  expect(lines.filter((line) => hasForbiddenCharacter(line, 'line')), 'a forbidden character printed').toEqual([]);
}

/** A repair at the limits of every field, its one-line fields holding what an old record could. */
const worstRepair = (hostile: boolean) =>
  sampleRepair({
    companyName: longText(120, { prefix: hostile ? forged('Supérette') : 'Supérette ' }),
    device: { equipmentId: null, model: longText(LIMITS.model, { prefix: hostile ? forged('TPE') : 'TPE ' }), serial: hostile ? `SN-${FORBIDDEN_SAMPLE}${'9'.repeat(LIMITS.serial - 20)}` : 'S'.repeat(LIMITS.serial) },
    accessories: longText(LIMITS.accessories, { prefix: hostile ? forged('Chargeur') : 'Chargeur ' }),
    fault: longText(LIMITS.fault, { breaks: true, prefix: hostile ? `${FORBIDDEN_SAMPLE}\r` : '' }),
    diagnosis: longText(3000, { breaks: true }),
    technician: { id: 'tech-1', name: 'Marc Édouard' },
    receivedAt: '2026-05-21T20:30:00.000Z',
  });

describe('the worst inputs the forms allow, and the stored texts of before the rule', () => {
  test('the schemas refuse the forged signer and keep the longest values these documents are rendered with', () => {
    expect(receptionInputSchema.safeParse({ condition: 'Rayé', signedBy: forged('Léa Martin') }).success).toBe(false);
    expect(receptionInputSchema.safeParse({ condition: longText(LIMITS.condition, { breaks: true }), signedBy: longText(LIMITS.signedBy) }).success).toBe(true);
    expect(repairChangeInputSchema.safeParse({ action: 'repare', work: 'Fait', tests: 'OK', parts: [{ reference: null, name: forged('Écran'), quantity: 1 }] }).success).toBe(false);
  });

  for (const hostile of [false, true]) {
    const kind = hostile ? 'a stored record holding forbidden characters' : 'the longest allowed values';
    test(`the deposit slip, with ${kind}: two pages, the condition and fault flowing onto the second, the signature and footer clear`, async () => {
      const { pdf } = await makeSlipPdf({
        repair: worstRepair(hostile),
        company: { name: longText(120, { prefix: hostile ? forged('Supérette') : '' }), clientCode: 'C-00917' },
        condition: longText(LIMITS.condition, { breaks: true, prefix: hostile ? `${FORBIDDEN_SAMPLE}\r` : '' }),
        signedBy: hostile ? forged('Léa Martin') : longText(LIMITS.signedBy),
        at: '2026-05-21T20:30:00.000Z',
        photoCount: 5,
        signaturePng: await signaturePng(),
        qrUrl: 'https://www.vision-caraibes.fr/espace-client/reparation?id=6f1c2a3e-1111-4222-8333-444455556666',
      });
      const { pages, lines, words } = await read(pdf);
      expect(pages).toBe(2);
      expect(words.filter((word) => word.text === 'BON' && word.yMin < 80).map((word) => word.page)).toEqual([1, 2]);
      expectNotForged(lines);
      expectFooterClear(words);
      expectSignatureBoxClear(words);
      const signed = lines.find((line) => line.includes('Signé par'));
      expect(signed).toMatch(hostile ? /^Signé par Léa Martin Bon pour accord/ : /^Signé par écran/);
    });

    test(`the device's label, with ${kind}: one page, five lines at most, each within the label`, async () => {
      const pdf = await makeLabelPdf(worstRepair(hostile), 'https://www.vision-caraibes.fr/espace-client/reparation?id=x');
      const { pages, lines, words } = await read(pdf);
      expect(pages).toBe(1);
      expect(new Set(words.map((word) => Math.round(word.yMin))).size).toBeLessThanOrEqual(5);
      expect(Math.max(...words.map((word) => word.xMax))).toBeLessThanOrEqual(255 - 8 - (113 - 16) - 8 + 0.5);
      expectNotForged(lines);
    });

    test(`the repair report, with ${kind}: its pages, the footer clear`, async () => {
      const repair = worstRepair(hostile);
      const { pdf } = await makeRepairReportPdf({
        repair,
        company: { name: repair.companyName, clientCode: 'C-00917' },
        report: {
          at: '2026-05-27T19:45:00.000Z',
          by: { kind: 'staff', id: 'tech-1', name: 'Marc Édouard' },
          work: longText(3000, { breaks: true }),
          tests: longText(1500, { breaks: true }),
          parts: Array.from({ length: 50 }, (_, index) => ({ reference: 'R'.repeat(60), name: hostile && index === 0 ? forged('Écran') : longText(200), quantity: 999 })),
        },
        devis: { number: 'DV-2026-00017', acceptedAt: '2026-05-23T12:00:00.000Z' },
      });
      const { pages, lines, words } = await read(pdf);
      expect(pages).toBeGreaterThanOrEqual(4);
      expect(words.filter((word) => word.text === 'RAPPORT' && word.yMin < 80)).toHaveLength(pages);
      expectNotForged(lines);
      expectFooterClear(words);
    });

    test(`the intervention report, with ${kind}: its pages, the signature box and footer clear`, async () => {
      const ticket = sampleTicket({
        id: 'tk-worst',
        companyName: longText(120, { prefix: hostile ? forged('Supérette') : '' }),
        equipment: { equipmentId: null, model: longText(TICKET_LIMITS.model, { prefix: hostile ? forged('TPE') : '' }), serial: 'S'.repeat(TICKET_LIMITS.serial) },
        shop: { shopId: 'sh-1', name: longText(120, { prefix: hostile ? forged('Magasin') : '' }) },
        phone: '+594 (0)594 12 34 56 78 90',
      });
      const pdf = await makeReportPdf(
        ticket,
        {
          workDone: longText(REPORT_LIMITS.workDone, { breaks: true, prefix: hostile ? `${FORBIDDEN_SAMPLE}\r` : '' }),
          minutes: REPORT_LIMITS.minutes,
          parts: Array.from({ length: REPORT_LIMITS.parts }, () => ({ reference: 'R'.repeat(60), name: longText(REPORT_LIMITS.partName), quantity: 999 })),
          signedBy: hostile ? forged('Marie-Josée Lucien') : longText(120),
          at: '2026-05-22T18:40:00.000Z',
          by: { kind: 'staff', id: 'tech-1', name: 'Marc Édouard' },
        },
        await signaturePng(),
        { shopAddress: longText(300, { prefix: hostile ? forged('12 rue') : '' }), contract: 'Contrat de maintenance jusqu’au 31/12/2027' },
      );
      const { pages, lines, words } = await read(pdf);
      expect(pages).toBeGreaterThanOrEqual(3);
      expectNotForged(lines);
      expectFooterClear(words);
      expectSignatureBoxClear(words);
    });

    test(`the devis, answered, with ${kind}: its pages, the « Bon pour accord » block holding its whole proof above the footer`, async () => {
      const line = { reference: 'R'.repeat(DEVIS_LIMITS.reference), designation: longText(DEVIS_LIMITS.designation, { prefix: hostile ? forged('Imprimante') : '' }), quantity: DEVIS_LIMITS.quantity, unitPriceHTCents: 49917, discountBasisPoints: 500 };
      const version = {
        version: 2,
        number: 'DV-2026-00042-2',
        draft: {
          ...newDraft(Array.from({ length: 40 }, () => line), 'martinique'),
          paymentTerms: longText(DEVIS_LIMITS.terms, { breaks: true }),
          deliveryTerms: longText(DEVIS_LIMITS.terms, { breaks: true }),
          customerAddress: longText(DEVIS_LIMITS.customerAddress, { breaks: true }),
        },
        customer: { name: hostile ? forged('Marie-Josée Lucien') : longText(DEVIS_LIMITS.name), company: longText(120), email: 'mj.lucien@exemple.fr', phone: '0596 12 34 56', clientCode: 'C-0042' },
        sentAt: '2026-11-23T14:00:00.000Z',
        validUntil: '2026-12-23',
        state: 'accepte',
        answer: { decision: 'accepte', name: hostile ? forged('Marie-Josée Lucien') : longText(DEVIS_LIMITS.name), role: longText(DEVIS_LIMITS.role), at: '2026-11-24T15:00:00.000Z', ip: '192.0.2.10', reason: '' },
        document: { key: 'k', bytes: 1, sha256: 'a'.repeat(64) },
      } as unknown as DevisVersion;
      const { pages, lines, words } = await read(await renderDevisPdf(version));
      expect(pages).toBeGreaterThanOrEqual(3);
      expect(words.filter((word) => word.text === 'DEVIS' && word.yMin < 80)).toHaveLength(pages);
      expectNotForged(lines);
      expectFooterClear(words);
      const accepted = lines.filter((text) => text.startsWith('Accepté en ligne'));
      expect(accepted).toHaveLength(1);
      expect(lines.some((text) => text.startsWith('Empreinte SHA-256 du devis envoyé'))).toBe(true);
      // The refusal's reason, at its limit, stays inside its block too.
      const refused = { ...version, state: 'refuse', answer: { ...version.answer!, decision: 'refuse', reason: longText(DEVIS_LIMITS.reason, { breaks: true }) } } as DevisVersion;
      expectFooterClear((await read(await renderDevisPdf(refused))).words);
    });
  }
});
