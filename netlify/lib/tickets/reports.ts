/**
 * The intervention reports as kept: each resolution's PDF, made once by report-pdf.ts, and the signature
 * it carries, in the private `ticket-reports` store under `<ticketId>/rapport-<instant>.pdf` and
 * `…-signature.png`. Reading them needs no PDF library: the e-mail of « Résolu » attaches the kept bytes
 * and the functions serve them, without making anything again.
 */
import type { InterventionReport, Ticket } from '../../../src/features/tickets/model.ts';
import { deleteUnder, storeNames, strongStore } from '../storage/storage.ts';

const reportStore = () => strongStore(storeNames.ticketReports);

/** The stem of a report's files: its ticket and the instant of its resolution (a ticket reopened and resolved again gets a second report). */
const reportStem = (ticketId: string, at: string): string => `${ticketId}/rapport-${at.replace(/[^0-9TZ]/g, '')}`;

/** Keeps a report's PDF and, when the customer signed, the signature's PNG. */
export async function keepReportFiles(ticketId: string, at: string, pdf: Uint8Array, signaturePng?: Uint8Array): Promise<void> {
  const store = reportStore();
  const stem = reportStem(ticketId, at);
  await store.set(`${stem}.pdf`, new Uint8Array(pdf).buffer);
  if (signaturePng) await store.set(`${stem}-signature.png`, new Uint8Array(signaturePng).buffer);
}

/** The kept PDF of the ticket's report (its last resolution), or undefined when it has none. */
export async function reportPdfOf(ticket: Pick<Ticket, 'id' | 'report'>): Promise<Uint8Array | undefined> {
  if (!ticket.report) return undefined;
  const data = await reportStore().get(`${reportStem(ticket.id, ticket.report.at)}.pdf`, { type: 'arrayBuffer' });
  return data ? new Uint8Array(data) : undefined;
}

/** The file name a report is downloaded or attached under: « Rapport-TK-2026-00001.pdf ». */
export const reportFileName = (ticket: Pick<Ticket, 'reference'>): string => `Rapport-${ticket.reference}.pdf`;

/** Erases every report and signature of a ticket (retention, erasure); answers how many files there were. */
export const eraseReports = (ticketId: string): Promise<number> => deleteUnder(storeNames.ticketReports, `${ticketId}/`);

/** A report as « Résoudre » records it, before its PDF is made (the PDF's size and fingerprint complete it). */
export type ReportContent = Omit<InterventionReport, 'pdfBytes' | 'sha256'>;
