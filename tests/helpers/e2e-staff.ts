/**
 * Staff people for the browser tests, made through the API as the team screens would: the owner's token,
 * and an active account of any role and territory (invited, password, authenticator app, signed in with a
 * code; its password and codes given back for a sign-in through the form), then a browser context signed in
 * with a token as the sign-in form leaves it.
 */
import { TOTP } from 'otpauth';
import { expect, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/lib/constants';
import { apiPaths } from '../../src/lib/paths';
import type { TerritoryId } from '../../src/lib/territories';
import { teamApi } from '../../src/features/team/team-paths';
import { e2eAdmin } from './e2e-admin';

/** The owner's session in this Playwright worker (see ownerToken). */
let ownerSession: Promise<string> | undefined;

/**
 * The owner's session token, signed in once per Playwright worker: the session lasts 8 hours, and no test
 * ends it (the tests that sign out, or time a session out, sign in through the form with a session of their
 * own). Each sign-in is a call to the local functions, the costliest part of a browser test.
 */
export function ownerToken(request: APIRequestContext): Promise<string> {
  ownerSession ??= (async () => {
    const answer = await request.post(apiPaths.login, { data: { username: e2eAdmin.username, password: e2eAdmin.password } });
    expect(answer.ok()).toBe(true);
    return ((await answer.json()) as { token: string }).token;
  })().catch((error: unknown) => {
    ownerSession = undefined;
    throw error;
  });
  return ownerSession;
}

type StaffPerson = { name: string; email: string; password: string; code: (ahead?: number) => string };

/**
 * An active staff account of that role and territory, not signed in: its enrolment spent the authenticator's
 * code of the current step only, so a sign-in through the form can use the next step's (`code(30_000)`) at once.
 */
export async function staffAccount(
  request: APIRequestContext,
  role: string,
  territory: TerritoryId,
  stamp: string,
  label = `${{ technicien: 'Technicien', commercial: 'Commercial', administrateur: 'Administrateur' }[role] ?? role} ${territory}`,
): Promise<StaffPerson> {
  const owner = await ownerToken(request);
  const name = `${label} ${stamp}`;
  const email = `${role}-${territory}-${stamp}@exemple.fr`;
  const invited = await request.post(teamApi.team, { headers: { authorization: `Bearer ${owner}` }, data: { name, email, role, territories: [territory] } });
  expect(invited.ok()).toBe(true);
  const link = new URL(((await invited.json()) as { link: string }).link).pathname.split('/').pop()!;
  const password = 'gommier-vanille-tambour-lagon';
  expect((await request.post(teamApi.invitation(link, 'mot-de-passe'), { data: { password } })).ok()).toBe(true);
  const { data: totp } = (await (await request.post(teamApi.invitation(link, 'totp'), { data: {} })).json()) as { data: { secret: string } };
  // A code of a later step for the sign-in: the step the enrolment used is spent (one use per step).
  const code = (ahead = 0) => new TOTP({ secret: totp.secret }).generate({ timestamp: Date.now() + ahead });
  expect((await request.post(teamApi.invitation(link, 'totp-confirmation'), { data: { code: code() } })).ok()).toBe(true);
  expect((await request.post(teamApi.invitation(link, 'fin'), { data: {} })).ok()).toBe(true);
  return { name, email, password, code };
}

/** An active staff account of that role and territory, and its session token (the next step's code spent signing in). */
export async function staffToken(request: APIRequestContext, role: string, territory: TerritoryId, stamp: string, label?: string): Promise<StaffPerson & { token: string }> {
  const { name, email, password, code } = await staffAccount(request, role, territory, stamp, label);
  const first = (await (await request.post(apiPaths.login, { data: { username: email, password } })).json()) as { secondFactor: { pending: string } };
  const second = await request.post('/api/auth/second-factor', { data: { pending: first.secondFactor.pending, code: code(30_000) } });
  expect(second.ok()).toBe(true);
  return { name, email, password, token: ((await second.json()) as { token: string }).token, code };
}

/** An active technician of a territory, named `<label> <stamp>`, and their session token. */
export const technicianToken = (request: APIRequestContext, stamp: string, territory: TerritoryId, label: string) => staffToken(request, 'technicien', territory, stamp, label);

/** Signs a browser context in with a staff token, as the sign-in form leaves it (kept if the page signs out). */
export async function signInStaff(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript(
    ({ tokenKey, timeKey, value }) => {
      if (!localStorage.getItem(tokenKey)) {
        localStorage.setItem(tokenKey, value);
        localStorage.setItem(timeKey, String(Date.now()));
      }
    },
    { tokenKey: STORAGE_KEYS.adminToken, timeKey: STORAGE_KEYS.adminLoginTime, value: token },
  );
}

/** A context of the given size signed in with a staff token, and its page. */
export async function staffPage(browser: Browser, baseURL: string, token: string, viewport = { width: 1366, height: 900 }) {
  const context = await browser.newContext({ baseURL, viewport });
  await signInStaff(context, token);
  return { context, page: await context.newPage() };
}
