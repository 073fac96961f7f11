/**
 * The endpoint helper and the roles: what every converted function gets without writing it, and who may
 * do what.
 */
import { describe, expect, it } from 'vitest';
import { endpoint, withJsonBody, type StaffCall } from '../../netlify/lib/api/endpoint.ts';
import { OWNER_ID, PERMISSIONS, ROLES, can } from '../../netlify/lib/auth/permissions.ts';
import { API_ERRORS } from '../../netlify/lib/http/errors.ts';
import { json } from '../../netlify/lib/http/http.ts';
import { TEST_ADMIN, call, setTestEnv } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';

const env = useApiTestEnvironment();

const echo = endpoint({
  name: 'echo',
  params: { id: 'request_not_found' },
  methods: {
    GET: { permission: 'requests.read', handle: async ({ params, staff }) => json({ success: true, id: params.id, staff }) },
    POST: { permission: 'public', handle: async () => { throw new Error('boom'); } },
  },
});

// The call a handler gets follows its method's permission (checked by the type checker, `npx astro check`):
// a staff method's `staff` and a customer method's `customer` are there, also through withJsonBody; a public
// method has neither.
const typedCalls = endpoint({
  name: 'typed',
  params: { id: 'request_not_found' },
  methods: {
    GET: { permission: 'signed-in', handle: async ({ staff, session }) => json({ id: staff.id, exp: session.exp }) },
    PUT: { permission: 'requests.write', handle: withJsonBody<StaffCall<'id'>>(async ({ staff, params }, body) => json({ id: staff.id, request: params.id, body })) },
    POST: { permission: 'customer', handle: async ({ customer }) => json({ company: customer.company.id }) },
    // @ts-expect-error a public method has nobody signed in
    DELETE: { permission: 'public', handle: async ({ staff }) => json({ id: staff.id }) },
  },
});

describe('endpoint()', () => {
  it('says what each method needs, whatever call its handler is typed with', () => {
    expect(typedCalls.permissions).toEqual({ GET: 'signed-in', PUT: 'requests.write', POST: 'customer', DELETE: 'public' });
  });

  it('answers 405 with Allow for a method it does not declare', async () => {
    const response = await call(echo, '/api/echo/1', { method: 'DELETE', params: { id: '1' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST');
    expect(response.body.error).toBe(API_ERRORS.method_not_allowed.message);
  });

  it('refuses a staff method without a session (401), reads decoded params from context.params, names the owner an administrator', async () => {
    expect((await call(echo, '/api/echo/1', { params: { id: '1' } })).status).toBe(401);
    const response = await call(echo, '/api/echo/a%20b', { params: { id: 'a%20b' }, token: env.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, id: 'a b', staff: { id: OWNER_ID, username: TEST_ADMIN.username, role: 'administrateur', territories: ['martinique', 'guadeloupe', 'guyane'], isOwner: true } });
  });

  it('answers a malformed or missing path parameter with the route’s own 404', async () => {
    for (const params of [{ id: '%ZZ' }, {}] as Array<Record<string, string>>) {
      const response = await call(echo, '/api/echo/x', { params, token: env.token });
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('Demande introuvable.');
    }
  });

  it('turns anything thrown into a French 500 without the cause', async () => {
    setTestEnv();
    const response = await call(echo, '/api/echo/1', { method: 'POST', params: { id: '1' }, body: {} });
    expect(response.status).toBe(500);
    expect(response.body.error).toBe(API_ERRORS.server_error.message);
    expect(JSON.stringify(response.body)).not.toContain('boom');
  });
});

describe('roles', () => {
  it('an administrator may do everything but be assigned tickets; a commercial handles requests and devis but not the team; a technician only reads requests', () => {
    for (const permission of PERMISSIONS) expect(can('administrateur', permission)).toBe(permission !== 'tickets.assignable');
    expect(can('administrateur', 'territories.all')).toBe(true);
    expect(can('commercial', 'territories.all')).toBe(false);
    expect(can('technicien', 'tickets.assignable')).toBe(true);
    expect(can('commercial', 'tickets.assignable')).toBe(false);
    expect(can('commercial', 'devis.write')).toBe(true);
    expect(can('commercial', 'requests.delete')).toBe(true);
    expect(can('commercial', 'team.manage')).toBe(false);
    expect(can('commercial', 'journal.read')).toBe(false);
    expect(can('technicien', 'requests.read')).toBe(true);
    expect(can('technicien', 'requests.write')).toBe(false);
    expect(can('technicien', 'tickets.write')).toBe(true);
    expect(Object.values(ROLES).map((role) => role.label)).toEqual(['Administrateur', 'Commercial', 'Technicien']);
  });
});
