/**
 * The staff's ticket endpoints against a real BlobsServer and the local Postmark: a technician sees only
 * their territory's tickets, the least time left first, with counters; takes one in charge (the history
 * names them), changes its impact (the due times follow), assigns it to a technician of the territory only,
 * writes an internal note (never in the customer's view nor e-mailed to the customer) and a reply; a
 * contact request becomes a ticket of a company once; the chart's statistics cover 12 weeks.
 */
import { frenchTypography } from '../../src/lib/typography';
import { describe, expect, it } from 'vitest';
import contactTicket from '../../netlify/routes/requests/contact-ticket.ts';
import contactRequest from '../../netlify/routes/requests/contact-request.ts';
import contact from '../../netlify/routes/request-forms/contact-only-email.ts';
import ticketStaff from '../../netlify/routes/tickets/ticket-staff.ts';
import ticketResolution from '../../netlify/routes/tickets/ticket-resolution.ts';
import ticketsList from '../../netlify/routes/tickets/tickets-list.ts';
import ticketsStatistics from '../../netlify/routes/tickets/tickets-statistics.ts';
import { reportPdfOf } from '../../netlify/lib/tickets/reports.ts';
import { getTicket } from '../../netlify/lib/tickets/tickets.ts';
import sharp from 'sharp';
import { customerViewOf, type Ticket } from '../../src/features/tickets/model.ts';
import { RESOLUTION_BODY_LIMIT_BYTES, SIGNATURE_DATA_URL_MAX, SIGNATURE_SIZE } from '../../src/features/tickets/staff.ts';
import { API_BODY_LIMIT_BYTES } from '../../src/lib/constants.ts';
import { call, contactPayload } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { companyOf, declare, postMessage, staffOf } from '../helpers/field-world';

const world = useApiTestEnvironment();
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

describe('the staff list', () => {
  it('shows a technician their territory only, the least time left first, with counters per territory', async () => {
    const [martinique, guadeloupe] = [await companyOf('martinique'), await companyOf('guadeloupe')];
    const old = await declare(martinique, 'bloquant', hoursAgo(24 * 14));
    const fresh = await declare(martinique, 'question', hoursAgo(0.1));
    const elsewhere = await declare(guadeloupe, 'bloquant', hoursAgo(24 * 14));
    const { token } = await staffOf('technicien', ['martinique']);

    const listed = await call(ticketsList, '/api/tickets', { token });
    expect(listed.status).toBe(200);
    const ids = (listed.body.data as Ticket[]).map((row) => row.id);
    expect(ids).toContain(old.id);
    expect(ids).toContain(fresh.id);
    expect(ids).not.toContain(elsewhere.id);
    expect(ids.indexOf(old.id)).toBeLessThan(ids.indexOf(fresh.id));
    const oldRow = listed.body.data.find((row: { id: string }) => row.id === old.id);
    expect(oldRow).toMatchObject({ late: true, minutesLeft: expect.any(Number) });
    expect(oldRow.minutesLeft).toBeLessThan(0);
    expect(listed.body.territories.map((row: { territory: string }) => row.territory)).toEqual(['martinique']);
    expect(listed.body.counts.late).toBeGreaterThanOrEqual(1);

    const late = await call(ticketsList, '/api/tickets?retard=1', { token });
    expect((late.body.data as { late: boolean }[]).every((row) => row.late)).toBe(true);
    const asked = await call(ticketsList, '/api/tickets?territoire=guadeloupe', { token });
    expect(asked.body.data).toEqual([]);
  });

  it('refuses a bad filter in French, naming the field', async () => {
    const answer = await call(ticketsList, '/api/tickets?etat=perdu', { token: world.token });
    expect(answer.status).toBe(400);
    expect(answer.body.fields.etat).toMatch(/^État invalide/);
    expect((await call(ticketsList, '/api/tickets?cursor=nimporte', { token: world.token })).status).toBe(400);
  });

  it('gives the chart 12 weeks', async () => {
    const answer = await call(ticketsStatistics, '/api/tickets/statistiques', { token: world.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data.weeks).toHaveLength(12);
  });
});

describe('a ticket for the staff', () => {
  it('answers 404 for another territory’s ticket, as for an unknown one', async () => {
    const ticket = await declare(await companyOf('guadeloupe'), 'degrade', hoursAgo(1));
    const { token } = await staffOf('technicien', ['martinique']);
    const answer = await call(ticketStaff, `/api/tickets/${ticket.id}`, { token, params: { id: ticket.id } });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('Ce ticket est introuvable.');
    const patched = await call(ticketStaff, `/api/tickets/${ticket.id}`, { token, method: 'PATCH', body: { state: 'pris_en_charge' }, params: { id: ticket.id } });
    expect(patched.status).toBe(404);
    expect((await getTicket(ticket.id))!.state).toBe('nouveau');
  });

  it('« Prendre en charge » a ticket nobody holds assigns it to the technician who takes it; one held by someone else stays theirs', async () => {
    const company = await companyOf('martinique');
    const { account, token } = await staffOf('technicien', ['martinique']);
    const free = await declare(company, 'degrade', hoursAgo(1));
    const taken = await call(ticketStaff, `/api/tickets/${free.id}`, { token, method: 'PATCH', body: { state: 'pris_en_charge' }, params: { id: free.id } });
    expect(taken.status).toBe(200);
    expect(await getTicket(free.id)).toMatchObject({ state: 'pris_en_charge', assignedTo: { id: account.id, name: account.name } });

    const { account: colleague, token: colleagueToken } = await staffOf('technicien', ['martinique']);
    const held = await declare(company, 'degrade', hoursAgo(1));
    expect((await call(ticketStaff, `/api/tickets/${held.id}`, { token, method: 'PATCH', body: { assignedTo: account.id }, params: { id: held.id } })).status).toBe(200);
    expect((await call(ticketStaff, `/api/tickets/${held.id}`, { token: colleagueToken, method: 'PATCH', body: { state: 'pris_en_charge' }, params: { id: held.id } })).status).toBe(200);
    expect(await getTicket(held.id)).toMatchObject({ state: 'pris_en_charge', assignedTo: { id: account.id } });
    expect(colleague.id).not.toBe(account.id);
  });

  it('is taken in charge, its impact changed (due times follow), assigned within its territory, each change signed', async () => {
    const company = await companyOf('martinique');
    const ticket = await declare(company, 'question', hoursAgo(0.5));
    const { account, token } = await staffOf('technicien', ['martinique']);
    const { account: outsider } = await staffOf('technicien', ['guyane']);
    const params = { id: ticket.id };

    const seen = await call(ticketStaff, `/api/tickets/${ticket.id}`, { token, params });
    expect(seen.status).toBe(200);
    expect(seen.body.data.company).toMatchObject({ id: company.id, clientCode: company.clientCode });
    expect(seen.body.data.equipment).toMatchObject({ id: 'e1', serial: 'SN-001' });
    expect(seen.body.data.assignees).toContainEqual({ id: account.id, name: account.name });
    expect(seen.body.data.assignees).not.toContainEqual(expect.objectContaining({ id: outsider.id }));
    const questionDue = seen.body.data.due.priseEnCharge;

    const raised = await call(ticketStaff, `/api/tickets/${ticket.id}`, { token, method: 'PATCH', body: { impact: 'bloquant' }, params });
    expect(raised.status).toBe(200);
    expect(raised.body.data.due.priseEnCharge).not.toBe(questionDue);
    expect(Date.parse(raised.body.data.due.priseEnCharge)).toBeLessThan(Date.parse(questionDue));

    const refusedAssignee = await call(ticketStaff, `/api/tickets/${ticket.id}`, { token, method: 'PATCH', body: { assignedTo: outsider.id }, params });
    expect(refusedAssignee.status).toBe(400);
    expect(refusedAssignee.body.error).toMatch(/technicien actif de son territoire/);

    const taken = await call(ticketStaff, `/api/tickets/${ticket.id}`, { token, method: 'PATCH', body: { state: 'pris_en_charge', assignedTo: account.id }, params });
    expect(taken.status).toBe(200);
    const stored = (await getTicket(ticket.id))!;
    expect(stored).toMatchObject({ state: 'pris_en_charge', assignedTo: { id: account.id, name: account.name }, impact: 'bloquant' });
    expect(stored.takenInChargeAt).not.toBeNull();
    const by = { kind: 'staff', id: account.id, name: account.name };
    expect(stored.history.slice(1)).toEqual([
      expect.objectContaining({ kind: 'impact', from: 'question', to: 'bloquant', by }),
      expect.objectContaining({ kind: 'assignation', to: { id: account.id, name: account.name }, by }),
      expect.objectContaining({ kind: 'etat', from: 'nouveau', to: 'pris_en_charge', by }),
    ]);
  });

  it('refuses a move the state table refuses, and « Résolu » without the report, changing nothing', async () => {
    const ticket = await declare(await companyOf('martinique'), 'degrade', hoursAgo(1));
    const params = { id: ticket.id };
    const closed = await call(ticketStaff, `/api/tickets/${ticket.id}`, { token: world.token, method: 'PATCH', body: { state: 'clos' }, params });
    expect(closed.status).toBe(409);
    expect(closed.body.error).toBe(frenchTypography('Un ticket « Nouveau » ne peut pas passer à « Clos ».'));
    const resolved = await call(ticketStaff, `/api/tickets/${ticket.id}`, { token: world.token, method: 'PATCH', body: { state: 'resolu' }, params });
    expect(resolved.status).toBe(409);
    expect(resolved.body.error).toMatch(/Résoudre/);
    const empty = await call(ticketStaff, `/api/tickets/${ticket.id}`, { token: world.token, method: 'PATCH', body: {}, params });
    expect(empty.status).toBe(400);
    expect((await getTicket(ticket.id))!.history).toHaveLength(1);
  });

  it('keeps an internal note from the customer (view and e-mail) and e-mails the reply to the verified person', async () => {
    const company = await companyOf('martinique');
    const customer = company.people[0]!;
    const ticket = await declare(company, 'degrade', hoursAgo(1));
    const { token } = await staffOf('technicien', ['martinique']);

    const note = await postMessage(token, ticket.id, { kind: 'note', text: 'Carte mère suspecte, NE PAS DIRE.' });
    expect(note.status).toBe(201);
    const reply = await postMessage(token, ticket.id, { kind: 'reponse', text: 'Nous passons demain à 9 h.' });
    expect(reply.status).toBe(201);
    expect(reply.body.data.ticket.messages.map((message: { kind: string }) => message.kind)).toEqual(['client', 'note', 'reponse']);

    const stored = (await getTicket(ticket.id))!;
    const customerView = JSON.stringify(customerViewOf(stored));
    expect(customerView).not.toContain('NE PAS DIRE');
    expect(customerView).toContain('Nous passons demain');
    const toCustomer = world.postmark.sentTo(customer.email);
    expect(toCustomer.some((mail) => JSON.stringify(mail.body).includes('Nous passons demain'))).toBe(true);
    expect(toCustomer.every((mail) => !JSON.stringify(mail.body).includes('NE PAS DIRE'))).toBe(true);

    const blank = await postMessage(token, ticket.id, { kind: 'reponse', text: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('Écrivez le message.');
    const unknownKind = await postMessage(token, ticket.id, { kind: 'secret', text: 'x' });
    expect(unknownKind.status).toBe(400);
    expect((await getTicket(ticket.id))!.messages).toHaveLength(3);
  });
});

describe('« Résoudre »', () => {
  it('keeps the report with the signature, moves the ticket to « Résolu » and e-mails the PDF to the customer', async () => {
    const company = await companyOf('martinique');
    const ticket = await declare(company, 'bloquant', hoursAgo(2));
    const { account, token } = await staffOf('technicien', ['martinique']);
    const params = { id: ticket.id };
    await call(ticketStaff, `/api/tickets/${ticket.id}`, { token, method: 'PATCH', body: { state: 'en_intervention' }, params });
    const ink = await sharp({ create: { width: 300, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: Buffer.from('<svg width="300" height="120"><path d="M10 100 C 80 10, 150 10, 290 90" stroke="black" stroke-width="4" fill="none"/></svg>') }])
      .png()
      .toBuffer();
    const body = {
      workDone: 'Alimentation de la caisse remplacée, tests d’encaissement faits.',
      minutes: 45,
      parts: [{ reference: null, name: 'Bloc d’alimentation 24 V', quantity: 1 }],
      signedBy: 'Line Client',
      signature: `data:image/png;base64,${ink.toString('base64')}`,
    };

    const unsigned = await call(ticketResolution, `/api/tickets/${ticket.id}/resolution`, { token, body: { ...body, signedBy: null }, params });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.fields.signedBy).toBe('Indiquez le nom de la personne qui a signé.');
    const scribble = await call(ticketResolution, `/api/tickets/${ticket.id}/resolution`, { token, body: { ...body, signature: 'data:image/png;base64,AAAA' }, params });
    expect(scribble.status).toBe(400);
    const noWork = await call(ticketResolution, `/api/tickets/${ticket.id}/resolution`, { token, body: { ...body, workDone: ' ' }, params });
    expect(noWork.status).toBe(400);
    expect(noWork.body.error).toBe('Décrivez le travail effectué.');
    // The attack review's signer: a CR LF and a right-to-left override wrote a forged « Bon pour accord »
    // line into the report PDF. One line, no direction override, no invisible character; nothing stored.
    const forged = await call(ticketResolution, `/api/tickets/${ticket.id}/resolution`, { token, body: { ...body, signedBy: 'Line Client\r\nBon pour accord : 0 €\u202e' }, params });
    expect(forged.status).toBe(400);
    expect(forged.body.fields.signedBy).toBe('Le nom du signataire contient un caractère non autorisé\u00a0: retour chariot.');
    const overridden = await call(ticketResolution, `/api/tickets/${ticket.id}/resolution`, { token, body: { ...body, signedBy: 'Line \u202eClient' }, params });
    expect(overridden.body.fields.signedBy).toBe('Le nom du signataire contient un caractère non autorisé\u00a0: caractère de direction du texte U+202E.');
    const part = await call(ticketResolution, `/api/tickets/${ticket.id}/resolution`, { token, body: { ...body, parts: [{ reference: 'REF\u200b1', name: 'Bloc\nd’alimentation', quantity: 1 }] }, params });
    expect(part.status).toBe(400);
    expect(part.body.error).toMatch(/caractère non autorisé/);
    const tabbed = await call(ticketResolution, `/api/tickets/${ticket.id}/resolution`, { token, body: { ...body, workDone: 'Alimentation\tremplacée\rtests faits.' }, params });
    expect(tabbed.status).toBe(400);
    expect((await getTicket(ticket.id))!.state).toBe('en_intervention');

    const resolved = await call(ticketResolution, `/api/tickets/${ticket.id}/resolution`, { token, body, params });
    expect(resolved.status).toBe(200);
    const stored = (await getTicket(ticket.id))!;
    expect(stored).toMatchObject({ state: 'resolu', report: { minutes: 45, signedBy: 'Line Client', by: { id: account.id } } });
    const pdf = await reportPdfOf(stored);
    expect(Buffer.from(pdf!.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(stored.report!.pdfBytes).toBe(pdf!.byteLength);
    const attachmentsOf = (mail: { body: object }) => (mail.body as { Attachments?: { Name: string; ContentType: string }[] }).Attachments ?? [];
    const resolvedMail = world.postmark.sentTo(company.people[0]!.email).find((mail) => attachmentsOf(mail).length > 0);
    expect(resolvedMail && attachmentsOf(resolvedMail)).toEqual([expect.objectContaining({ Name: `Rapport-${stored.reference}.pdf`, ContentType: 'application/pdf' })]);
    // The e-mail names the attached report's fingerprint, the one kept on the ticket.
    expect(stored.report?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((resolvedMail!.body as { TextBody: string }).TextBody).toContain(stored.report!.sha256!);

    const again = await call(ticketResolution, `/api/tickets/${ticket.id}/resolution`, { token, body, params });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(frenchTypography('Le ticket est déjà « Résolu ».'));
  });
  it('accepts a full signature of the largest size, heavier than the API’s 32 KB bodies, and answers 413 beyond the resolution’s limit without changing anything', async () => {
    const company = await companyOf('martinique');
    const ticket = await declare(company, 'bloquant', hoursAgo(1));
    const { token } = await staffOf('technicien', ['martinique']);
    const params = { id: ticket.id };
    await call(ticketStaff, `/api/tickets/${ticket.id}`, { token, method: 'PATCH', body: { state: 'en_intervention' }, params });
    // A dense drawing at SIGNATURE_SIZE: ink of many strengths scattered over a fifth of the pad (a seeded sequence).
    const { width, height } = SIGNATURE_SIZE;
    const pixels = Buffer.alloc(width * height * 4);
    let seed = 2_463_534_242;
    for (let pixel = 0; pixel < width * height; pixel += 1) {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      seed >>>= 0;
      if (seed % 5 === 0) pixels[pixel * 4 + 3] = seed >>> 24;
    }
    const png = await sharp(pixels, { raw: { width, height, channels: 4 } }).png().toBuffer();
    const signature = `data:image/png;base64,${png.toString('base64')}`;
    expect(signature.length).toBeGreaterThan(API_BODY_LIMIT_BYTES);
    expect(signature.length).toBeLessThan(SIGNATURE_DATA_URL_MAX);
    const body = { workDone: 'Caisse remplacée, tests d’encaissement faits.', minutes: 30, parts: [], signedBy: 'Line Client', signature };

    const tooHeavy = await call(ticketResolution, `/api/tickets/${ticket.id}/resolution`, { token, body: { ...body, workDone: 'x'.repeat(RESOLUTION_BODY_LIMIT_BYTES) }, params });
    expect(tooHeavy.status).toBe(413);
    expect((await getTicket(ticket.id))!.state).toBe('en_intervention');

    const resolved = await call(ticketResolution, `/api/tickets/${ticket.id}/resolution`, { token, body, params });
    expect(resolved.status).toBe(200);
    expect((await getTicket(ticket.id))!.report).toMatchObject({ signedBy: 'Line Client' });
  });
});

describe('a contact request turned into a ticket', () => {
  it('becomes one ticket of the chosen company, its text the description, and the request gets a note', async () => {
    const company = await companyOf('martinique');
    const sent = await call(contact, '/api/contact', { body: contactPayload({ message: 'Notre imprimante d’étiquettes ne sort plus rien depuis ce matin.', phone: '0596 61 00 00' }) });
    expect(sent.status).toBe(200);
    const id = sent.body.id as string;
    const params = { id };
    const body = { companyId: company.id, impact: 'degrade', equipmentId: 'e1' };

    const made = await call(contactTicket, `/api/contact/${id}/ticket`, { token: world.token, body, params });
    expect(made.status).toBe(201);
    const ticket = (await getTicket(made.body.data.id))!;
    expect(ticket).toMatchObject({ companyId: company.id, impact: 'degrade', sourceRequestId: id, equipment: { equipmentId: 'e1', model: 'Caisse TPV-15' }, shop: { shopId: 's1' } });
    expect(ticket.messages[0]!.text).toBe('Notre imprimante d’étiquettes ne sort plus rien depuis ce matin.');
    const request = await call(contactRequest, `/api/contact/${id}`, { token: world.token, params });
    expect(request.body.data.notes.at(-1).text).toBe(`Transformée en ticket ${ticket.reference} (${company.name}).`);

    const again = await call(contactTicket, `/api/contact/${id}/ticket`, { token: world.token, body, params });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Cette demande est déjà devenue un ticket.');

    const badCompany = await call(contactTicket, `/api/contact/${id}/ticket`, { token: world.token, body: { ...body, companyId: 'inconnue' }, params });
    expect(badCompany.status).toBe(404);
    const noImpact = await call(contactTicket, `/api/contact/${id}/ticket`, { token: world.token, body: { companyId: company.id }, params });
    expect(noImpact.status).toBe(400);
    expect(noImpact.body.error).toBe('Choisissez l’impact.');
  });
});
