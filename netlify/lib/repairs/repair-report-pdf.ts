/**
 * The repair report (« Rapport de réparation », A4), made once when the technician declares the repair
 * « Réparé » and kept (repair-files.ts), with the company's title block and legal footer (the devis' and the
 * slip's machinery, netlify/lib/pdf/pdf-document.ts, with its embedded DejaVu font): the customer company,
 * the device and its serial, the accessories, the warranty, the fault as reported, the dates (deposited,
 * diagnosed, repaired), the diagnosis, the devis accepted, the technician, the work done, the parts used and
 * the tests made. Like the slip, it prints the SHA-256 of what it says, named as such; the PDF's own
 * SHA-256 is stored beside it and given by the e-mail that attaches it. Loaded with `await import()` by the « Réparé » change only (repair-report.ts), pdfkit with it.
 */
import type { Company } from '../../../src/features/customers/model.ts';
import { REPORT_FINGERPRINT_NAMES, type Repair, type RepairReport } from '../../../src/features/repairs/model.ts';
import { warrantyLabel } from '../../../src/features/repairs/states.ts';
import { company as siteCompany } from '../../../src/lib/site.ts';
import { shownToCustomers } from '../auth/permissions.ts';
import { companyDocument, COLOURS, CONTENT_WIDTH, drawFooters, drawTitleBlock, oneLine, PAGE } from '../pdf/pdf-document.ts';
import { moment } from '../../../src/records/moment.ts';
import { drawWorkshopAndCustomer, PageFlow, saidFingerprint, workshopSaid } from '../pdf/pdf-flow.ts';

/** What the report says, besides the repair itself. */
export interface RepairReportFacts {
  repair: Repair;
  company: Pick<Company, 'name' | 'clientCode'>;
  /** The report as « Réparé » records it (before its PDF is made). */
  report: Pick<RepairReport, 'at' | 'by' | 'work' | 'parts' | 'tests'>;
  /** The devis the customer accepted, when the repair needed one. */
  devis: { number: string; acceptedAt: string } | null;
}

/**
 * Who repaired it: the repair's technician, or '' when nobody was given the repair — then the report has no
 * « Technicien » line (never the name of who clicked « Réparé », which may be the company's own account).
 */
export const repairerOf = ({ repair }: Pick<RepairReportFacts, 'repair'>): string => repair.technician?.name ?? '';

/** When the diagnosis was made: the entry into « Diagnostic ». */
const diagnosedAt = (repair: Repair): string | undefined => repair.history.find((change) => change.kind === 'etat' && change.to === 'diagnostic')?.at;

/** The SHA-256 of what the report says: its facts in a fixed order. */
export function repairReportFingerprint(facts: RepairReportFacts): string {
  const { repair, report } = facts;
  const said = [
    ...workshopSaid(repair, facts.company),
    repair.warranty,
    repair.fault,
    repair.receivedAt ?? '',
    repair.diagnosis,
    facts.devis?.number ?? '',
    repairerOf(facts),
    report.at,
    report.work,
    JSON.stringify(report.parts),
    report.tests,
  ];
  return saidFingerprint(said);
}

/** Renders the repair report; answers the PDF and the fingerprint it prints. */
export async function makeRepairReportPdf(facts: RepairReportFacts): Promise<{ pdf: Buffer; fingerprint: string }> {
  const { repair, report } = facts;
  const fingerprint = repairReportFingerprint(facts);
  const { doc, done } = await companyDocument({ title: `Rapport de réparation ${repair.reference}`, subject: `Rapport de réparation ${repair.reference} – ${facts.company.name}` });
  const head = () => drawTitleBlock(doc, 'RAPPORT DE RÉPARATION', [`Réparation ${repair.reference}`, `Réparé le ${moment(report.at, repair.territory, { as: 'date' })}`]);
  const top = head() + 14;

  const flow = new PageFlow(doc, head, drawWorkshopAndCustomer(doc, facts.company, top) + 4);
  const diagnosis = diagnosedAt(repair);
  flow.section('Appareil et réparation', 0);
  flow.facts([
    ['Appareil', repair.device.model],
    ['N° de série', repair.device.serial],
    ['Accessoires', repair.accessories || 'Aucun'],
    ['Garantie', warrantyLabel(repair.warranty)],
    ['Panne signalée', repair.fault, 'lines'],
    ['Déposé le', repair.receivedAt ? moment(repair.receivedAt, repair.territory) : '—'],
    ['Diagnostiqué le', diagnosis ? moment(diagnosis, repair.territory) : '—'],
    ['Diagnostic', repair.diagnosis, 'lines'],
    ['Devis accepté', facts.devis ? `${facts.devis.number}, le ${moment(facts.devis.acceptedAt, repair.territory)}` : repair.warranty === 'hors_garantie' ? '—' : 'Sans devis (sous garantie ou sous contrat)'],
    ['Réparé le', moment(report.at, repair.territory)],
    ...(repairerOf(facts) ? [['Technicien', repairerOf(facts)] as [string, string]] : []),
  ]);
  flow.section('Travail effectué');
  flow.lines(report.work);
  flow.section('Pièces utilisées', 44);
  flow.parts(report.parts, 'Aucune pièce remplacée.');
  flow.section('Tests réalisés');
  flow.lines(report.tests);

  // Who made it, and the fingerprint of what it says (the 64 digits on two lines of 32).
  flow.room(48);
  doc.font('regular').fontSize(7.5).fillColor(COLOURS.muted);
  doc.text(oneLine(`Rapport établi par ${shownToCustomers(report.by).name} pour ${siteCompany.legalName}, réparation ${repair.reference}.`), PAGE.margin, flow.y, { width: CONTENT_WIDTH });
  doc.text(`${REPORT_FINGERPRINT_NAMES.content} (ce qu’il dit, et non le fichier PDF) :\n${fingerprint.slice(0, 32)}\n${fingerprint.slice(32)}`, PAGE.margin, doc.y + 4, { width: CONTENT_WIDTH });

  drawFooters(doc);
  doc.end();
  return { pdf: await done, fingerprint };
}
