/**
 * The customer's answer to a repair's devis moves the repair by itself, over a real BlobsServer, the local
 * Postmark stand-in and a local push service: accepted through the devis' link → « En réparation »,
 * refused from the space → « Devis refusé », each journaled as the customer's move; the repair's technician
 * (or the territory's technicians when nobody has it) told by e-mail and push, the notice naming the
 * reference, the company and the state, never the customer's text. The move is idempotent (a retry of the
 * devis' completion, two at once) and loses no concurrent write; a repair moved on by staff stays where it
 * is. A repair that passes its state's target tells its technician once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import devisPublic from '../../netlify/functions/devis-public.mts';
import spaceDevisDocument from '../../netlify/routes/space/space-devis-document.ts';
import pushSubscriptions from '../../netlify/routes/staff/push-subscriptions.ts';
import { devisLink } from '../../netlify/lib/devis/devis-links.ts';
import { getDevis } from '../../netlify/lib/devis/devis-records.ts';
import { listMails } from '../../netlify/lib/mail/outbox.ts';
import { followRepairDevisAnswer } from '../../netlify/lib/repairs/repair-devis-answer.ts';
import { openRepairEntries } from '../../netlify/lib/repairs/repair-index.ts';
import { warnLateRepairs } from '../../netlify/lib/repairs/repair-late.ts';
import { repairMailOwner } from '../../netlify/lib/repairs/repair-mail.ts';
import { changeRepair, getRepair } from '../../netlify/lib/repairs/repairs.ts';
import { rowOf } from '../../netlify/lib/repairs/staff-repairs.ts';
import type { Company } from '../../src/features/customers/model.ts';
import type { TerritoryId } from '../../src/lib/territories.ts';
import { spaceDevisPath } from '../../src/lib/paths.ts';
import { call } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { testSubscription, usePushService, type TestSubscription } from '../helpers/push-service';
import { cookieOf, patchAs, repairWithDevisSent, SITE, staffAccountOf, workshopCompanyOf } from '../helpers/workshop';

const world = useApiTestEnvironment();
const push = usePushService();

/** A technician of the territory whose phone turned push on in « Mon compte ». */
async function technicianWithPhone(territory: TerritoryId): Promise<{ id: string; email: string; name: string; phone: TestSubscription }> {
  const { account, token } = await staffAccountOf('technicien', [territory]);
  const phone = testSubscription(push.service);
  expect((await call(pushSubscriptions, '/api/compte/notifications', { token, method: 'PUT', body: phone.body })).status).toBe(200);
  return { id: account.id, email: account.email, name: account.name, phone };
}

const pushesTo = (phone: TestSubscription) => push.service.received.filter((sent) => sent.path === phone.path).map((push) => phone.read(push));
const subjectsTo = (email: string) => world.postmark.sentTo(email).map((mail) => mail.body.Subject);
const tokenOf = (link: string) => link.split('/devis/')[1]!;

/** The repair's devis, sent, and its current version. */
async function devisOf(requestId: string) {
  const version = (await getDevis(requestId))!.versions.at(-1)!;
  return { version, token: tokenOf(await devisLink(SITE, requestId, version)) };
}

/** The space's answer to the repair's devis, as « Mes réparations » sends it. */
const answerFromSpace = async (of: Company, requestId: string, body: unknown) =>
  call(spaceDevisDocument, spaceDevisPath(requestId, 1, 'reponse'), { headers: await cookieOf(of), params: { requestId, version: '1' }, body });

describe('an accepted repair devis moves the repair by itself', () => {
  it('accepted through the devis’ link: « En réparation », journaled as the customer’s, the repair’s technician told by e-mail and push', async () => {
    const acme = await workshopCompanyOf('Lien', 'guadeloupe');
    const technician = await technicianWithPhone('guadeloupe');
    const colleague = await technicianWithPhone('guadeloupe');
    const sent = await repairWithDevisSent(world.token, acme);
    const id = sent.repair.id;
    expect((await patchAs(world.token, id, { action: 'technicien', technicianId: technician.id })).status).toBe(200);
    const requestId = sent.repair.devis!.requestId;
    const { version, token } = await devisOf(requestId);

    const accepted = await call(devisPublic, `/api/devis/${token}/reponse`, { params: { token }, body: { decision: 'accepte', name: 'Paul Édouard', role: 'Gérant', bonPourAccord: true }, ip: '203.0.113.9' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

    const moved = (await getRepair(id))!;
    expect(moved.state).toBe('en_reparation');
    expect(moved.history.at(-1)).toMatchObject({
      kind: 'etat',
      from: 'devis_envoye',
      to: 'en_reparation',
      by: { kind: 'client', id: '', name: 'Paul Édouard (Gérant)' },
      because: `Devis ${version.number} accepté en ligne par Paul Édouard (Gérant), «\u00a0Bon pour accord\u00a0».`,
    });
    // The board follows the repair there too.
    expect((await openRepairEntries()).find((entry) => entry.id === id)?.state).toBe('en_reparation');

    // The technician who has the repair, not the colleague: an e-mail and a push, naming reference, company and state.
    const reference = sent.repair.reference;
    expect(subjectsTo(technician.email)).toEqual([`[${reference}] Devis accepté par le client\u00a0: ${acme.name}`]);
    expect(subjectsTo(colleague.email)).toEqual([]);
    expect(pushesTo(technician.phone)).toEqual([{ title: `Devis accepté par le client\u00a0: ${reference}`, body: `${acme.name} — «\u00a0En réparation\u00a0»`, url: `/admin/atelier/reparation?id=${id}`, tag: `repair-${id}` }]);
    expect(pushesTo(colleague.phone)).toEqual([]);
    const mail = world.postmark.sentTo(technician.email)[0]!.body;
    expect(mail.TextBody).toContain(`/admin/atelier/reparation?id=${id}`);
    expect(mail.TextBody).not.toContain('Paul Édouard');

    // The customer got the devis' own confirmation, and no repair e-mail for « En réparation » (the state table sends none).
    expect(subjectsTo(acme.people[0]!.email).filter((subject) => subject.startsWith(`[${reference}]`))).toEqual([`[${reference}] Votre appareil est arrivé à l’atelier`]);
  });

  it('is idempotent: the devis’ completion again, or twice at once, moves it once and tells the technician once; a concurrent note is kept', async () => {
    const acme = await workshopCompanyOf('Reprise', 'guadeloupe');
    const technician = await technicianWithPhone('guadeloupe');
    const sent = await repairWithDevisSent(world.token, acme);
    const id = sent.repair.id;
    await patchAs(world.token, id, { action: 'technicien', technicianId: technician.id });
    const requestId = sent.repair.devis!.requestId;
    const accepted = await answerFromSpace(acme, requestId, { decision: 'accepte', name: 'Léa Reprise', role: 'Gérante', bonPourAccord: true });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const once = (await getRepair(id))!;
    expect(once.state).toBe('en_reparation');
    expect(once.history.at(-1)).toMatchObject({ by: { kind: 'client', id: acme.people[0]!.id, name: acme.people[0]!.name } });

    // A retried completion (the repair pass after a crash), twice at once, beside a staff note written meanwhile.
    const { version } = await devisOf(requestId);
    const [first, second] = await Promise.all([
      followRepairDevisAnswer(requestId, version),
      followRepairDevisAnswer(requestId, version),
      changeRepair(id, (current) => ({ ok: true, repair: { ...current, history: [...current.history, { kind: 'note', text: 'Pièce commandée.', at: new Date().toISOString(), by: { kind: 'staff', id: 'x', name: 'Atelier' } }] } })),
    ]);
    expect(first).toMatchObject({ ok: true, repair: { state: 'en_reparation' } });
    expect(second).toMatchObject({ ok: true, repair: { state: 'en_reparation' } });
    const after = (await getRepair(id))!;
    expect(after.history.filter((change) => change.kind === 'etat' && change.to === 'en_reparation')).toHaveLength(1);
    expect(after.history.filter((change) => change.kind === 'note')).toHaveLength(1);
    expect(subjectsTo(technician.email)).toHaveLength(1);
    expect(pushesTo(technician.phone)).toHaveLength(1);
    // The accepted request answered again the same way: the same result, nothing more.
    expect((await answerFromSpace(acme, requestId, { decision: 'accepte', name: 'Léa Reprise', role: 'Gérante', bonPourAccord: true })).status).toBe(200);
    expect((await getRepair(id))!.history).toHaveLength(after.history.length);
  });
});

describe('a refused repair devis moves the repair by itself', () => {
  it('refused from the space: « Devis refusé », the territory’s technicians told when nobody has the repair, never the reason', async () => {
    const acme = await workshopCompanyOf('Refus', 'guyane');
    const [first, second] = [await technicianWithPhone('guyane'), await technicianWithPhone('guyane')];
    const elsewhere = await technicianWithPhone('martinique');
    const sent = await repairWithDevisSent(world.token, acme);
    const id = sent.repair.id;
    expect(sent.repair.technician).toBeNull();
    const refused = await answerFromSpace(acme, sent.repair.devis!.requestId, { decision: 'refuse', reason: 'Trop cher pour un vieux terminal.' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);

    const moved = (await getRepair(id))!;
    expect(moved.state).toBe('devis_refuse');
    expect(moved.history.at(-1)).toMatchObject({ from: 'devis_envoye', to: 'devis_refuse', by: { kind: 'client', id: acme.people[0]!.id }, because: expect.stringContaining('refusé dans l’espace client\u00a0: «\u00a0Trop cher') });
    for (const technician of [first, second]) {
      expect(subjectsTo(technician.email)).toEqual([`[${sent.repair.reference}] Devis refusé par le client\u00a0: ${acme.name}`]);
      const [notice] = pushesTo(technician.phone);
      expect(notice).toMatchObject({ title: `Devis refusé par le client\u00a0: ${sent.repair.reference}`, body: `${acme.name} — «\u00a0Devis refusé\u00a0»` });
      expect(JSON.stringify(notice)).not.toContain('Trop cher');
      expect(world.postmark.sentTo(technician.email)[0]!.body.TextBody).not.toContain('Trop cher');
    }
    expect(subjectsTo(elsewhere.email)).toEqual([]);
    // From « Devis refusé » the device goes back; the staff may no longer start the repair.
    expect((await patchAs(world.token, id, { action: 'etat', to: 'en_reparation' })).status).toBe(409);
    expect((await patchAs(world.token, id, { action: 'etat', to: 'pret_a_retirer' })).status).toBe(200);
  });

  it('a repair the workshop moved on before the answer stays where it is', async () => {
    const acme = await workshopCompanyOf('Avance', 'guyane');
    const sent = await repairWithDevisSent(world.token, acme);
    const id = sent.repair.id;
    expect((await patchAs(world.token, id, { action: 'etat', to: 'non_reparable' })).status).toBe(200);
    const before = (await getRepair(id))!;
    expect((await answerFromSpace(acme, sent.repair.devis!.requestId, { decision: 'accepte', name: 'Léa Avance', role: 'Gérante', bonPourAccord: true })).status).toBe(200);
    const after = (await getRepair(id))!;
    expect(after.state).toBe('non_reparable');
    expect(after.history).toEqual(before.history);
  });
});

describe('a repair past its state’s target', () => {
  it('tells its technician once, by e-mail and push, when it becomes late', async () => {
    const acme = await workshopCompanyOf('Retard', 'guadeloupe');
    const technician = await technicianWithPhone('guadeloupe');
    const sent = await repairWithDevisSent(world.token, acme, { warranty: 'hors_garantie' });
    const id = sent.repair.id;
    await patchAs(world.token, id, { action: 'technicien', technicianId: technician.id });
    const entry = (await openRepairEntries()).find((one) => one.id === id)!;
    expect(entry.state).toBe('devis_envoye');
    // The first minute (in 5-minute steps) at which the board calls it late.
    let when = new Date(Date.parse(entry.stateSince));
    while (!rowOf(entry, when).late) when = new Date(when.getTime() + 5 * 60_000);
    // This repair's own notices (the file's other repairs may turn late at any of these instants too).
    const lateNotices = async () => (await listMails(repairMailOwner(id))).filter((mail) => mail.id.startsWith('retard-'));
    await warnLateRepairs({ now: new Date(when.getTime() - 5 * 60_000) });
    expect(await lateNotices()).toEqual([]);
    expect(await warnLateRepairs({ now: when })).toBeGreaterThanOrEqual(1);
    expect(await lateNotices()).not.toEqual([]);
    await warnLateRepairs({ now: new Date(when.getTime() + 60_000) });
    expect(subjectsTo(technician.email)).toEqual([`[${sent.repair.reference}] En retard\u00a0: ${acme.name}`]);
    expect(pushesTo(technician.phone)).toEqual([{ title: `En retard\u00a0: ${sent.repair.reference}`, body: `${acme.name} — «\u00a0Devis envoyé\u00a0»`, url: `/admin/atelier/reparation?id=${id}`, tag: `repair-${id}` }]);
    expect((await listMails(repairMailOwner(id))).filter((mail) => mail.id.startsWith('retard-'))).toEqual([expect.objectContaining({ to: technician.email, status: 'envoye' })]);
  });
});

describe('the workshop follows every devis answer', () => {
  it('every function or route that records or completes a devis answer loads the repair’s follower', () => {
    const root = join(__dirname, '..', '..', 'netlify');
    const files = ['functions', 'routes'].flatMap((folder) => readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' }).map((file) => join(root, folder, file)));
    const answering = files.filter((file) => /\.m?ts$/.test(file) && /\b(answerDevis|recordAnswer|answerFromSpace|repairDevis)\(/.test(readFileSync(file, 'utf8')));
    expect(answering.map((file) => file.slice(root.length + 1)).sort()).toEqual(['functions/devis-public.mts', 'functions/mail-outbox.mts', 'routes/space/space-devis-document.ts']);
    for (const file of answering) expect(readFileSync(file, 'utf8'), file).toMatch(/import\(?\s*'[./]+\/lib\/repairs\/repair-devis-answer\.ts'/);
  });
});
