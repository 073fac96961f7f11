/**
 * The local server refuses a request body larger than any function takes before the emulation reads it
 * (scripts/lib/site-server.mjs): its limit is the ticket form's, the largest body a function accepts. A body
 * above what any JSON call takes, or of unknown length, is first asked of its function without the body
 * (BODY_CHECK_HEADER): the real endpoints answer with the refusal the call would get — per role — or 204
 * saying who calls, and run nothing.
 */
import { describe, expect, it } from 'vitest';
import { BODY_CHECK_HEADER as SERVER_HEADER, LOCAL_BODY_MAX_BYTES, LOCAL_OPEN_BODY_MAX_BYTES } from '../../scripts/lib/site-server.mjs';
import { BODY_CHECK_HEADER } from '../../netlify/lib/api/endpoint.ts';
import { TICKET_FORM_MAX_BYTES } from '../../netlify/lib/tickets/ticket-form.ts';
import { getTicket } from '../../netlify/lib/tickets/tickets.ts';
import { API_BODY_LIMIT_BYTES } from '../../src/lib/constants.ts';
import { RESOLUTION_BODY_LIMIT_BYTES } from '../../src/features/tickets/staff.ts';
import contactForm from '../../netlify/routes/request-forms/contact-only-email.ts';
import spaceTickets from '../../netlify/routes/space/space-tickets.ts';
import ticketMessages from '../../netlify/routes/tickets/ticket-staff-messages.ts';
import { openCustomerSession } from '../../netlify/lib/customers/customer-session.ts';
import { call } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { companyOf, declare, staffOf } from '../helpers/field-world';

useApiTestEnvironment();

describe('the local server’s body limits', () => {
  it('is the largest body a function takes (the ticket form’s), under the attack review’s 60 MB', () => {
    expect(LOCAL_BODY_MAX_BYTES).toBe(TICKET_FORM_MAX_BYTES);
    expect(LOCAL_BODY_MAX_BYTES).toBeLessThan(60 * 1024 * 1024);
  });

  it('reads for anyone every JSON body a function takes, and asks its question with the header endpoint() answers', () => {
    expect(LOCAL_OPEN_BODY_MAX_BYTES).toBeGreaterThanOrEqual(RESOLUTION_BODY_LIMIT_BYTES);
    expect(LOCAL_OPEN_BODY_MAX_BYTES).toBeGreaterThanOrEqual(API_BODY_LIMIT_BYTES * 4);
    expect(SERVER_HEADER).toBe(BODY_CHECK_HEADER);
  });
});

describe('the question before a large body, answered by the real endpoints', () => {
  const asked = { headers: { [BODY_CHECK_HEADER]: '1' } };

  it('a staff form: 401 without a session, 403 for a role without tickets.write, 204 « signed-in » and nothing done for a technician', async () => {
    const ticket = await declare(await companyOf('martinique'), 'degrade');
    const path = `/api/tickets/${ticket.id}/messages`;
    const params = { id: ticket.id };
    const stranger = await call(ticketMessages, path, { method: 'POST', params, ...asked });
    expect(stranger.status).toBe(401);
    expect(stranger.body.error).toBe('Session expirée ou invalide. Veuillez vous reconnecter.');
    const { token: sales } = await staffOf('commercial', ['martinique']);
    expect((await call(ticketMessages, path, { method: 'POST', params, token: sales, ...asked })).status).toBe(403);
    const { token } = await staffOf('technicien', ['martinique']);
    const response = await ticketMessages(new Request(`http://localhost${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, [BODY_CHECK_HEADER]: '1' } }), { params });
    expect(response.status).toBe(204);
    expect(response.headers.get(BODY_CHECK_HEADER)).toBe('signed-in');
    expect((await getTicket(ticket.id))!.messages).toHaveLength(1);
  });

  it('a customer form: 401 without the space’s session, 204 « signed-in » with it', async () => {
    const company = await companyOf('martinique');
    const stranger = await call(spaceTickets, '/api/espace-client/tickets', { method: 'POST', headers: { origin: 'http://localhost', [BODY_CHECK_HEADER]: '1' } });
    expect(stranger.status).toBe(401);
    expect(stranger.body.error).toBe('Votre session de l’espace client a pris fin. Reconnectez-vous avec un lien de connexion.');
    const { cookie } = await openCustomerSession(company, company.people[0]!, { method: 'lien' });
    const response = await spaceTickets(new Request('http://localhost/api/espace-client/tickets', { method: 'POST', headers: { cookie, origin: 'http://localhost', [BODY_CHECK_HEADER]: '1' } }), {});
    expect(response.status).toBe(204);
    expect(response.headers.get(BODY_CHECK_HEADER)).toBe('signed-in');
  });

  it('a public form: 204 « public » (read up to the open limit only), nothing stored', async () => {
    const response = await contactForm(new Request('http://localhost/api/contact-only-email', { method: 'POST', headers: { [BODY_CHECK_HEADER]: '1' } }), {});
    expect(response.status).toBe(204);
    expect(response.headers.get(BODY_CHECK_HEADER)).toBe('public');
  });
});
