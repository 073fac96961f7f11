/**
 * The intervention report: its PDF carries the embedded font and what the report says (reference,
 * company, shop, equipment, dates, work, time, parts, signature or « Non signé »), is made once and kept,
 * and is read back without being made again; the signature must be a real PNG.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeReportPdf, reportPlaceOf, writeReport } from '../../netlify/lib/tickets/report-pdf';
import type { Company } from '../../src/features/customers/model';
import { eraseReports, reportPdfOf, type ReportContent } from '../../netlify/lib/tickets/reports';
import { signatureFromDataUrl } from '../../netlify/lib/tickets/signature';
import { storeNames, strongStore } from '../../netlify/lib/storage/storage';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs';
import { sampleTicket, technician } from '../helpers/ticket-fixture';

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

const content = (overrides: Partial<ReportContent> = {}): ReportContent => ({
  workDone: 'Remplacement de la batterie du terminal.\nMise à jour du système et test d’encaissement : concluant.',
  minutes: 90,
  parts: [
    { reference: 'BTRY-TC5X-46MA', name: 'Batterie longue durée TC5x', quantity: 1 },
    { reference: null, name: 'Câble USB-C renforcé', quantity: 2 },
  ],
  signedBy: 'Marie-Josée Lucien',
  at: '2026-05-22T18:40:00.000Z',
  by: technician,
  ...overrides,
});

/** A drawn signature at the largest size the pad sends (SIGNATURE_SIZE, 600 × 200), 8-bit RGBA, ink on a transparent ground. */
async function signatureDataUrl(): Promise<string> {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 130 C 90 20, 150 175, 240 90 S 390 45, 460 130 T 580 100" stroke="#0f172a" stroke-width="4" fill="none"/></svg>';
  const png = await sharp(Buffer.from(svg)).ensureAlpha().png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

const textOf = async (pdf: Uint8Array) => (await extractText(new Uint8Array(pdf), { mergePages: true })).text;

describe('the intervention report PDF', () => {
  test('embeds its font and says the ticket, the company, the equipment, the dates in local time, the work, the parts and who signed', async () => {
    const signature = signatureFromDataUrl(await signatureDataUrl());
    expect(signature).toBeDefined();
    const pdf = await makeReportPdf(sampleTicket(), content(), signature);
    const raw = Buffer.from(pdf).toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(raw).toMatch(/\/FontFile2/);
    expect(raw).toMatch(/\/Subtype \/Image/);
    const text = (await textOf(pdf)).replace(/\s+/g, ' ');
    for (const expected of [
      'RAPPORT D’INTERVENTION',
      'Ticket TK-2026-00042',
      'Supérette du Bourg',
      'Magasin du Lamentin',
      'Zebra TC58e — n° de série S24123456',
      'Bloquant',
      // 20:30 UTC is 16:30 in Martinique (UTC−4).
      'Ouvert le 21/05/2026 à 16:30',
      'Pris en charge le 22/05/2026 à 08:05',
      'Résolu le 22/05/2026 à 14:40',
      'Marc Édouard',
      '1 h 30',
      'Remplacement de la batterie du terminal.',
      'BTRY-TC5X-46MA',
      'Câble USB-C renforcé',
      'Signé par Marie-Josée Lucien le 22/05/2026 à 14:40',
      'Page 1 / 1',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Non signé');
  });

  test('prints the shop’s address and the contract’s line of the report’s day, and no placeholder of the company’s registrations', async () => {
    const company = {
      id: 'co-1',
      name: 'Supérette du Bourg',
      clientCode: 'C-1',
      territory: 'martinique',
      shops: [{ id: 'sh-1', name: 'Magasin du Lamentin', address: '3 rue de la Lézarde, 97232 Le Lamentin' }],
      contractEndsOn: '2027-12-31',
      people: [],
      equipment: [{ id: 'eq-1', productSlug: null, model: 'Zebra TC58e', serial: 'S24123456', shopId: 'sh-1', underContract: true }],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    } as Company;
    const place = reportPlaceOf(company, sampleTicket(), content().at);
    expect(place).toEqual({ shopAddress: '3 rue de la Lézarde, 97232 Le Lamentin', contract: 'Sous contrat jusqu’au 31/12/2027' });
    // Typed equipment (not one of the company's): the company's contract.
    expect(reportPlaceOf(company, sampleTicket({ equipment: { equipmentId: null, model: 'Balance', serial: '' } }), content().at).contract).toBe('Contrat de maintenance jusqu’au 31/12/2027');
    const text = (await textOf(await makeReportPdf(sampleTicket(), content(), undefined, place))).replace(/\s+/g, ' ');
    expect(text).toContain('3 rue de la Lézarde, 97232 Le Lamentin');
    expect(text).toContain('Sous contrat jusqu’au 31/12/2027');
    expect(text).not.toMatch(/fictif|à compléter/);
  });

  test('without a signature it says « Non signé », and a report without parts says so', async () => {
    const text = await textOf(await makeReportPdf(sampleTicket({ territory: 'guyane' }), content({ signedBy: null, parts: [] })));
    expect(text).toContain('Non signé');
    expect(text).toContain('Aucune pièce remplacée.');
    // Guyane is UTC−3.
    expect(text.replace(/\s+/g, ' ')).toContain('Ouvert le 21/05/2026 à 17:30');
  });

  test('a long work description and many parts run on to more pages, each with its title block and page number', async () => {
    const long = Array.from({ length: 120 }, (_, index) => `Étape ${index + 1} : contrôle effectué.`).join('\n');
    const parts = Array.from({ length: 30 }, (_, index) => ({ reference: `REF-${index}`, name: `Pièce ${index}`, quantity: 1 }));
    const text = await textOf(await makeReportPdf(sampleTicket(), content({ workDone: long, parts })));
    const pages = Number(/Page 1 \/ (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(2);
    expect(text).toContain(`Page ${pages} / ${pages}`);
    expect(text.match(/RAPPORT D’INTERVENTION/g)).toHaveLength(pages);
    expect(text).toContain('Étape 120');
    // The last row, by its name: the PDF's text layer (pdfkit's ToUnicode map of the font subset) may read
    // « REF » back as « RFF » depending on the glyphs a document uses, while the page shows « REF ».
    expect(text).toContain('Pièce 29');
  });

  test('is made once and kept: the kept bytes are served, with the signature beside them; erasing the ticket’s reports removes both', async () => {
    const ticket = sampleTicket({ id: 'tk-kept' });
    const signature = signatureFromDataUrl(await signatureDataUrl());
    const report = await writeReport(ticket, content(), signature);
    expect(report.pdfBytes).toBeGreaterThan(1000);
    const kept = await reportPdfOf({ ...ticket, report });
    expect(kept?.byteLength).toBe(report.pdfBytes);
    // Its fingerprint, kept on the ticket as the devis keep theirs: the SHA-256 of the bytes made and kept.
    expect(report.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(report.sha256).toBe(createHash('sha256').update(kept!).digest('hex'));
    // Read twice, the same bytes: nothing is made again on a request.
    expect(Buffer.from((await reportPdfOf({ ...ticket, report }))!).equals(Buffer.from(kept!))).toBe(true);
    const keys = (await strongStore(storeNames.ticketReports).list({ prefix: 'tk-kept/' })).blobs.map((blob) => blob.key).sort();
    expect(keys).toEqual(['tk-kept/rapport-20260522T184000000Z-signature.png', 'tk-kept/rapport-20260522T184000000Z.pdf']);
    expect(await reportPdfOf({ ...ticket, report: null })).toBeUndefined();
    expect(await eraseReports('tk-kept')).toBe(2);
    expect(await reportPdfOf({ ...ticket, report })).toBeUndefined();
  });

  test('a signature that is not a PNG, or of an absurd size, is refused before the PDF library sees it', async () => {
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).jpeg().toBuffer();
    // The pad sends SIGNATURE_SIZE at most, whatever the screen: a drawing at the screen's pixel density is refused.
    const wide = await sharp({ create: { width: 601, height: 10, channels: 3, background: '#fff' } }).png().toBuffer();
    const tall = await sharp({ create: { width: 10, height: 201, channels: 3, background: '#fff' } }).png().toBuffer();
    expect(signatureFromDataUrl(`data:image/png;base64,${jpeg.toString('base64')}`)).toBeUndefined();
    expect(signatureFromDataUrl(`data:image/png;base64,${wide.toString('base64')}`)).toBeUndefined();
    expect(signatureFromDataUrl(`data:image/png;base64,${tall.toString('base64')}`)).toBeUndefined();
    expect(signatureFromDataUrl('data:image/png;base64,not base64!')).toBeUndefined();
    expect(signatureFromDataUrl('https://exemple.fr/signature.png')).toBeUndefined();
  });

  test('a canvas’s transparent drawing becomes grey ink on white, pixel for pixel', async () => {
    const dataUrl = await signatureDataUrl();
    const original = await sharp(Buffer.from(dataUrl.split(',')[1]!, 'base64')).raw().toBuffer({ resolveWithObject: true });
    expect(original.info.channels).toBe(4);
    const png = signatureFromDataUrl(dataUrl)!;
    const metadata = await sharp(png).metadata();
    expect([metadata.width, metadata.height, metadata.channels, metadata.hasAlpha]).toEqual([600, 200, 1, false]);
    const grey = await sharp(png).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
    // Every pixel: the original's colour blended over white, as one grey level (± rounding).
    let worst = 0;
    for (let pixel = 0; pixel < 600 * 200; pixel += 1) {
      const [r, g, b, a] = original.data.subarray(pixel * 4, pixel * 4 + 4);
      const expected = ((r! * 299 + g! * 587 + b! * 114) / 1000) * (a! / 255) + 255 * (1 - a! / 255);
      worst = Math.max(worst, Math.abs(grey.data[pixel]! - expected));
    }
    expect(worst).toBeLessThanOrEqual(1);
    expect(grey.data.reduce((darkest, value) => Math.min(darkest, value), 255)).toBeLessThan(60);
    expect(grey.data[0]).toBe(255);
  });
});
