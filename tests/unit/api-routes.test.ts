/**
 * The API's paths, declared once (src/lib/api-routes.ts), and the functions that serve them: every declared
 * pattern is served by exactly one function, no function serves an undeclared one, each function's literal
 * `config.path` (what Netlify routes to it) is its routing table, every route module is in a table, and the
 * browser writes no API path of its own. Then calls through the functions: each routes its paths, a literal
 * segment before a parameter, and gives the route the pattern's parameters.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchRoute, type IdeaFunction } from '../../netlify/lib/api/router.ts';
import { API_ERRORS } from '../../netlify/lib/http/errors.ts';
import { API, apiPath, type ApiPattern } from '../../src/lib/api-routes.ts';
import { apiPaths, contactMailResendApiPath, devisAdminActionPath, devisPublicApiPath, spaceDevisPath } from '../../src/lib/paths.ts';
import { customersApi } from '../../src/features/customers/admin-api.ts';
import { spaceApi, spacePasskeyPath, spaceSessionPath } from '../../src/features/space/space-paths.ts';
import { teamApi } from '../../src/features/team/team-paths.ts';
import { spaceTicketApi } from '../../src/features/tickets/space-tickets.ts';
import { ticketApi } from '../../src/features/tickets/ticket-paths.ts';
import tickets from '../../netlify/functions/tickets.mts';
import requests from '../../netlify/functions/requests.mts';
import { call } from '../helpers/api';

interface FunctionModule {
  default: Partial<IdeaFunction>;
  config?: { path?: string | string[]; excludedPath?: string | string[] };
}

const files = readdirSync('netlify/functions').filter((file) => file.endsWith('.mts')).sort();
const functions = await Promise.all(
  files.map(async (file) => {
    const name = file.replace(/\.mts$/, '');
    const module = (await import(`../../netlify/functions/${name}.mts`)) as FunctionModule;
    return { name, file, module, paths: [module.config?.path ?? []].flat(), table: Object.keys(module.default.routes ?? {}) };
  }),
);
const declared: string[] = Object.values(API);

describe('the API’s paths, declared once', () => {
  it('are each served by exactly one function', () => {
    for (const pattern of declared) expect(functions.filter(({ paths }) => paths.includes(pattern)).map(({ name }) => name), pattern).toHaveLength(1);
  });

  it('and no function serves a path not declared, nor excludes one (a literal segment wins inside a function)', () => {
    for (const { name, paths, module } of functions) {
      for (const path of paths) expect(declared, `${name}: ${path}`).toContain(path);
      expect(module.config?.excludedPath, name).toBeUndefined();
    }
  });

  it('each function of several routes routes exactly the paths Netlify sends it (its literal config.path)', () => {
    for (const { name, paths, table } of functions.filter(({ table }) => table.length > 0)) expect(table, name).toEqual(paths);
  });

  it('every route module is in a function’s table, loaded by import() (not a static import)', () => {
    const loaded = functions.flatMap(({ file }) => [...readFileSync(join('netlify/functions', file), 'utf8').matchAll(/import\('\.\.\/routes\/([^']+)'\)/g)].map(([, path]) => path));
    const modules = readdirSync('netlify/routes', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap(({ name }) => readdirSync(join('netlify/routes', name)).map((file) => `${name}/${file}`));
    expect(new Set(loaded)).toEqual(new Set(modules));
    for (const { file } of functions) expect(readFileSync(join('netlify/functions', file), 'utf8'), file).not.toMatch(/from '\.\.\/routes\//);
  });

  it('the browser writes no API path of its own: every one comes from the routes module', () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = join(dir, entry.name);
        if (entry.isDirectory()) return sources(full);
        return /\.(ts|tsx|astro)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
      });
    const written = sources('src')
      .filter((file) => !file.endsWith(join('lib', 'api-routes.ts')))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/['"`]\/api\/[^'"`]*/g)].map(([text]) => `${file}: ${text}`));
    expect(written).toEqual([]);
  });

  it('every address the browser builds is served, with the parameters the route reads', () => {
    const served = functions.flatMap(({ paths }) => paths);
    const built: Array<[string, ApiPattern, Record<string, string>]> = [
      [ticketApi.statistics, API.ticketStatistics, {}],
      [ticketApi.ticket('TK-2026-00001'), API.ticket, { id: 'TK-2026-00001' }],
      [ticketApi.resolution('TK 1/2'), API.ticketResolution, { id: 'TK%201%2F2' }],
      [ticketApi.fromRequest('d-1'), API.contactTicket, { id: 'd-1' }],
      [contactMailResendApiPath('d-1', 'm-2'), API.contactMailResend, { id: 'd-1', mailId: 'm-2' }],
      [devisAdminActionPath('d-1', 3, 'annulation'), API.devisCancellation, { id: 'd-1', version: '3' }],
      [devisPublicApiPath('jeton', 'pdf'), API.devisPublicPdf, { token: 'jeton' }],
      [spaceDevisPath('d-1', 2, 'reponse'), API.spaceDevisAnswer, { requestId: 'd-1', version: '2' }],
      [customersApi.part('c-1', 'boutiques', 'b-2'), API.companyShop, { id: 'c-1', shopId: 'b-2' }],
      [customersApi.part('c-1', 'equipements'), API.companyEquipment, { id: 'c-1' }],
      [customersApi.invitation('c-1', 'p-2'), API.companyPersonInvitation, { id: 'c-1', personId: 'p-2' }],
      [teamApi.account('u-1', 'role'), API.teamAccount, { id: 'u-1', action: 'role' }],
      [teamApi.invitation('jeton'), API.invitation, { token: 'jeton' }],
      [teamApi.invitation('jeton', 'totp'), API.invitationStep, { token: 'jeton', step: 'totp' }],
      [spaceSessionPath('s-1'), API.spaceSession, { id: 's-1' }],
      [spacePasskeyPath('k-1'), API.spacePasskey, { id: 'k-1' }],
      [spaceTicketApi.photo('TK-1', 'ph-1'), API.spaceTicketPhoto, { id: 'TK-1', photoId: 'ph-1' }],
    ];
    for (const [path, pattern, params] of built) expect(matchRoute(served, path), path).toEqual({ pattern, params });
    for (const path of [...Object.values(apiPaths), ...Object.values(spaceApi), teamApi.team, customersApi.list, spaceTicketApi.list, ticketApi.list]) {
      expect(matchRoute(served, path), path).toBeDefined();
    }
    expect(customersApi.products('TC 52')).toBe('/api/admin/catalogue?q=TC%2052');
  });

  it('a pattern’s parameters are filled in as encoded segments', () => {
    expect(apiPath(API.contactMailResend, { id: 'a/b', mailId: 'é' })).toBe('/api/contact/a%2Fb/mails/%C3%A9/resend');
    expect(apiPath(API.tickets)).toBe('/api/tickets');
  });
});

describe('a function of several routes', () => {
  it('routes a literal segment before a parameter: the statistics are not the ticket « statistiques »', () => {
    const patterns = Object.keys(tickets.routes);
    expect(matchRoute(patterns, '/api/tickets/statistiques')).toEqual({ pattern: API.ticketStatistics, params: {} });
    expect(matchRoute(patterns, '/api/tickets/TK-2026-00001')).toEqual({ pattern: API.ticket, params: { id: 'TK-2026-00001' } });
    expect(matchRoute(patterns, '/api/tickets/TK-2026-00001/rapport')).toEqual({ pattern: API.ticketReport, params: { id: 'TK-2026-00001' } });
    expect(matchRoute(patterns, '/api/tickets/')).toBeUndefined();
    expect(matchRoute(patterns, '/api/tickets/TK-1/inconnu')).toBeUndefined();
  });

  it('answers each route as the route does: its methods (405 with Allow), then its own checks', async () => {
    const statistics = await call(tickets, '/api/tickets/statistiques', { method: 'PATCH' });
    expect(statistics.status).toBe(405);
    expect(statistics.headers.get('allow')).toBe('GET');
    const ticket = await call(tickets, '/api/tickets/TK-2026-00001', { method: 'PUT' });
    expect(ticket.status).toBe(405);
    expect(ticket.headers.get('allow')).toBe('GET, PATCH');
    expect((await call(requests, '/api/contact/d-1/notes', { method: 'GET' })).headers.get('allow')).toBe('POST');
  });

  it('answers the API’s JSON 404 for a path it does not serve', async () => {
    const response = await call(tickets, '/api/tickets/TK-1/inconnu');
    expect(response.status).toBe(404);
    expect(response.body.error).toBe(API_ERRORS.api_not_found.message);
  });
});
