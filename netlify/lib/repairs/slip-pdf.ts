/**
 * The deposit slip (« Bon de dépôt », A4) and the device's label (90 × 40 mm), made once at the counter
 * when the device is handed over, with the company's title block and legal footer (the devis' machinery,
 * netlify/lib/pdf/pdf-document.ts, with its embedded DejaVu font): the customer company, the device and its
 * serial, the accessories left with it, its visible state, the fault as reported, the warranty, the
 * conditions of deposit, the customer's signature drawn on the counter's screen, and a QR code opening the
 * repair's page. The slip prints the SHA-256 of what it says (its facts and the signature's bytes): the
 * same fingerprint is stored with the repair, and the PDF's own SHA-256 beside it. Only the reception's
 * function imports this module (pdfkit and qrcode with it).
 */
import type { Company } from '../../../src/features/customers/model.ts';
import type { Repair } from '../../../src/features/repairs/model.ts';
import { warrantyLabel } from '../../../src/features/repairs/states.ts';
import { company as siteCompany } from '../../../src/lib/site.ts';
import { companyDocument, COLOURS, CONTENT_WIDTH, drawFooters, drawTitleBlock, PAGE, type Doc } from '../pdf/pdf-document.ts';
import { moment } from '../../../src/records/moment.ts';
import { drawWorkshopAndCustomer, saidFingerprint, workshopSaid } from '../pdf/pdf-flow.ts';

/** The conditions of deposit printed on every slip, one place. */
export const DEPOSIT_CONDITIONS = [
  'Le client confirme être autorisé à déposer cet appareil et reconnaît l’exactitude de l’état décrit ci-dessus.',
  'Les données de l’appareil restent sous la responsabilité du client : sauvegardez-les avant le dépôt.',
  'Hors garantie et hors contrat, aucune réparation n’est engagée sans l’acceptation d’un devis ; un diagnostic refusé peut être facturé selon nos tarifs en vigueur.',
  'Un appareil non retiré trois mois après l’avis « Prêt à retirer » peut faire l’objet de frais de garde.',
  'L’appareil est restitué sur présentation de ce bon ou de sa référence.',
] as const;

/** What the slip says, besides the repair itself. */
export interface SlipFacts {
  repair: Repair;
  company: Pick<Company, 'name' | 'clientCode'>;
  condition: string;
  signedBy: string;
  at: string;
  photoCount: number;
  /** The customer's drawing, as signature.ts made it ready (grey on white). */
  signaturePng: Uint8Array;
  /** The address the QR code opens (the site's /espace-client/reparation?id=…). */
  qrUrl: string;
}

/** The QR code of an address as a PNG (black on white, a quiet zone of 2 modules), as embedded. */
export async function qrPng(url: string): Promise<Buffer> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6, color: { dark: '#000000', light: '#ffffff' } });
}

/** The SHA-256 of what the slip says: its facts in a fixed order and the signature's bytes. */
export function slipFingerprint(facts: SlipFacts): string {
  const { repair } = facts;
  const said = [...workshopSaid(repair, facts.company), repair.accessories, facts.condition, repair.fault, repair.warranty, facts.signedBy, facts.at, String(facts.photoCount)];
  return saidFingerprint(said, facts.signaturePng);
}

/** A label and its value, side by side; returns the next line's top. */
function fact(doc: Doc, label: string, value: string, y: number): number {
  doc.font('regular').fontSize(9.5);
  const height = doc.heightOfString(value || '—', { width: CONTENT_WIDTH - 250 }) + 5;
  doc.font('bold').fillColor(COLOURS.muted).text(label, PAGE.margin, y, { width: 115 });
  doc.font('regular').fillColor(COLOURS.ink).text(value || '—', PAGE.margin + 120, y, { width: CONTENT_WIDTH - 250 });
  return y + height;
}

/** Renders the deposit slip; answers the PDF and the fingerprint it prints. */
export async function makeSlipPdf(facts: SlipFacts): Promise<{ pdf: Buffer; fingerprint: string }> {
  const { repair } = facts;
  const fingerprint = slipFingerprint(facts);
  const qr = await qrPng(facts.qrUrl);
  const { doc, done } = await companyDocument({ title: `Bon de dépôt ${repair.reference}`, subject: `Bon de dépôt ${repair.reference} – ${facts.company.name}` });
  let y = drawTitleBlock(doc, 'BON DE DÉPÔT', [`Réparation ${repair.reference}`, `Déposé le ${moment(facts.at, repair.territory)}`]) + 14;

  y = drawWorkshopAndCustomer(doc, facts.company, y);

  // The device and what was said about it; the QR code on the right.
  const qrSize = 112;
  const qrX = PAGE.margin + CONTENT_WIDTH - qrSize;
  doc.image(qr, qrX, y, { width: qrSize, height: qrSize });
  doc.font('regular').fontSize(7.5).fillColor(COLOURS.muted).text('Suivre la réparation', qrX, y + qrSize + 2, { width: qrSize, align: 'center' });
  doc.font('bold').fontSize(10).fillColor(COLOURS.band).text('Appareil déposé', PAGE.margin, y);
  y += 18;
  y = fact(doc, 'Appareil', repair.device.model, y);
  y = fact(doc, 'N° de série', repair.device.serial, y);
  y = fact(doc, 'Accessoires', repair.accessories || 'Aucun', y);
  y = fact(doc, 'État visible', facts.condition, y);
  y = fact(doc, 'Photos', facts.photoCount > 0 ? `${facts.photoCount} photo${facts.photoCount > 1 ? 's' : ''} prise${facts.photoCount > 1 ? 's' : ''} au dépôt` : 'Aucune', y);
  y = fact(doc, 'Panne signalée', repair.fault, y);
  y = fact(doc, 'Garantie', warrantyLabel(repair.warranty), y);
  y = Math.max(y, doc.y) + 14;

  // The conditions.
  doc.font('bold').fontSize(10).fillColor(COLOURS.band).text('Conditions de dépôt', PAGE.margin, y);
  y += 16;
  doc.font('regular').fontSize(8).fillColor(COLOURS.ink);
  for (const condition of DEPOSIT_CONDITIONS) {
    doc.text(`• ${condition}`, PAGE.margin, y, { width: CONTENT_WIDTH });
    y = doc.y + 2;
  }
  y += 12;

  // The customer's signature, with who signed and when; the fingerprint beside it.
  const box = { width: 250, height: 110 };
  const boxX = PAGE.margin + CONTENT_WIDTH - box.width;
  doc.rect(boxX, y, box.width, box.height).lineWidth(0.8).strokeColor(COLOURS.muted).stroke();
  doc.font('bold').fontSize(9).fillColor(COLOURS.ink).text('Signature du client', boxX + 8, y + 8);
  doc.image(Buffer.from(facts.signaturePng), boxX + 8, y + 22, { fit: [box.width - 16, box.height - 46], align: 'center' });
  doc.font('regular').fontSize(8).text(`Signé par ${facts.signedBy} le ${moment(facts.at, repair.territory)}`, boxX + 8, y + box.height - 18, { width: box.width - 16 });
  // The 64 digits on two lines of 32, so that they never break elsewhere.
  const fingerprintText = `Empreinte SHA-256 de ce bon :\n${fingerprint.slice(0, 32)}\n${fingerprint.slice(32)}`;
  doc.font('regular').fontSize(7.5).fillColor(COLOURS.muted);
  doc.text(fingerprintText, PAGE.margin, y + 8, { width: CONTENT_WIDTH - box.width - 20 });

  drawFooters(doc);
  doc.end();
  return { pdf: await done, fingerprint };
}

/** Renders the device's label: reference, company, model and serial, and the same QR code. */
export async function makeLabelPdf(repair: Repair, qrUrl: string): Promise<Buffer> {
  const qr = await qrPng(qrUrl);
  const width = 255; // 90 mm
  const height = 113; // 40 mm
  const margin = 8;
  const { doc, done } = await companyDocument({ title: `Étiquette ${repair.reference}`, subject: `Étiquette de l’appareil de la réparation ${repair.reference}` }, { size: [width, height], margin });
  const qrSize = height - 2 * margin;
  doc.image(qr, width - margin - qrSize, margin, { width: qrSize, height: qrSize });
  const textWidth = width - 3 * margin - qrSize;
  doc.font('bold').fontSize(12).fillColor('#000000').text(repair.reference, margin, margin, { width: textWidth, lineBreak: false });
  doc.font('regular').fontSize(7.5).text(repair.companyName, margin, margin + 18, { width: textWidth, height: 20, ellipsis: true });
  doc.text(repair.device.model, { width: textWidth, height: 20, ellipsis: true });
  if (repair.device.serial) doc.text(`N° ${repair.device.serial}`, { width: textWidth, lineBreak: false });
  doc.fontSize(6.5).text(siteCompany.name, margin, height - margin - 8, { width: textWidth, lineBreak: false });
  doc.end();
  return done;
}
