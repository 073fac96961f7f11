/**
 * Every staff endpoint × every role: the matrix is built from what each function declares (endpoint()
 * exposes the permission of each method), so a new function is covered the day it is written. Without a
 * token: 401. With a token of a role that has the permission (or any role, for « signed-in »): neither 401
 * nor 403. Without it: 403 with the French sentence. Real BlobsServer, real active accounts, real tokens.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueToken, readAuthConfig } from '../../netlify/lib/auth/auth.ts';
import { can, PERMISSIONS, type Permission } from '../../netlify/lib/auth/permissions.ts';
import { API_ERRORS } from '../../netlify/lib/http/errors.ts';
import { getAccount, type StaffAccount } from '../../netlify/lib/team/accounts.ts';
import { ROLES, type RoleId } from '../../src/features/team/roles.ts';
import { call, setTestEnv } from '../helpers/api';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs';
import { activeAccount } from '../helpers/team';
import { saveCompany } from '../../netlify/lib/customers/companies.ts';
import { openCustomerSession } from '../../netlify/lib/customers/customer-session.ts';

type Declared = Record<string, Permission | 'signed-in' | 'public' | 'customer'>;
type Handler = ((request: Request, context?: unknown) => Promise<Response>) & { permissions?: Declared };
interface FunctionModule {
  default: Handler & { routes?: Record<string, () => Promise<{ default: Handler }>> };
  config?: { path?: string | string[] };
}

const folder = fileURLToPath(new URL('../../netlify/functions/', import.meta.url));
const files = readdirSync(folder).filter((name) => name.endsWith('.mts')).sort();
const modules = await Promise.all(files.map(async (file) => ({ file, module: (await import(`../../netlify/functions/${file.replace(/\.mts$/, '')}.mts`)) as FunctionModule })));
/**
 * Every route of every function: a function of one idea lists its routes (pattern → module), each called
 * through the function, which routes it; a function of one path is its own route. `file` names the route.
 */
const routes = (
  await Promise.all(
    modules.map(async ({ file, module }) => {
      if (!module.default.routes) return [{ file, path: [module.config?.path ?? ''].flat()[0]!, declared: module.default.permissions, handler: module.default }];
      return Promise.all(
        Object.entries(module.default.routes).map(async ([path, load]) => {
          const route = await load();
          return { file: `${file.replace(/\.mts$/, '')} ${path}`, path, declared: route.default.permissions, handler: module.default as Handler };
        }),
      );
    }),
  )
).flat();
/** Every staff method: route, method, permission, path with its parameters filled in. */
const staffMethods = routes.flatMap(({ file, path, declared, handler }) => {
  if (!declared) return [];
  const params = Object.fromEntries([...path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, 'inconnu']));
  const url = path.replace(/:(\w+)/g, 'inconnu');
  return Object.entries(declared)
    .filter(([, permission]) => permission !== 'public' && permission !== 'customer')
    .map(([method, permission]) => ({ file, method, permission: permission as Permission | 'signed-in', handler, params, url }));
});

/** Every method of the customers' space: the person's cookie, never a staff token. */
const customerMethods = routes.flatMap(({ file, path, declared, handler }) => {
  const params = Object.fromEntries([...path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, 'inconnu']));
  const url = path.replace(/:(\w+)/g, 'inconnu');
  return Object.entries(declared ?? {})
    .filter(([, permission]) => permission === 'customer')
    .map(([method]) => ({ file, method, handler, params, url }));
});

let blobs: TestBlobs;
const accounts = {} as Record<RoleId, StaffAccount>;
beforeAll(async () => {
  blobs = await startTestBlobs();
  setTestEnv();
  for (const { id } of ROLES) accounts[id] = await activeAccount(id, `${id}@matrice.fr`);
});
afterAll(() => blobs.stop());
beforeEach(() => setTestEnv());

/** A fresh session of the role's account (some calls end it: logout, « Déconnecter toutes les sessions »). */
async function tokenOf(role: RoleId): Promise<string> {
  const config = readAuthConfig();
  if (!config.ok) throw new Error(config.reason);
  const account = (await getAccount(accounts[role].id))!;
  return issueToken(config.config, Date.now(), { id: account.id, sessionVersion: account.sessionVersion });
}

describe('the matrix', () => {
  it('covers the staff endpoints written with endpoint(), each permission a known one', () => {
    const covered = new Set(staffMethods.map((entry) => entry.url));
    for (const url of ['/api/contact', '/api/contact/inconnu', '/api/contact/inconnu/status', '/api/auth/logout', '/api/compte', '/api/compte/sessions']) {
      expect(covered).toContain(url);
    }
    for (const { permission } of staffMethods) expect(['signed-in', ...PERMISSIONS]).toContain(permission);
  });
});

describe.each(staffMethods)('$method $url ($file, $permission)', ({ method, permission, handler, params, url }) => {
  const body = method === 'GET' || method === 'DELETE' ? undefined : {};

  it('answers 401 without a token', async () => {
    const response = await call(handler, url, { method, params, body });
    expect(response.status).toBe(401);
  });

  it.each(ROLES.map((role) => role.id))('%s: allowed or 403 as the roles table says', async (role) => {
    const response = await call(handler, url, { method, params, body, token: await tokenOf(role) });
    if (permission === 'signed-in' || can(role, permission)) {
      expect([401, 403]).not.toContain(response.status);
    } else {
      expect(response.status).toBe(403);
      expect(response.body.error).toBe(API_ERRORS.forbidden.message);
    }
  });
});

describe('the customers’ space and the back office never take each other’s credentials', () => {
  /** A real customer session: a company with one person, and the cookie the sign-in would set. */
  async function customerCookie(): Promise<string> {
    const company = await saveCompany('societe-matrice', () => ({
      id: 'societe-matrice',
      name: 'Société Matrice',
      clientCode: 'C-MATRICE',
      territory: 'martinique',
      shops: [],
      contractEndsOn: null,
      people: [{ id: 'personne-matrice', name: 'Léa Matrice', email: 'lea@matrice-client.fr', phone: '', createdAt: new Date().toISOString(), lastSignInAt: null }],
      equipment: [],
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    }));
    const { cookie } = await openCustomerSession(company!, company!.people[0]!, { method: 'lien' });
    return cookie.split(';')[0]!;
  }

  it.each(staffMethods)('$method $url ($file): a customer’s cookie gets 401', async ({ method, handler, params, url }) => {
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    const response = await call(handler, url, { method, params, body, headers: { cookie: await customerCookie(), origin: 'http://localhost' } });
    expect(response.status).toBe(401);
  });

  type CustomerCase = { file: string; method: string; handler?: FunctionModule['default']; params: Record<string, string>; url: string };
  const customerCases: CustomerCase[] = customerMethods.length > 0 ? customerMethods : [{ file: '(none yet)', method: 'GET', params: {}, url: '' }];
  it.each(customerCases)(
    '$method $url ($file): a staff token gets 401, and so does no cookie',
    async ({ method, handler, params, url }) => {
      if (!handler) return;
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      const origin = { origin: 'http://localhost' };
      for (const role of ROLES.map((entry) => entry.id)) {
        const response = await call(handler, url, { method, params, body, token: await tokenOf(role), headers: origin });
        expect(response.status).toBe(401);
      }
      expect((await call(handler, url, { method, params, body, headers: origin })).status).toBe(401);
    },
  );
});
