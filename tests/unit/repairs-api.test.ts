/**
 * The workshop's endpoints over a real BlobsServer and the local Postmark stand-in: a repair opened (once
 * per idempotency key), received at the counter with photos and the customer's signature (slip and label
 * made once), diagnosed, its devis sent with the devis machinery and accepted from the customers' space,
 * repaired with its report, made ready and restituted — with the customer's e-mails at the steps they must
 * know; the devis rule through the API; the loan's life; the board and the search; the company's erase.
 * Isolation: another company's repair answers 404 on every space call, another territory's on every staff
 * call, exactly as an unknown one.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import repairs from '../../netlify/routes/repairs/repairs.ts';
import repair from '../../netlify/routes/repairs/repair.ts';
import repairDevis from '../../netlify/routes/repairs/repair-devis.ts';
import repairLoan from '../../netlify/routes/repairs/repair-loan.ts';
import repairFiles from '../../netlify/routes/repairs/repair-files.ts';
import companyWorkshop from '../../netlify/routes/repairs/company-workshop.ts';
import spaceRepairs from '../../netlify/routes/repairs/space-repairs.ts';
import spaceDevisDocument from '../../netlify/routes/space/space-devis-document.ts';
import customer from '../../netlify/routes/companies/customer.ts';
import { getCompany, saveCompany } from '../../netlify/lib/customers/companies.ts';
import { martiniqueDay } from '../../src/features/devis/devis.ts';
import { API_ERRORS } from '../../netlify/lib/http/errors.ts';
import { getDevis } from '../../netlify/lib/devis/devis-records.ts';
import { companyPool } from '../../netlify/lib/repairs/loans.ts';
import { companyRepairEntries, openRepairEntries } from '../../netlify/lib/repairs/repair-index.ts';
import { getRepair } from '../../netlify/lib/repairs/repairs.ts';
import { purgeRepairs } from '../../netlify/lib/repairs/repair-retention.ts';
import { photoBytes } from '../../netlify/lib/tickets/photo-store.ts';
import type { Company } from '../../src/features/customers/model.ts';
import { repairApi, spaceRepairApi } from '../../src/lib/repair-paths.ts';
import { repairDraft } from '../../src/features/repairs/repair-draft.ts';
import { spaceDevisPath } from '../../src/lib/paths.ts';
import type { TerritoryId } from '../../src/lib/territories.ts';
import { call } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { cookieOf, jpeg, openRepairAs, patchAs, receiveAs, signature, SITE, staffAccountOf, workshopCompanyOf } from '../helpers/workshop';

const world = useApiTestEnvironment();
const companyOf = workshopCompanyOf;
const staffOf = async (role: string, territories?: TerritoryId[]) => (await staffAccountOf(role, territories)).token;
const open = (of: Company, overrides: Record<string, unknown> = {}, token = world.token) => openRepairAs(token, of, overrides);
const receive = (id: string, fields: Record<string, string>, photos: Buffer[] = [], token = world.token) => receiveAs(token, id, fields, photos);
const patch = (id: string, body: unknown, token = world.token) => patchAs(token, id, body);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A kept PDF as an endpoint serves it: its bytes and headers. */
async function pdfOf(handler: (request: Request, context: never) => Promise<Response>, path: string, headers: Record<string, string>, id: string) {
  const response = await handler(new Request(`${SITE}${path}`, { headers }), { params: { id } } as never);
  expect(response.status).toBe(200);
  return { bytes: Buffer.from(await response.arrayBuffer()), type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition') };
}
/** The company with a maintenance contract ending that day (YYYY-MM-DD). */
const underContract = async (of: Company, contractEndsOn: string): Promise<Company> => (await saveCompany(of.id, (current) => ({ ...current!, contractEndsOn })))!;
const mailsTo = (of: Company) => world.postmark.sentTo(of.people[0]!.email).map((mail) => mail.body.Subject);

describe('a repair’s life, from the counter to the restitution', () => {
  it('opens, receives with photos and signature, diagnoses, sends the devis, is accepted from the space, repaired, ready, restituted', async () => {
    const acme = await companyOf('Atelier');
    const opened = await open(acme);
    expect(opened.repair).toMatchObject({ state: 'attendu', device: { equipmentId: acme.equipment[0]!.id, model: 'Terminal de paiement Ingenico Move 5000', serial: acme.equipment[0]!.serial }, warranty: 'hors_garantie', contactPersonId: acme.people[0]!.id });
    expect(opened.repair.reference).toMatch(/^RP-\d{4}-\d{5}$/);
    // « Reçu à l’atelier » is the reception's (its signed slip), never a move by hand.
    expect(opened.nextStates).toEqual([]);
    const id = opened.repair.id;

    const received = await receive(id, { condition: 'Coque rayée au dos, écran intact.', accessories: 'Chargeur', signedBy: 'Léa Atelier', signature: await signature() }, [await jpeg()]);
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    const reception = received.body.data.repair.reception;
    expect(received.body.data.repair).toMatchObject({ state: 'recu', accessories: 'Chargeur' });
    expect(reception.slip.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(reception.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(reception.slip.bytes).toBeLessThanOrEqual(60 * 1024);
    const stored = await photoBytes(id, reception.photos[0].id);
    expect((await sharp(stored!).metadata()).exif).toBeUndefined();
    // Made once: a second reception is refused and the kept slip stays the same.
    const again = await receive(id, { condition: 'Autre état', signedBy: 'Quelqu’un', signature: await signature() });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(API_ERRORS.repair_already_received.message);
    expect((await getRepair(id))!.reception!.slip.sha256).toBe(reception.slip.sha256);
    const slip = await call(repairFiles, repairApi.slip(id), { token: world.token, params: { id } });
    expect(slip.status).toBe(200);
    expect(slip.headers.get('content-type')).toBe('application/pdf');
    expect((await call(repairFiles, repairApi.label(id), { token: world.token, params: { id } })).status).toBe(200);
    expect(mailsTo(acme)).toEqual([`[${opened.repair.reference}] Votre appareil est arrivé à l’atelier`]);

    const diagnosed = await patch(id, { action: 'diagnostic', diagnosis: 'Nappe de l’écran sectionnée.' });
    expect(diagnosed.body.data.repair).toMatchObject({ state: 'diagnostic', diagnosis: 'Nappe de l’écran sectionnée.' });
    // Out of warranty: no repair before an accepted devis.
    const early = await patch(id, { action: 'etat', to: 'en_reparation' });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('Une réparation hors garantie ne commence qu’une fois son devis accepté par le client.');

    const draft = repairDraft([{ reference: 'NAP-M5000', designation: 'Nappe écran Move 5000', quantity: 1, unitPriceHTCents: 2_400 }], 45, 'martinique', opened.repair.reference);
    const sent = await call(repairDevis, repairApi.devis(id), { token: world.token, params: { id }, body: { draft } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ devisState: 'envoye', repair: { state: 'devis_envoye' } });
    const requestId = sent.body.data.repair.devis.requestId;
    const version = (await getDevis(requestId))!.versions[0]!;
    expect(version.document!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(mailsTo(acme).at(-1)).toContain(version.number);

    // The customer reads it in « Mes réparations » and accepts it through the space's devis path.
    const cookie = await cookieOf(acme);
    const mine = await call(spaceRepairs, spaceRepairApi.repair(id), { headers: cookie, params: { id } });
    expect(mine.body.data).toMatchObject({ state: 'devis_envoye', devis: { requestId, version: 1, state: 'envoye', answerable: true }, hasSlip: true });
    // 24 € of parts and 45 minutes (48,75 €) of labour: HT, the VAT of Martinique, TTC, no shipping line.
    const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    expect(mine.body.data.devis.totals.map((row: { label: string; value: string }) => [spaced(row.label), spaced(row.value)])).toEqual([
      ['Total HT', '72,75 €'],
      ['TVA 8,5 % (Martinique)', '6,18 €'],
      ['Total TTC', '78,93 €'],
    ]);
    expect(mine.body.data).not.toHaveProperty('technician');
    const accepted = await call(spaceDevisDocument, spaceDevisPath(requestId, 1, 'reponse'), { headers: cookie, params: { requestId, version: '1' }, body: { decision: 'accepte', name: 'Léa Atelier', role: 'Gérante', bonPourAccord: true } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

    // The acceptance moved the repair by itself, journaled as the customer's move.
    const moved = (await getRepair(id))!;
    expect(moved.state).toBe('en_reparation');
    expect(moved.history.at(-1)).toMatchObject({ kind: 'etat', from: 'devis_envoye', to: 'en_reparation', by: { kind: 'client', id: acme.people[0]!.id, name: acme.people[0]!.name }, because: `Devis ${version.number} accepté dans l’espace client par Léa Atelier (Gérante), «\u00a0Bon pour accord\u00a0».` });
    const noReport = await patch(id, { action: 'etat', to: 'repare' });
    expect(noReport.status).toBe(409);
    // No report before « Réparé », for staff or the customer.
    const noPdf = await call(repairFiles, repairApi.report(id), { token: world.token, params: { id } });
    expect([noPdf.status, noPdf.body.error]).toEqual([404, API_ERRORS.repair_report_not_found.message]);
    expect((await call(spaceRepairs, spaceRepairApi.report(id), { headers: cookie, params: { id } })).status).toBe(404);
    const repaired = await patch(id, { action: 'repare', work: 'Nappe remplacée.', tests: 'Paiement sans contact et puce testés.', parts: [{ reference: 'NAP-M5000', name: 'Nappe écran', quantity: 1 }] });
    expect(repaired.body.data.repair).toMatchObject({ state: 'repare', report: { work: 'Nappe remplacée.', tests: 'Paiement sans contact et puce testés.' } });
    // The repair report, made once at « Réparé » and kept: the same bytes for staff and the customer, its SHA-256 stored.
    const kept = repaired.body.data.repair.report;
    expect(kept.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(kept.pdf.sha256).toMatch(/^[0-9a-f]{64}$/);
    const staffReport = await pdfOf(repairFiles, repairApi.report(id), { authorization: `Bearer ${world.token}` }, id);
    expect(staffReport.type).toBe('application/pdf');
    expect(staffReport.disposition).toBe(`inline; filename="Rapport-de-reparation-${opened.repair.reference}.pdf"`);
    expect(sha256(staffReport.bytes)).toBe(kept.pdf.sha256);
    expect(sha256((await pdfOf(spaceRepairs, spaceRepairApi.report(id), cookie, id)).bytes)).toBe(kept.pdf.sha256);
    const reportText = (await extractText(new Uint8Array(staffReport.bytes), { mergePages: true })).text.replace(/[\s\u00a0\u202f]+/g, ' ');
    for (const expected of ['RAPPORT DE RÉPARATION', opened.repair.reference, acme.name, 'Nappe remplacée.', 'NAP-M5000', 'Paiement sans contact et puce testés.', version.number, kept.fingerprint.slice(0, 32)]) expect(reportText).toContain(expected);
    // Nobody was given the repair: no « Technicien » line, never the company's account name in its place.
    expect(reportText).not.toContain('Technicien');
    expect(reportText).toContain('Empreinte SHA-256 du contenu du rapport (ce qu’il dit, et non le fichier PDF)');
    expect((await call(spaceRepairs, spaceRepairApi.repair(id), { headers: cookie, params: { id } })).body.data.hasReport).toBe(true);
    // Another company's person gets 404, as for a repair that does not exist.
    const stranger = await cookieOf(await companyOf('Voisin'));
    const strangers = await call(spaceRepairs, spaceRepairApi.report(id), { headers: stranger, params: { id } });
    expect([strangers.status, strangers.body.error]).toEqual([404, API_ERRORS.repair_not_found.message]);
    expect((await patch(id, { action: 'etat', to: 'pret_a_retirer' })).body.data.repair.state).toBe('pret_a_retirer');
    expect((await patch(id, { action: 'etat', to: 'restitue' })).body.data.repair.state).toBe('restitue');
    expect((await patch(id, { action: 'etat', to: 'recu' })).status).toBe(409);

    // « Prêt à retirer » carries the kept report, its fingerprint in the text.
    const ready = world.postmark.sentTo(acme.people[0]!.email).find((mail) => mail.body.Subject.endsWith('prêt à retirer'))!.body as { TextBody: string; Attachments?: { Name: string; ContentType: string; Content: string }[] };
    expect(ready.Attachments?.map((file) => [file.Name, file.ContentType])).toEqual([[`Rapport-de-reparation-${opened.repair.reference}.pdf`, 'application/pdf']]);
    expect(sha256(Buffer.from(ready.Attachments![0]!.Content, 'base64'))).toBe(kept.pdf.sha256);
    expect(ready.TextBody).toContain(kept.pdf.sha256);
    // Each fingerprint named: the file's, and the content's as the report prints it.
    const readyText = ready.TextBody.replace(/[\u00a0\u202f]/g, ' ');
    expect(readyText).toContain(`Empreinte SHA-256 du fichier PDF joint : ${kept.pdf.sha256}.`);
    expect(readyText).toContain(`Empreinte SHA-256 du contenu du rapport, imprimée en bas du rapport : ${kept.fingerprint}.`);
    expect(mailsTo(acme).filter((subject) => subject.startsWith(`[${opened.repair.reference}]`))).toEqual([
      `[${opened.repair.reference}] Votre appareil est arrivé à l’atelier`,
      `[${opened.repair.reference}] Votre appareil est prêt à retirer`,
    ]);
    const final = (await call(spaceRepairs, spaceRepairApi.repair(id), { headers: cookie, params: { id } })).body.data;
    expect(final.steps.map((step: { state: string }) => step.state)).toEqual(['attendu', 'recu', 'diagnostic', 'devis_envoye', 'en_reparation', 'repare', 'pret_a_retirer', 'restitue']);
    expect(final.report).toMatchObject({ work: 'Nappe remplacée.', parts: [{ name: 'Nappe écran', quantity: 1 }] });
    expect((await openRepairEntries()).some((entry) => entry.id === id)).toBe(false);
  });

  it('under the maker’s warranty the repair starts without a devis; a devis before the diagnosis is refused', async () => {
    const acme = await companyOf('Garantie');
    const { repair: opened } = await open(acme, { warranty: 'constructeur', equipmentId: null, model: 'Imprimante Epson TM-T20', serial: 'X-77' });
    expect(opened.device).toEqual({ equipmentId: null, model: 'Imprimante Epson TM-T20', serial: 'X-77' });
    const early = await call(repairDevis, repairApi.devis(opened.id), { token: world.token, params: { id: opened.id }, body: { draft: repairDraft([], 30, 'martinique', opened.reference) } });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(API_ERRORS.repair_devis_refused.message);
    await receive(opened.id, { condition: 'Bon état', signedBy: 'Léa', signature: await signature() });
    await patch(opened.id, { action: 'diagnostic', diagnosis: 'Tête d’impression usée.' });
    expect((await patch(opened.id, { action: 'etat', to: 'en_reparation' })).body.data.repair.state).toBe('en_reparation');
  });

  it('bad input is refused in French and changes nothing; a retried opening gives the same repair', async () => {
    const acme = await companyOf('Saisie');
    const bad = await call(repairs, repairApi.board, { token: world.token, body: { companyId: acme.id, fault: '', warranty: 'peut-etre' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['fault', 'warranty']);
    const noDevice = await call(repairs, repairApi.board, { token: world.token, body: { companyId: acme.id, fault: 'Ne s’allume plus.', warranty: 'contrat' } });
    expect(noDevice.body.fields).toEqual({ model: 'Modèle\u00a0: choisissez un équipement de la société ou saisissez le modèle.' });
    expect(await companyRepairEntries(acme.id)).toEqual([]);
    const key = crypto.randomUUID();
    const first = await open(acme, { idempotencyKey: key });
    const second = await call(repairs, repairApi.board, { token: world.token, body: { companyId: acme.id, equipmentId: acme.equipment[0]!.id, accessories: 'Chargeur, câble USB', fault: 'L’écran reste noir à l’allumage.', warranty: 'hors_garantie', idempotencyKey: key } });
    expect(second.status).toBe(200);
    expect(second.body.data.repair.id).toBe(first.repair.id);
    const noSignature = await receive(first.repair.id, { condition: 'Bon état', signedBy: 'Léa' });
    expect(noSignature.status).toBe(400);
    expect(noSignature.body.error).toBe(API_ERRORS.signature_missing.message);
    expect((await getRepair(first.repair.id))!.state).toBe('attendu');
  });
});

describe('the server’s rules of an opening and a reception', () => {
  it('« Sous contrat » is refused in French for a company without a running contract, or a device it does not cover; nothing is opened', async () => {
    const none = await companyOf('SansContrat');
    const body = (of: Company, equipmentId = of.equipment[0]!.id) => ({ companyId: of.id, equipmentId, fault: 'Ne s’allume plus.', warranty: 'contrat' });
    const refused = await call(repairs, repairApi.board, { token: world.token, body: body(none) });
    expect([refused.status, refused.body.error, refused.body.fields]).toEqual([400, API_ERRORS.repair_no_contract.message, { warranty: API_ERRORS.repair_no_contract.message }]);
    const ended = await underContract(await companyOf('ContratEchu'), '2020-12-31');
    expect((await call(repairs, repairApi.board, { token: world.token, body: body(ended) })).body.error).toBe(API_ERRORS.repair_no_contract.message);
    const running = await underContract(await companyOf('Contrat'), '2099-12-31');
    const uncovered = (await saveCompany(running.id, (current) => ({ ...current!, equipment: [...current!.equipment, { id: crypto.randomUUID(), productSlug: null, model: 'Imprimante hors contrat', serial: 'HC-1', shopId: null, underContract: false }] })))!;
    const notCovered = await call(repairs, repairApi.board, { token: world.token, body: body(uncovered, uncovered.equipment[1]!.id) });
    expect([notCovered.status, notCovered.body.fields]).toEqual([400, { warranty: API_ERRORS.repair_equipment_not_under_contract.message }]);
    for (const of of [none, ended, uncovered]) expect(await companyRepairEntries(of.id)).toEqual([]);
    // Out of the contract, the same device is opened out of warranty: it then waits for its devis.
    const { repair: outside } = await open(none);
    await receive(outside.id, { condition: 'Bon état', signedBy: 'Léa', signature: await signature() });
    await patch(outside.id, { action: 'diagnostic', diagnosis: 'Alimentation HS.' });
    expect((await patch(outside.id, { action: 'etat', to: 'en_reparation' })).status).toBe(409);
    // Under a running contract, covering the device: opened, and repaired without a devis.
    const { repair: covered } = await open(running, { warranty: 'contrat' });
    await receive(covered.id, { condition: 'Bon état', signedBy: 'Léa', signature: await signature() });
    await patch(covered.id, { action: 'diagnostic', diagnosis: 'Alimentation HS.' });
    expect((await patch(covered.id, { action: 'etat', to: 'en_reparation' })).body.data.repair.state).toBe('en_reparation');
  });

  it('« Reçu à l’atelier » by hand is refused in French and changes nothing; the reception then makes it, with its slip', async () => {
    const acme = await companyOf('ALaMain');
    const { repair: opened } = await open(acme);
    const byHand = await patch(opened.id, { action: 'etat', to: 'recu' });
    expect([byHand.status, byHand.body.error]).toEqual([409, 'Un appareil attendu passe à «\u00a0Reçu à l’atelier\u00a0» par sa réception au comptoir, qui fait signer le bon de dépôt\u00a0: réceptionnez-le depuis le comptoir de l’atelier.']);
    expect(await getRepair(opened.id)).toMatchObject({ state: 'attendu', receivedAt: null, reception: null, history: [{ to: 'attendu' }] });
    const received = await receive(opened.id, { condition: 'Bon état', signedBy: 'Léa', signature: await signature() });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.data.repair).toMatchObject({ state: 'recu', reception: { signedBy: 'Léa' } });
  });
});

describe('the technician', () => {
  it('is chosen among the territory’s assignable people of the roles table, and the report prints them', async () => {
    const acme = await companyOf('Technicien');
    const [tech, other, sales] = await Promise.all([staffAccountOf('technicien'), staffAccountOf('technicien', ['guadeloupe']), staffAccountOf('commercial')]);
    const { repair: opened } = await open(acme, { warranty: 'constructeur' });
    const view = (await call(repair, repairApi.repair(opened.id), { token: world.token, params: { id: opened.id } })).body.data;
    const offered = view.technicians.map((person: { id: string }) => person.id);
    expect(offered).toContain(tech.account.id);
    expect(offered).not.toContain(other.account.id);
    expect(offered).not.toContain(sales.account.id);
    for (const refused of [other.account.id, sales.account.id]) {
      const answer = await patch(opened.id, { action: 'technicien', technicianId: refused });
      expect([answer.status, answer.body.error]).toEqual([409, API_ERRORS.repair_technician_not_assignable.message]);
    }
    expect((await getRepair(opened.id))!.technician).toBeNull();
    const given = await patch(opened.id, { action: 'technicien', technicianId: tech.account.id });
    expect(given.body.data.repair.technician).toEqual({ id: tech.account.id, name: tech.account.name });
    await receive(opened.id, { condition: 'Bon état', signedBy: 'Léa', signature: await signature() });
    await patch(opened.id, { action: 'diagnostic', diagnosis: 'Tête usée.' });
    await patch(opened.id, { action: 'etat', to: 'en_reparation' });
    // The owner's account declares it repaired: the report names the technician, not who clicked.
    await patch(opened.id, { action: 'repare', work: 'Tête remplacée.', tests: 'Impression testée.', parts: [{ reference: 'TETE-T20', name: 'Tête d’impression', quantity: 1 }] });
    const report = await pdfOf(repairFiles, repairApi.report(opened.id), { authorization: `Bearer ${world.token}` }, opened.id);
    const text = (await extractText(new Uint8Array(report.bytes), { mergePages: true })).text.replace(/[\s\u00a0\u202f]+/g, ' ');
    expect(text).toContain(`Technicien ${tech.account.name}`);
    expect(text).toContain('TETE-T20');
  });
});

describe('the loan’s life', () => {
  it('a device of the company’s pool is lent against a repair, unavailable meanwhile, returned with its dates', async () => {
    const acme = await companyOf('Pret');
    const added = await call(companyWorkshop, repairApi.company(acme.id), { token: world.token, params: { id: acme.id }, body: { model: 'Terminal de prêt Move 5000', serial: 'PRET-01' } });
    expect(added.status).toBe(201);
    const deviceId = added.body.data.pool[0].id;
    const first = (await open(acme)).repair;
    const second = (await open(acme)).repair;
    const lent = await call(repairLoan, repairApi.loan(first.id), { token: world.token, params: { id: first.id }, body: { deviceId } });
    expect(lent.status).toBe(200);
    expect(lent.body.data.repair.loan).toMatchObject({ deviceId, model: 'Terminal de prêt Move 5000', serial: 'PRET-01', returnedAt: null });
    expect((await companyPool(acme.id))[0]).toMatchObject({ state: 'prete', loans: [{ repairId: first.id, reference: first.reference, returnedAt: null }] });
    const busy = await call(repairLoan, repairApi.loan(second.id), { token: world.token, params: { id: second.id }, body: { deviceId } });
    expect(busy.status).toBe(409);
    expect(busy.body.error).toBe(API_ERRORS.loan_device_unavailable.message);
    const shown = await call(companyWorkshop, repairApi.company(acme.id), { token: world.token, params: { id: acme.id } });
    expect(shown.body.data.repairs.find((row: { id: string }) => row.id === first.id).onLoan).toBe(true);
    const mine = await call(spaceRepairs, spaceRepairApi.repair(first.id), { headers: await cookieOf(acme), params: { id: first.id } });
    expect(mine.body.data.loan).toMatchObject({ model: 'Terminal de prêt Move 5000', returnedAt: null });
    const back = await call(repairLoan, repairApi.loan(first.id), { method: 'DELETE', token: world.token, params: { id: first.id } });
    expect(back.status).toBe(200);
    expect(back.body.data.repair.loan.returnedAt).not.toBeNull();
    const device = (await companyPool(acme.id))[0]!;
    expect(device.state).toBe('disponible');
    expect(device.loans[0]!.returnedAt).toBe(back.body.data.repair.loan.returnedAt);
    expect((await call(repairLoan, repairApi.loan(first.id), { method: 'DELETE', token: world.token, params: { id: first.id } })).status).toBe(409);
    expect((await call(repairLoan, repairApi.loan(second.id), { token: world.token, params: { id: second.id }, body: { deviceId } })).status).toBe(200);
  });
});

describe('isolation', () => {
  it('another company’s repair answers 404 on every space call, as an unknown one', async () => {
    const acme = await companyOf('Acme');
    const other = await companyOf('Autre');
    const { repair: theirs } = await open(other);
    await receive(theirs.id, { condition: 'Bon état', signedBy: 'Léa', signature: await signature() });
    const cookie = await cookieOf(acme);
    for (const path of [spaceRepairApi.repair(theirs.id), spaceRepairApi.slip(theirs.id), spaceRepairApi.report(theirs.id)]) {
      const response = await call(spaceRepairs, path, { headers: cookie, params: { id: theirs.id } });
      expect(response.status, path).toBe(404);
      expect(response.body.error).toBe(API_ERRORS.repair_not_found.message);
      const unknown = await call(spaceRepairs, path.replace(theirs.id, crypto.randomUUID()), { headers: cookie, params: { id: crypto.randomUUID() } });
      expect(unknown.body).toEqual(response.body);
    }
    expect((await call(spaceRepairs, spaceRepairApi.list, { headers: cookie })).body.data).toEqual([]);
    expect((await call(spaceRepairs, spaceRepairApi.list, { headers: await cookieOf(other) })).body.data.map((row: { id: string }) => row.id)).toEqual([theirs.id]);
  });

  it('a technician of another territory finds no repair there: 404 on every staff call; the board and the search leave it out', async () => {
    const guadeloupe = await companyOf('Basse-Terre', 'guadeloupe');
    const { repair: theirs } = await open(guadeloupe);
    const token = await staffOf('technicien', ['martinique']);
    const id = theirs.id;
    const calls = [
      call(repair, repairApi.repair(id), { token, params: { id } }),
      call(repair, repairApi.repair(id), { method: 'PATCH', token, params: { id }, body: { action: 'note', text: 'Vu.' } }),
      receive(id, { condition: 'Bon état', signedBy: 'Léa', signature: await signature() }, [], token),
      call(repairDevis, repairApi.devis(id), { token, params: { id }, body: { draft: repairDraft([], 30, 'guadeloupe', theirs.reference) } }),
      call(repairLoan, repairApi.loan(id), { token, params: { id }, body: { deviceId: 'x' } }),
      call(repairLoan, repairApi.loan(id), { method: 'DELETE', token, params: { id } }),
      call(repairFiles, repairApi.slip(id), { token, params: { id } }),
      call(repairFiles, repairApi.report(id), { token, params: { id } }),
      call(repairFiles, repairApi.photo(id, crypto.randomUUID()), { token, params: { id, photoId: crypto.randomUUID() } }),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(404);
    expect((await call(companyWorkshop, repairApi.company(guadeloupe.id), { token, params: { id: guadeloupe.id } })).status).toBe(404);
    expect((await call(repairs, repairApi.board, { token, body: { companyId: guadeloupe.id, model: 'X', fault: 'Panne', warranty: 'contrat' } })).status).toBe(404);
    const board = await call(repairs, `${repairApi.board}?q=${encodeURIComponent(theirs.reference)}`, { token });
    expect(board.body.rows).toEqual([]);
    expect((await getRepair(id))!.history).toHaveLength(1);
  });

  it('sales read the workshop and change nothing', async () => {
    const acme = await companyOf('Commerce');
    const { repair: opened } = await open(acme);
    const token = await staffOf('commercial');
    expect((await call(repair, repairApi.repair(opened.id), { token, params: { id: opened.id } })).body.data.mayWrite).toBe(false);
    expect((await patch(opened.id, { action: 'note', text: 'Vu.' }, token)).status).toBe(403);
  });
});

describe('the board and the search', () => {
  it('counts the open repairs per state, shows days and lateness, and finds by reference, serial and company', async () => {
    const acme = await companyOf('Recherche');
    const { repair: opened } = await open(acme);
    const board = await call(repairs, repairApi.board, { token: world.token });
    expect(board.status).toBe(200);
    expect(board.body.counts.attendu).toBeGreaterThanOrEqual(1);
    const row = board.body.rows.find((one: { id: string }) => one.id === opened.id);
    expect(row).toMatchObject({ reference: opened.reference, days: 0, late: false, state: 'attendu' });
    for (const query of [opened.reference, acme.equipment[0]!.serial.toLowerCase().replace('-', ' '), acme.name.split(' ')[0]!]) {
      const found = await call(repairs, `${repairApi.board}?q=${encodeURIComponent(query)}`, { token: world.token });
      expect(found.body.rows.map((one: { id: string }) => one.id), query).toContain(opened.id);
    }
    const filtered = await call(repairs, `${repairApi.board}?etat=restitue`, { token: world.token });
    expect(filtered.body.rows.every((one: { state: string }) => one.state === 'restitue')).toBe(true);
  });

  it('« Restitués » lists a repair once restituted, counted, its days stopped; the open board no longer does', async () => {
    const acme = await companyOf('Restitue');
    const { repair: opened } = await open(acme, { warranty: 'constructeur' });
    await receive(opened.id, { condition: 'Bon état', signedBy: 'Léa', signature: await signature() });
    await patch(opened.id, { action: 'diagnostic', diagnosis: 'Rien à faire.' });
    for (const to of ['non_reparable', 'pret_a_retirer', 'restitue']) expect((await patch(opened.id, { action: 'etat', to })).status).toBe(200);
    const restituted = await call(repairs, `${repairApi.board}?etat=restitue`, { token: world.token });
    expect(restituted.body.rows.find((one: { id: string }) => one.id === opened.id)).toMatchObject({ reference: opened.reference, state: 'restitue', days: 0, late: false });
    expect(restituted.body.counts.restitue).toBeGreaterThanOrEqual(1);
    const board = await call(repairs, repairApi.board, { token: world.token });
    expect(board.body.rows.map((one: { id: string }) => one.id)).not.toContain(opened.id);
    // Another territory's technician does not see it there either.
    const elsewhere = await call(repairs, `${repairApi.board}?etat=restitue`, { token: await staffOf('technicien', ['guadeloupe']) });
    expect(elsewhere.body.rows.map((one: { id: string }) => one.id)).not.toContain(opened.id);
  });

  it('any search is answered, however long or accented: 60 « é », a long serial of emoji', async () => {
    for (const query of ['é'.repeat(60), '😀'.repeat(100), `RP-${'é'.repeat(90)}`]) {
      const found = await call(repairs, `${repairApi.board}?q=${encodeURIComponent(query)}`, { token: world.token });
      expect(found.status, query).toBe(200);
      expect(found.body.rows).toEqual([]);
    }
    // A device whose serial is long and accented is indexed and found by it.
    const acme = await companyOf('Serie');
    const serial = 'É'.repeat(80);
    const { repair: opened } = await open(acme, { equipmentId: null, model: 'Balance', serial });
    const found = await call(repairs, `${repairApi.board}?q=${encodeURIComponent(serial.toLowerCase())}`, { token: world.token });
    expect(found.body.rows.map((one: { id: string }) => one.id)).toEqual([opened.id]);
  });
});

describe('erasing', () => {
  it('the company’s erase takes its repairs, their files and its loan pool', async () => {
    const acme = await companyOf('Efface');
    const { repair: opened } = await open(acme);
    await receive(opened.id, { condition: 'Bon état', signedBy: 'Léa', signature: await signature() }, [await jpeg()]);
    await call(companyWorkshop, repairApi.company(acme.id), { token: world.token, params: { id: acme.id }, body: { model: 'Prêt', serial: 'P-1' } });
    const erased = await call(customer, `/api/clients/${acme.id}`, { method: 'DELETE', token: world.token, params: { id: acme.id } });
    expect(erased.status).toBe(200);
    expect(await getCompany(acme.id)).toBeUndefined();
    expect(await getRepair(opened.id)).toBeUndefined();
    expect(await companyRepairEntries(acme.id)).toEqual([]);
    expect(await companyPool(acme.id)).toEqual([]);
    expect((await call(repairFiles, repairApi.slip(opened.id), { token: world.token, params: { id: opened.id } })).status).toBe(404);
  });

  it('a restituted repair is kept 5 years after the contract’s end or its restitution, then erased', async () => {
    const acme = await underContract(await companyOf('Retention'), martiniqueDay(new Date()));
    const { repair: opened } = await open(acme, { warranty: 'contrat' });
    await receive(opened.id, { condition: 'Bon état', signedBy: 'Léa', signature: await signature() });
    await patch(opened.id, { action: 'diagnostic', diagnosis: 'Rien à faire.' });
    for (const to of ['non_reparable', 'pret_a_retirer', 'restitue']) await patch(opened.id, { action: 'etat', to });
    const restituted = new Date((await getRepair(opened.id))!.stateSince);
    const later = (years: number) => new Date(restituted.getTime() + years * 366 * 24 * 3_600_000);
    await purgeRepairs(later(4));
    expect(await getRepair(opened.id)).toBeDefined();
    await purgeRepairs(later(5));
    expect(await getRepair(opened.id)).toBeUndefined();
  });
});
