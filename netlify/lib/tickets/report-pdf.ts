/**
 * The intervention report as a PDF (A4, French), made once when a ticket is resolved and kept (reports.ts):
 * the company's title block and legal footer (the devis' machinery, netlify/lib/pdf/pdf-document.ts), the
 * ticket's reference, the customer company and its shop (its address, the contract's line), the equipment, the impact, the dates (opened,
 * taken in charge, resolved) in the territory's time, the technician, the time spent, the work done, the
 * parts used, and the customer's signature with their name and the date — or « Non signé ».
 */
import { createHash } from 'node:crypto';
import { durationLabel } from '../../../src/lib/format.ts';
import type { InterventionReport, Ticket } from '../../../src/features/tickets/model.ts';
import { ticketImpactOf } from '../../../src/features/tickets/states.ts';
import { company } from '../../../src/lib/site.ts';
import { territoryOf } from '../../../src/lib/territories.ts';
import { companyDocument, COLOURS, CONTENT_WIDTH, drawFooters, drawTitleBlock, oneLine, PAGE, sellerLines } from '../pdf/pdf-document.ts';
import { moment } from '../../../src/records/moment.ts';
import { drawSignatureBox, PageFlow, SIGNATURE_BOX } from '../pdf/pdf-flow.ts';
import { keepReportFiles, type ReportContent } from './reports.ts';
import { shownToCustomers } from '../auth/permissions.ts';
import { contractRunsOn, type Company } from '../../../src/features/customers/model.ts';
import { formatDay, martiniqueDay } from '../../../src/features/devis/devis.ts';
import { getCompany } from '../customers/companies.ts';
import { contractLabel } from '../customers/equipment-view.ts';


/** What the report says of the customer's place beyond the ticket: the shop's address, the contract's line. */
export interface ReportPlace {
  shopAddress: string;
  contract: string;
}

/**
 * The shop's address and the contract's line on the day of the report: the equipment's own (« Sous contrat
 * jusqu’au 31/12/2027 », « Hors contrat »…) when it is one of the company's, else the company's contract.
 */
export function reportPlaceOf(company: Company | undefined, ticket: Ticket, at: string): ReportPlace {
  if (!company) return { shopAddress: '', contract: '' };
  const day = martiniqueDay(new Date(at));
  const shop = company.shops.find((candidate) => candidate.id === ticket.shop.shopId);
  const equipment = company.equipment.find((piece) => piece.id === ticket.equipment.equipmentId);
  const contract = equipment
    ? contractLabel(company, equipment, day)
    : company.contractEndsOn === null
      ? 'Sans contrat de maintenance en cours'
      : contractRunsOn(company, day)
        ? `Contrat de maintenance jusqu’au ${formatDay(company.contractEndsOn)}`
        : `Contrat de maintenance échu le ${formatDay(company.contractEndsOn)}`;
  return { shopAddress: shop?.address ?? '', contract };
}

/** Renders the report of a resolution; `signaturePng` is the customer's drawing (checked by signatureFromDataUrl). */
export async function makeReportPdf(ticket: Ticket, report: ReportContent, signaturePng?: Uint8Array, place: ReportPlace = { shopAddress: '', contract: '' }): Promise<Uint8Array> {
  const { doc, done } = await companyDocument({ title: `Rapport d’intervention ${ticket.reference}`, subject: `Rapport d’intervention ${ticket.reference} – ${ticket.companyName}` });
  const head = () => drawTitleBlock(doc, 'RAPPORT D’INTERVENTION', [`Ticket ${ticket.reference}`, `Date : ${moment(report.at, ticket.territory, { as: 'date' })}`]);
  let y = head() + 14;
  const flow = new PageFlow(doc, head, 0);

  // The parties, side by side: the company that intervened, the customer and the place.
  const half = (CONTENT_WIDTH - 16) / 2;
  doc.font('bold').fontSize(8).fillColor(COLOURS.muted).text('INTERVENANT', PAGE.margin, y);
  doc.font('bold').fontSize(10).fillColor(COLOURS.ink).text(company.legalName, PAGE.margin, y + 12, { width: half });
  doc.font('regular').fontSize(8.5).text(sellerLines().join('\n'), { width: half, lineGap: 1 });
  const sellerBottom = doc.y;
  const customerX = PAGE.margin + half + 16;
  // Each a one-line field: a line break stored in one never makes a line of its own.
  const customerLines = [
    `Magasin : ${ticket.shop.name || '—'}`,
    ...(place.shopAddress ? [place.shopAddress] : []),
    `Territoire : ${territoryOf(ticket.territory).label}`,
    `Rappel au ${ticket.phone}`,
    ...(place.contract ? [place.contract] : []),
  ].map(oneLine);
  const companyName = oneLine(ticket.companyName);
  const customerText = customerLines.join('\n');
  // The grey box grows with the name (bold, as drawn) and the lines under it.
  const customerHeight = 18 + doc.font('bold').fontSize(10).heightOfString(companyName, { width: half - 8 }) + doc.font('regular').fontSize(8.5).heightOfString(customerText, { width: half - 8, lineGap: 1 });
  doc.roundedRect(customerX - 8, y - 6, half + 8, Math.max(84, customerHeight + 6), 4).fillColor(COLOURS.zebra).fill();
  doc.font('bold').fontSize(8).fillColor(COLOURS.muted).text('CLIENT', customerX, y);
  doc.font('bold').fontSize(10).fillColor(COLOURS.ink).text(companyName, customerX, y + 12, { width: half - 8 });
  doc.font('regular').fontSize(8.5).text(customerText, { width: half - 8, lineGap: 1 });
  y = Math.max(sellerBottom, doc.y, y + 78) + 16;

  // The intervention's facts, two columns of label and value; the work done; the parts used.
  flow.y = y;
  flow.section('Intervention', 0);
  flow.facts([
    ['Équipement', ticket.equipment.serial ? `${ticket.equipment.model} — n° de série ${ticket.equipment.serial}` : ticket.equipment.model],
    ['Impact', ticketImpactOf(ticket.impact).label],
    ['Ouvert le', moment(ticket.openedAt, ticket.territory)],
    ['Pris en charge le', ticket.takenInChargeAt ? moment(ticket.takenInChargeAt, ticket.territory) : '—'],
    ['Résolu le', moment(report.at, ticket.territory)],
    ['Technicien', shownToCustomers(report.by).name],
    ['Temps passé', durationLabel(report.minutes)],
  ]);
  flow.section('Travail effectué');
  flow.lines(report.workDone);
  flow.section('Pièces utilisées', 44);
  flow.parts(report.parts, 'Aucune pièce remplacée.');

  // The customer's signature, on the right, with who signed and when; « Non signé » otherwise.
  flow.room(SIGNATURE_BOX.height + 10);
  y = flow.y;
  drawSignatureBox(doc, y, signaturePng && report.signedBy ? { png: signaturePng, by: report.signedBy, when: moment(report.at, ticket.territory) } : undefined);
  doc
    .font('regular')
    .fontSize(7.5)
    .fillColor(COLOURS.muted)
    .text(oneLine(`Rapport établi par ${shownToCustomers(report.by).name} pour ${company.legalName}, sur le ticket ${ticket.reference} ouvert le ${moment(ticket.openedAt, ticket.territory)}.`), PAGE.margin, y + 8, {
      width: CONTENT_WIDTH - SIGNATURE_BOX.width - 16,
    });

  drawFooters(doc);
  doc.end();
  return new Uint8Array(await done);
}

/**
 * The report of a resolution, made and kept once: its PDF (and the signature, when the customer signed)
 * in the private store, and the record to put on the ticket with the PDF's size and fingerprint (SHA-256 of
 * the bytes kept). Called by « Résoudre »
 * before the ticket is moved to « Résolu »; the kept PDF is what the space, the admin and the e-mail serve.
 */
export async function writeReport(ticket: Ticket, content: ReportContent, signaturePng?: Uint8Array): Promise<InterventionReport> {
  const signature = content.signedBy ? signaturePng : undefined;
  const pdf = await makeReportPdf(ticket, content, signature, reportPlaceOf(await getCompany(ticket.companyId), ticket, content.at));
  await keepReportFiles(ticket.id, content.at, pdf, signature);
  return { ...content, pdfBytes: pdf.byteLength, sha256: createHash('sha256').update(pdf).digest('hex') };
}
