/**
 * The world of the workshop's tests: staff tokens of a role and territories, a company with one person and
 * one piece of equipment, its person's space cookie, and the steps of a repair through the real endpoints —
 * opened, received at the counter (photos, the signature as the pad sends it), changed, its devis sent.
 */
import sharp from 'sharp';
import { expect } from 'vitest';
import repairs from '../../netlify/routes/repairs/repairs.ts';
import repair from '../../netlify/routes/repairs/repair.ts';
import repairReception from '../../netlify/routes/repairs/repair-reception.ts';
import repairDevis from '../../netlify/routes/repairs/repair-devis.ts';
import { saveCompany } from '../../netlify/lib/customers/companies.ts';
import { openCustomerSession } from '../../netlify/lib/customers/customer-session.ts';
import type { StaffAccount } from '../../netlify/lib/team/accounts.ts';
import type { Company } from '../../src/features/customers/model.ts';
import type { StaffRepair } from '../../src/features/repairs/model.ts';
import { repairDraft } from '../../src/features/repairs/repair-draft.ts';
import { repairApi } from '../../src/lib/repair-paths.ts';
import type { TerritoryId } from '../../src/lib/territories.ts';
import { call } from './api';
import { staffOf } from './field-world';

export const SITE = 'http://localhost';
export const unique = () => crypto.randomUUID().slice(0, 8);

/** An active account of that role and territories (Martinique by default), and its session token. */
export const staffAccountOf = (role: string, territories: TerritoryId[] = ['martinique']): Promise<{ account: StaffAccount; token: string }> => staffOf(role, territories);

/** A company of the territory: one person, one piece of equipment under contract. */
export async function workshopCompanyOf(name: string, territory: TerritoryId = 'martinique'): Promise<Company> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  return (await saveCompany(id, () => ({
    id,
    name: `${name} ${unique()}`,
    clientCode: `C-${unique()}`,
    territory,
    shops: [],
    contractEndsOn: null,
    people: [{ id: crypto.randomUUID(), name: `Léa ${name}`, email: `lea-${unique()}@client.fr`, phone: '0696 11 22 33', createdAt: now, lastSignInAt: now }],
    equipment: [{ id: crypto.randomUUID(), productSlug: null, model: 'Terminal de paiement Ingenico Move 5000', serial: `SN-${unique().toUpperCase()}`, shopId: null, underContract: true }],
    createdAt: now,
    updatedAt: now,
  })))!;
}

/** The company's first person's space cookie (and the origin the space's calls carry). */
export async function cookieOf(of: Company): Promise<Record<string, string>> {
  const { cookie } = await openCustomerSession(of, of.people[0]!, { method: 'lien' });
  return { cookie: cookie.split(';')[0]!, origin: SITE };
}

/** Opens a repair of the company's equipment (out of warranty unless told) with that token; the staff view. */
export async function openRepairAs(token: string, of: Company, overrides: Record<string, unknown> = {}): Promise<StaffRepair> {
  const response = await call(repairs, repairApi.board, { token, body: { companyId: of.id, equipmentId: of.equipment[0]!.id, accessories: 'Chargeur, câble USB', fault: 'L’écran reste noir à l’allumage.', warranty: 'hors_garantie', ...overrides } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data;
}

/** The signature as the pad sends it: a PNG data URL (a dark stroke on a transparent canvas). */
export async function signature(): Promise<string> {
  const png = await sharp({ create: { width: 300, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: Buffer.from('<svg width="300" height="120"><path d="M10 90 C 80 10, 150 110, 290 30" stroke="#111" stroke-width="4" fill="none"/></svg>'), top: 0, left: 0 }])
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A phone's photo: a JPEG with EXIF. */
export const jpeg = () => sharp({ create: { width: 160, height: 120, channels: 3, background: '#3a7bd5' } }).withExif({ IFD0: { Make: 'Telephone' } }).jpeg().toBuffer();

/** The counter's reception, multipart, with that token. */
export async function receiveAs(token: string, id: string, fields: Record<string, string>, photos: Buffer[] = []) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  photos.forEach((bytes, index) => data.append('photos', new File([new Uint8Array(bytes)], `etat-${index}.jpg`, { type: 'image/jpeg' })));
  const request = new Request(`${SITE}${repairApi.reception(id)}`, { method: 'POST', body: data, headers: { authorization: `Bearer ${token}` } });
  const after: Promise<unknown>[] = [];
  const response = await repairReception(request, { params: { id }, waitUntil: (promise: Promise<unknown>) => void after.push(promise) });
  const body = await response.json();
  await Promise.all(after);
  return { status: response.status, body };
}

/** One staff change of a repair (PATCH) with that token. */
export const patchAs = (token: string, id: string, body: unknown) => call(repair, repairApi.repair(id), { method: 'PATCH', token, params: { id }, body });

/** A repair of the company, received, diagnosed and its devis sent (one labour line, one part): its staff view after the send. */
export async function repairWithDevisSent(token: string, of: Company, overrides: Record<string, unknown> = {}): Promise<StaffRepair> {
  const { repair: opened } = await openRepairAs(token, of, overrides);
  expect((await receiveAs(token, opened.id, { condition: 'Coque rayée au dos.', signedBy: `Léa`, signature: await signature() })).status).toBe(200);
  expect((await patchAs(token, opened.id, { action: 'diagnostic', diagnosis: 'Nappe de l’écran sectionnée.' })).status).toBe(200);
  const draft = repairDraft([{ reference: 'NAP-M5000', designation: 'Nappe écran Move 5000', quantity: 1, unitPriceHTCents: 2_400 }], 45, of.territory, opened.reference);
  const sent = await call(repairDevis, repairApi.devis(opened.id), { token, params: { id: opened.id }, body: { draft } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body.data;
}
