/**
 * A Guyane record's times are Cayenne's on every surface that renders them, the zone named, whatever the
 * process's own zone: the inbox's card and its CSV export, the field app's offline band, the deposit slip
 * and the repair report, a devis' answer (customer's page, PDF line, e-mails), the invitation e-mail. The
 * same instant in Martinique's records stays bare Antilles time.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import { extractText } from 'unpdf';
import { describe, expect, test } from 'vitest';
import RequestCard from '../../src/features/admin/RequestCard';
import { requestsToCsv } from '../../src/features/admin/csv';
import type { ContactRequest } from '../../src/features/contact/request';
import { answerLine, newDraft, type DevisVersion } from '../../src/features/devis/devis';
import { offlineBanner } from '../../src/features/tickets/offline/field-model';
import type { TerritoryId } from '../../src/lib/territories';
import { answerMails } from '../../netlify/lib/devis/devis-mail';
import { publicDevis } from '../../netlify/lib/devis/devis-public';
import { makeRepairReportPdf } from '../../netlify/lib/repairs/repair-report-pdf';
import { makeSlipPdf } from '../../netlify/lib/repairs/slip-pdf';
import type { StaffAccount } from '../../netlify/lib/team/accounts';
import { invitationMail } from '../../netlify/lib/team/invitation-mail';
import { signatureFromDataUrl } from '../../netlify/lib/tickets/signature';
import { sampleRepair } from '../helpers/repair-fixture';

/** 13:41 UTC: 09:41 in the Antilles, 10:41 in Cayenne. */
const AT = '2026-11-21T13:41:00.000Z';
const CAYENNE = '21/11/2026 à 10:41 (heure de Cayenne)';
const ANTILLES = '21/11/2026 à 09:41';
const ENV = { MAIL_TO: 'commercial@vision-caraibes.fr', MAIL_FROM: 'site@vision-caraibes.fr', SITE_URL: 'https://www.vision-caraibes.fr' };
const textOf = async (pdf: Uint8Array) => (await extractText(new Uint8Array(pdf), { mergePages: true })).text.replace(/[\s\u00a0\u202f]+/g, ' ');
const spaced = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');

const request = (territory: TerritoryId): ContactRequest => ({
  id: 'f1d2d2f9-0000-4000-8000-000000000001',
  reference: 'CT-2026-00001',
  kind: 'contact',
  name: 'Léa Marie-Sainte',
  email: 'lea@exemple.fr',
  phone: '0594 34 00 00',
  company: 'Boulangerie de Saint-Laurent',
  subject: 'Encaissement & Gestion',
  delai: '1 à 3 mois',
  message: 'La balance ne transmet plus les poids à la caisse.',
  clientCode: '',
  territory,
  notes: [],
  history: [],
  statut: 'nouveau',
  created_at: AT,
  updated_at: AT,
  mail_status: 'envoye',
});

const version = (territory: TerritoryId): DevisVersion =>
  ({
    version: 1,
    number: 'DV-2026-00042-1',
    draft: newDraft([{ reference: 'ZD4A042-D0EM00EZ', designation: 'Imprimante Zebra ZD421d', quantity: 1, unitPriceHTCents: 49917, discountBasisPoints: 0 }], territory),
    customer: { name: 'Paul Édouard', company: 'Entrepôt de Kourou', email: 'paul@exemple.fr', phone: '0594 32 00 00', clientCode: '' },
    sentAt: '2026-11-20T14:00:00.000Z',
    validUntil: '2026-12-20',
    state: 'accepte',
    answer: { decision: 'accepte', name: 'Paul Édouard', role: 'Gérant', at: AT },
  }) as DevisVersion;

describe('a Guyane request', () => {
  test('is « Reçue le » in Cayenne’s time on the inbox’s card and in the CSV export', () => {
    const card = spaced(renderToStaticMarkup(createElement(RequestCard, { request: request('guyane'), onStatusChange: () => {}, onOpen: () => {} })));
    expect(card).toContain('Reçue le 21 novembre 2026 à 10:41 (heure de Cayenne)');
    expect(spaced(requestsToCsv([request('guyane')]))).toContain('"21 novembre 2026 à 10:41 (heure de Cayenne)"');
    const antilles = spaced(renderToStaticMarkup(createElement(RequestCard, { request: request('martinique'), onStatusChange: () => {}, onOpen: () => {} })));
    expect(antilles).toContain('Reçue le 21 novembre 2026 à 09:41');
    expect(antilles).not.toContain('heure de');
  });
});

describe('the field app’s offline band', () => {
  test('is in the technician’s territory’s time: Cayenne’s for Guyane tickets, named', () => {
    expect(offlineBanner(AT, ['guyane', 'guyane'])).toBe(`Hors ligne — données du ${CAYENNE}`);
    expect(offlineBanner(AT, ['martinique'])).toBe(`Hors ligne — données du ${ANTILLES}`);
    expect(offlineBanner(AT, ['martinique', 'guyane'])).toBe(`Hors ligne — données du ${ANTILLES} (heure de la Martinique)`);
  });
});

describe('a Guyane repair', () => {
  const repair = sampleRepair({ territory: 'guyane', receivedAt: AT, stateSince: AT });

  test('is deposited and signed in Cayenne’s time on its slip', async () => {
    const drawing = await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: Buffer.from('<svg width="300" height="100"><path d="M10 80 C 80 10, 150 90, 290 25" stroke="#111" stroke-width="5" fill="none"/></svg>'), top: 0, left: 0 }])
      .png()
      .toBuffer();
    const signaturePng = signatureFromDataUrl(`data:image/png;base64,${drawing.toString('base64')}`)!;
    const { pdf } = await makeSlipPdf({ repair, company: { name: 'Boulangerie de Saint-Laurent', clientCode: 'C-00917' }, condition: 'Coque rayée.', signedBy: 'Léa Marie-Sainte', at: AT, photoCount: 0, signaturePng, qrUrl: 'https://www.vision-caraibes.fr/espace-client/reparation?id=1' });
    const text = await textOf(pdf);
    expect(text).toContain(`Déposé le ${CAYENNE}`);
    expect(text).toContain(`Signé par Léa Marie-Sainte le ${CAYENNE}`);
  });

  test('is deposited and repaired in Cayenne’s time on its report', async () => {
    const { pdf } = await makeRepairReportPdf({
      repair,
      company: { name: 'Boulangerie de Saint-Laurent', clientCode: 'C-00917' },
      report: { at: '2026-11-23T19:45:00.000Z', by: { kind: 'staff', id: 'tech-1', name: 'Marc Édouard' }, work: 'Écran remplacé.', parts: [], tests: 'Paiement testé.' },
      devis: null,
    });
    const text = await textOf(pdf);
    expect(text).toContain(`Déposé le ${CAYENNE}`);
    expect(text).toContain('Réparé le 23/11/2026 à 16:45 (heure de Cayenne)');
  });
});

describe('a Guyane devis', () => {
  test('is accepted in Cayenne’s time on the customer’s page, its PDF and both e-mails', () => {
    expect(publicDevis(version('guyane')).answer?.text).toContain(`accepté le ${CAYENNE} par Paul Édouard`);
    expect(answerLine(version('guyane').answer!, 'guyane')).toBe(`Accepté en ligne le ${CAYENNE} par Paul Édouard (Gérant)`);
    const { customer, company } = answerMails(version('guyane'), 'req-1', ENV);
    expect(spaced(customer.textBody)).toContain('le 21 novembre 2026 à 10:41 (heure de Cayenne)');
    expect(spaced(company.textBody)).toContain('le 21 novembre 2026 à 10:41 (heure de Cayenne)');
    expect(spaced(answerMails(version('martinique'), 'req-1', ENV).customer.textBody)).toContain('le 21 novembre 2026 à 09:41, par');
  });
});

describe('an invitation', () => {
  const account = (territories: TerritoryId[]): StaffAccount => ({ id: 'a-1', name: 'Marc Édouard', email: 'marc@exemple.fr', role: 'technicien', territories, state: 'invite', passkeys: [], sessionVersion: 1, createdAt: AT, history: [] });
  const expiry = (territories: TerritoryId[]) => /expire le ([^.]+)\./.exec(spaced(invitationMail(account(territories), 'https://www.vision-caraibes.fr/admin/activer#x', AT, { id: 'owner', name: 'Admin' }, ENV).textBody))![1];

  test('expires in the invited person’s territory’s time, or the head office’s named when they work on two clocks', () => {
    expect(expiry(['guyane'])).toBe('21 novembre 2026 à 10:41 (heure de Cayenne)');
    expect(expiry(['guadeloupe'])).toBe('21 novembre 2026 à 09:41');
    expect(expiry(['martinique', 'guyane'])).toBe('21 novembre 2026 à 09:41 (heure de la Martinique)');
  });
});
