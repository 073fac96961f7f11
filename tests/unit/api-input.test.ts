/**
 * The API's input, by construction. Every endpoint declares the schema of what it reads (endpoint()
 * exposes it, as it exposes permissions), and every string of those schemas carries the characters rule
 * of the text builder (src/records/text.ts): a free `z.string()` in an input fails here the day it is
 * written. Then the answers, through the real functions over a real Blobs server: unknown keys and wrong
 * types are refused in French on several endpoints (never zod's English); the field review's attacks — a
 * signer's name with CR LF + RLO at the counter, a tab in a contact message, rota weeks of 1999 and 9999 —
 * get their status and French sentence, and change nothing.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import customers from '../../netlify/routes/companies/customers.ts';
import contact from '../../netlify/routes/request-forms/contact-only-email.ts';
import repair from '../../netlify/routes/repairs/repair.ts';
import repairs from '../../netlify/routes/repairs/repairs.ts';
import onCallRota from '../../netlify/routes/staff/on-call-rota.ts';
import ticketStaff from '../../netlify/routes/tickets/ticket-staff.ts';
import { getRepair } from '../../netlify/lib/repairs/repairs.ts';
import { weekAt } from '../../netlify/lib/push/rota.ts';
import { isoWeekOf, ROTA_YEARS, rotaWeekSchema } from '../../src/features/field/on-call.ts';
import { passkeyNameSchema } from '../../src/features/space/account-model.ts';
import { unruledTexts } from '../../src/records/text.ts';
import type { z } from '../../src/records/zod.ts';
import { call, contactPayload } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { companyOf, declare } from '../helpers/field-world';
import { openRepairAs, receiveAs, signature, workshopCompanyOf } from '../helpers/workshop';

type Handler = ((request: Request, context?: unknown) => Promise<Response>) & { permissions?: Record<string, string>; inputs?: Record<string, z.ZodType> };
interface FunctionModule {
  default: Handler & { routes?: Record<string, () => Promise<{ default: Handler }>> };
  config?: { path?: string | string[] };
}

const folder = fileURLToPath(new URL('../../netlify/functions/', import.meta.url));
const functionFiles = readdirSync(folder).filter((name) => name.endsWith('.mts')).sort();

/** Every method of every route, with the input schema it declares (undefined: it reads none). */
async function declaredInputs(): Promise<Array<{ route: string; method: string; input: z.ZodType | undefined }>> {
  const found: Array<{ route: string; method: string; input: z.ZodType | undefined }> = [];
  for (const file of functionFiles) {
    const module = (await import(`../../netlify/functions/${file.replace(/\.mts$/, '')}.mts`)) as FunctionModule;
    const routes = module.default.routes ? await Promise.all(Object.entries(module.default.routes).map(async ([path, load]) => [path, (await load()).default] as const)) : [[[module.config?.path ?? file].flat()[0]!, module.default] as const];
    for (const [route, handler] of routes) {
      for (const method of Object.keys(handler.permissions ?? {})) found.push({ route, method, input: handler.inputs?.[method] });
    }
  }
  return found;
}

/** zod's own English, which no answer may carry. */
const ENGLISH = /Unrecognized key|Invalid input|Expected|expected|Required|Too (big|small)|Invalid (string|type|enum)/;

const world = useApiTestEnvironment();

describe('every endpoint declares its input, every text in it carries the characters rule', () => {
  it('walks each declared input schema: no string without the rule', async () => {
    const inputs = await declaredInputs();
    const declared = inputs.filter((entry) => entry.input);
    // The workshop's, the customers', the tickets', the forms', the rota's and the space's inputs at least.
    expect(declared.length).toBeGreaterThanOrEqual(25);
    const unruled = declared.flatMap(({ route, method, input }) => unruledTexts(input!).map((path) => `${method} ${route}: ${path}`));
    expect(unruled, 'a string of an input schema without line()/lines()').toEqual([]);
  });

  it('the walker would catch a free string in a declared input (the test can fail)', async () => {
    const { z: zod } = await import('../../src/records/zod.ts');
    expect(unruledTexts(zod.object({ note: zod.string().trim().max(10) }))).toEqual(['note']);
  });

  it('a passkey’s device name, which had no characters rule, now has it', () => {
    expect(passkeyNameSchema.safeParse('Téléphone de Marie').success).toBe(true);
    expect(passkeyNameSchema.safeParse('Téléphone\u202e de Marie').error?.issues[0]?.message).toBe('Nom de l’appareil\u00a0: caractère non autorisé\u00a0: caractère de direction du texte U+202E.');
  });

  it('the repairs endpoints declare the schemas they validate', async () => {
    const inputs = await declaredInputs();
    const routesOf = (method: string) => inputs.filter((entry) => entry.method === method && entry.input).map((entry) => entry.route);
    expect(routesOf('POST')).toEqual(expect.arrayContaining(['/api/atelier', '/api/atelier/:id/reception', '/api/atelier/:id/pret', '/api/clients/:id/atelier', '/api/contact-only-email', '/api/quote', '/api/espace-client/tickets']));
    expect(routesOf('PATCH')).toEqual(expect.arrayContaining(['/api/atelier/:id', '/api/tickets/:id']));
  });
});

describe('refused in French, never in zod’s English', () => {
  const expectFrench = (response: { status: number; body: { success?: boolean; error?: string; fields?: Record<string, string> } }) => {
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.success).toBe(false);
    const said = [response.body.error ?? '', ...Object.values(response.body.fields ?? {})].join(' | ');
    expect(said).not.toMatch(ENGLISH);
    expect(said).toMatch(/[éèàçê]|Valeur|Champ|Veuillez|caractères|attendu|texte/);
    return said;
  };

  it('unknown keys and wrong types on the workshop, the customers, the tickets and the rota', async () => {
    const company = await workshopCompanyOf('Langue');
    const { repair: opened } = await openRepairAs(world.token, company);
    // A discriminated union given an unknown action, and wrong types.
    expect(expectFrench(await call(repair, `/api/atelier/${opened.id}`, { method: 'PATCH', token: world.token, params: { id: opened.id }, body: { action: 'inconnue' } }))).toContain('Valeur non prévue pour «\u00a0action\u00a0»');
    expectFrench(await call(repair, `/api/atelier/${opened.id}`, { method: 'PATCH', token: world.token, params: { id: opened.id }, body: { action: 'note', text: 42 } }));
    expectFrench(await call(repairs, '/api/atelier', { token: world.token, body: { companyId: 7, fault: ['x'], warranty: 'hors_garantie' } }));
    expectFrench(await call(customers, '/api/clients', { token: world.token, body: { name: null, clientCode: 12, territory: 'mars' } }));
    const ticket = await declare(await companyOf('martinique'), 'degrade');
    const unknownKey = expectFrench(await call(ticketStaff, `/api/tickets/${ticket.id}`, { method: 'PATCH', token: world.token, params: { id: ticket.id }, body: { state: 'pris_en_charge', pirate: true } }));
    expect(unknownKey).toContain('Champ inconnu\u00a0: pirate.');
    const rota = expectFrench(await call(onCallRota, '/api/astreinte/martinique', { method: 'PUT', token: world.token, params: { territoire: 'martinique' }, body: { week: weekAt(new Date(), 'martinique'), accountId: null, extra: 1 } }));
    expect(rota).toContain('Champ inconnu\u00a0: extra.');
    expectFrench(await call(onCallRota, '/api/astreinte/martinique', { method: 'PUT', token: world.token, params: { territoire: 'martinique' }, body: { week: 2026, accountId: null } }));
  });
});

describe('the field review’s attacks, answered', () => {
  it('a signer’s name with CR LF + RLO at the counter: 400 « Nom du signataire : caractère non autorisé : retour chariot. », nothing received', async () => {
    const company = await workshopCompanyOf('Contrefaçon');
    const { repair: opened } = await openRepairAs(world.token, company);
    const forged = await receiveAs(world.token, opened.id, { condition: 'Coque rayée.', signedBy: 'Léa Martin\r\n\u202eBon pour accord : devis de 2 500,00 € TTC accepté', signature: await signature() });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ success: false, fields: { signedBy: 'Nom du signataire\u00a0: caractère non autorisé\u00a0: retour chariot.' } });
    const zeroWidth = await receiveAs(world.token, opened.id, { condition: 'Coque\u200b rayée.', accessories: 'Chargeur\ncâble', signedBy: 'Léa Martin', signature: await signature() });
    expect(zeroWidth.body.fields).toEqual({ condition: 'État visible\u00a0: caractère non autorisé\u00a0: espace invisible U+200B.', accessories: 'Accessoires\u00a0: caractère non autorisé\u00a0: retour chariot.' });
    // (a form's line break travels as CR LF)
    const stored = await getRepair(opened.id);
    expect(stored?.reception).toBeNull();
    expect(stored?.state).toBe('attendu');
    // The model, the accessories and the fault when the repair is opened, too.
    const open = await call(repairs, '/api/atelier', { token: world.token, body: { companyId: company.id, model: 'TPE\u202eMove', fault: 'Écran\u2066noir', warranty: 'hors_garantie' } });
    expect(open.status).toBe(400);
    expect(open.body.fields).toEqual({ model: 'Modèle\u00a0: caractère non autorisé\u00a0: caractère de direction du texte U+202E.', fault: 'Panne signalée\u00a0: caractère non autorisé\u00a0: caractère de direction du texte U+2066.' });
  });

  it('a tab in a contact message is kept as a space: 200', async () => {
    const response = await call(contact, '/api/contact-only-email', { body: contactPayload({ message: 'Bonjour, voici nos terminaux :\nSN-0001\tSN-0002' }) });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
  });

  it('rota weeks 1999-W01 and 9999-W53 and a 53rd week of a 52-week year: 400 in French; this week and next year’s are set', async () => {
    const params = { territoire: 'martinique' };
    const put = (week: string) => call(onCallRota, '/api/astreinte/martinique', { method: 'PUT', token: world.token, params, body: { week, accountId: null } });
    const year = new Date().getUTCFullYear();
    const [first, last] = [year - ROTA_YEARS.before, year + ROTA_YEARS.after];
    for (const week of ['1999-W01', '9999-W53', `${last + 1}-W01`, `${first - 1}-W52`]) {
      const refused = await put(week);
      expect(refused.status, week).toBe(400);
      expect(refused.body.fields.week).toBe(`Semaine ${week} hors de l’astreinte\u00a0: choisissez une semaine de ${first} à ${last}.`);
    }
    const years = [first, first + 1, first + 2, last];
    const without53 = years.find((candidate) => isoWeekOf(candidate, 12, 28) !== `${candidate}-W53`)!;
    const nonexistent = await put(`${without53}-W53`);
    expect(nonexistent.status).toBe(400);
    expect(nonexistent.body.fields.week).toBe(`La semaine ${without53}-W53 n’existe pas\u00a0: ${without53} compte 52 semaines.`);
    expect((await put('2026-W54')).status).toBe(400);
    expect((await put(weekAt(new Date(), 'martinique'))).status).toBe(200);
    expect((await put(`${year + 1}-W01`)).status).toBe(200);
  });

  it('a week’s bounds move with the clock', () => {
    expect(rotaWeekSchema(() => new Date('2030-06-01T00:00:00Z')).safeParse('2029-W01').success).toBe(true);
    expect(rotaWeekSchema(() => new Date('2030-06-01T00:00:00Z')).safeParse('2028-W52').success).toBe(false);
    // 2026 has a 53rd week (its 28 December falls in it); 2027 has not.
    expect(rotaWeekSchema(() => new Date('2026-06-01T00:00:00Z')).safeParse('2026-W53').success).toBe(true);
    expect(rotaWeekSchema(() => new Date('2026-06-01T00:00:00Z')).safeParse('2027-W53').success).toBe(false);
  });
});

