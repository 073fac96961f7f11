/**
 * Renders a 60-line devis 50 times with the server library and prints
 * `devis: 60 lines, N pages, T ms per PDF, S KB`, then an intervention report with a tablet's signature
 * (the signature's conversion included) and prints `report pdf: T ms, S KB`; exits 1 over the budgets
 * (300 ms per PDF, 150 KB for the devis, 300 ms for the report).
 * Run with `npm run bench:devis [-- --write devis.pdf]` (Node 22 strips the TypeScript of the library).
 */
import { writeFileSync } from 'node:fs';
import { commandLine } from './lib/command-line.mjs';
import { renderDevisPdf } from '../netlify/lib/devis/devis-pdf.ts';
import { newDraft } from '../src/features/devis/devis.ts';
import sharp from 'sharp';
import { makeReportPdf } from '../netlify/lib/tickets/report-pdf.ts';
import { signatureFromDataUrl } from '../netlify/lib/tickets/signature.ts';
import { sampleTicket } from '../tests/helpers/ticket-fixture.ts';

const { values } = commandLine('Usage : npm run bench:devis [-- --write FICHIER.pdf]   (BENCH_RUNS=50 rendus par défaut)', {
  options: { write: { type: 'string' } },
});

const BUDGET = { msPerPdf: 300, kilobytes: 150, reportMs: 300 };
const RUNS = Number(process.env.BENCH_RUNS ?? 50);

/** Products of the catalogue, as a real devis lists them. */
const products = [
  ['ZD4A042-30EM00EZ', 'Imprimante Zebra ZD421t 203 dpi', 49917],
  ['ZT42162-T0E0000Z', 'Imprimante industrielle Zebra ZT421 6 pouces', 224167],
  ['10023181', 'Étiquettes Z-Ultimate 3000T argent 51 × 25 mm', 16658],
  ['03200BK11007', 'Ruban cire-résine 3200 110 mm × 74 m', 4575],
  ['TC580E-1PEZU4P-FR', 'Terminal mobile Zebra TC58e 5G', 115833],
  ['ET45CB-101D1B0-FR', 'Tablette Zebra ET45 10 pouces 5G', 99167],
  ['RS61B0-TGSNWR', 'Lecteur bague Zebra RS6100', 62417],
  ['LI4278-TRBU0100ZWR', 'Lecteur sans fil Zebra LI4278', 24917],
  ['DS3608-SR3U4602ZVW', 'Lecteur industriel Zebra DS3608-SR', 38250],
  ['DS9908-HD00004ZZWW-R', 'Lecteur Zebra DS9908R avec RFID', 60750],
  ['104524-101', 'Cartes PVC à piste magnétique HiCo (500)', 9917],
  ['800300-309EM', 'Ruban monochrome blanc pour ZC', 4083],
];
const lines = Array.from({ length: 60 }, (_, index) => {
  const [reference, designation, unitPriceHTCents] = products[index % products.length];
  return { reference, designation, quantity: 1 + (index % 7), unitPriceHTCents, discountBasisPoints: index % 4 === 0 ? 500 : 0 };
});
const version = {
  version: 1,
  number: 'DV-2026-00042',
  draft: newDraft(lines, 'martinique'),
  customer: { name: 'Marie-Josée Lucien', company: 'Supérette du Bourg', email: 'mj.lucien@exemple.fr', phone: '0596 12 34 56', clientCode: 'C-0042' },
  sentAt: '2026-11-23T14:00:00.000Z',
  validUntil: '2026-12-23',
  state: 'envoye',
};

// Warm-up (fonts read once, code compiled), as a function's second call.
let pdf = await renderDevisPdf(version);
const started = performance.now();
for (let run = 0; run < RUNS; run += 1) pdf = await renderDevisPdf(version);
const msPerPdf = (performance.now() - started) / RUNS;
const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
const kilobytes = pdf.length / 1024;
if (values.write) writeFileSync(values.write, pdf);
console.log(`devis: ${lines.length} lines, ${pages} pages, ${Math.round(msPerPdf)} ms per PDF, ${Math.round(kilobytes)} KB`);

// The intervention report of a resolved ticket, signed on a tablet (a 1 100 × 360 canvas, RGBA, as the pad exports it).
const ticket = sampleTicket({ id: 'bench', companyId: 'co', equipment: { equipmentId: null, model: 'Zebra TC58e', serial: 'S24123456' }, shop: { shopId: null, name: 'Magasin du Lamentin' }, assignedTo: null, followers: [] });
const report = {
  workDone: 'Remplacement de la batterie du terminal.\nMise à jour du système et test d’encaissement : concluant.',
  minutes: 90,
  parts: products.slice(0, 4).map(([reference, name]) => ({ reference, name, quantity: 1 })),
  signedBy: 'Marie-Josée Lucien',
  at: '2026-05-22T18:40:00.000Z',
  by: { kind: 'staff', id: 't', name: 'Marc Édouard' },
};
const drawing = '<svg xmlns="http://www.w3.org/2000/svg" width="1100" height="360"><path d="M40 240 C 160 40, 280 320, 440 160 S 720 80, 840 240 T 1060 180" stroke="#0f172a" stroke-width="8" fill="none"/></svg>';
const signatureUrl = `data:image/png;base64,${(await sharp(Buffer.from(drawing)).ensureAlpha().png().toBuffer()).toString('base64')}`;
const makeReport = () => makeReportPdf(ticket, report, signatureFromDataUrl(signatureUrl));
let reportPdf = await makeReport();
const reportStarted = performance.now();
for (let run = 0; run < RUNS; run += 1) reportPdf = await makeReport();
const reportMs = (performance.now() - reportStarted) / RUNS;
console.log(`report pdf: ${Math.round(reportMs)} ms, ${Math.round(reportPdf.byteLength / 1024)} KB`);

if (msPerPdf > BUDGET.msPerPdf || kilobytes > BUDGET.kilobytes || reportMs > BUDGET.reportMs) {
  console.error(`bench-devis: over budget (devis ≤ ${BUDGET.msPerPdf} ms per PDF, ≤ ${BUDGET.kilobytes} KB; report ≤ ${BUDGET.reportMs} ms)`);
  process.exit(1);
}
