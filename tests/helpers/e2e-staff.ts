/**
 * Staff of the browser tests: a technician made through the API as the team screens would (invited,
 * password, authenticator app, signed in with a code), and a browser at the counter's or the office's
 * width signed in with a token (as the sign-in form leaves it).
 */
import { TOTP } from 'otpauth';
import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/lib/constants';
import { apiPaths } from '../../src/lib/paths';
import type { TerritoryId } from '../../src/lib/taxes';
import { teamApi } from '../../src/features/team/team-paths';
import { e2eAdmin } from './e2e-admin';

/** The owner's session token (the environment's administrator). */
export async function ownerToken(request: APIRequestContext): Promise<string> {
  return ((await (await request.post(apiPaths.login, { data: { username: e2eAdmin.username, password: e2eAdmin.password } })).json()) as { token: string }).token;
}

/** An active technician of a territory and their session token, made through the API as the team screens would. */
export async function technicianToken(request: APIRequestContext, stamp: string, territory: TerritoryId, label: string): Promise<{ name: string; token: string }> {
  const owner = await ownerToken(request);
  const name = `${label} ${stamp}`;
  const email = `tech-${territory}-${stamp}@exemple.fr`;
  const invited = await request.post(teamApi.team, { headers: { authorization: `Bearer ${owner}` }, data: { name, email, role: 'technicien', territories: [territory] } });
  expect(invited.ok()).toBe(true);
  const link = new URL(((await invited.json()) as { link: string }).link).pathname.split('/').pop()!;
  const password = 'gommier-vanille-tambour-lagon';
  expect((await request.post(teamApi.invitation(link, 'mot-de-passe'), { data: { password } })).ok()).toBe(true);
  const { data: totp } = (await (await request.post(teamApi.invitation(link, 'totp'), { data: {} })).json()) as { data: { secret: string } };
  // A code of a later step for the sign-in: the step the enrolment used is spent (one use per step).
  const code = (ahead = 0) => new TOTP({ secret: totp.secret }).generate({ timestamp: Date.now() + ahead });
  expect((await request.post(teamApi.invitation(link, 'totp-confirmation'), { data: { code: code() } })).ok()).toBe(true);
  expect((await request.post(teamApi.invitation(link, 'fin'), { data: {} })).ok()).toBe(true);
  const first = (await (await request.post(apiPaths.login, { data: { username: email, password } })).json()) as { secondFactor: { pending: string } };
  const second = await request.post('/api/auth/second-factor', { data: { pending: first.secondFactor.pending, code: code(30_000) } });
  expect(second.ok()).toBe(true);
  return { name, token: ((await second.json()) as { token: string }).token };
}

/** A staff member's browser at 1366 px, signed in with that token. */
export async function staffPage(browser: Browser, baseURL: string, token: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  await context.addInitScript(
    ({ tokenKey, timeKey, value }) => {
      if (!localStorage.getItem(tokenKey)) {
        localStorage.setItem(tokenKey, value);
        localStorage.setItem(timeKey, String(Date.now()));
      }
    },
    { tokenKey: STORAGE_KEYS.adminToken, timeKey: STORAGE_KEYS.adminLoginTime, value: token },
  );
  return { context, page: await context.newPage() };
}
