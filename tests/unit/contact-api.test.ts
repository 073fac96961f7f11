import { afterEach, describe, expect, it, vi } from 'vitest';
import { getStore } from '@netlify/blobs';
import { call, contactPayload, setTestEnv } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { MAX_LENGTH } from '../../src/features/contact/fields';
import { PHONE_REFUSED } from '../../src/lib/characters';
import { storeNames } from '../../netlify/lib/storage/storage';
import { rebuildIndex, updateRequestStatus, type ContactRequest, type RequestSummary } from '../../netlify/lib/requests/requests';
import contact from '../../netlify/routes/request-forms/contact-only-email.ts';
import quote from '../../netlify/routes/request-forms/quote.ts';
import list from '../../netlify/routes/requests/contact-list.ts';
import status from '../../netlify/routes/requests/contact-status.ts';
import view from '../../netlify/routes/requests/contact-request.ts';
import notFound from '../../netlify/functions/api-not-found.mts';

const world = useApiTestEnvironment();

const requestsStore = () => getStore({ name: storeNames.requests, consistency: 'strong' });
const storedCount = async () => (await requestsStore().list()).blobs.length;
/** Every request of the list, all pages. */
const listAll = async (): Promise<RequestSummary[]> => {
  const all: RequestSummary[] = [];
  let cursor: string | null = '';
  do {
    const response = await call(list, `/api/contact?limit=100&cursor=${encodeURIComponent(cursor ?? '')}`, { token: world.token });
    expect(response.status).toBe(200);
    all.push(...response.body.data);
    cursor = response.body.nextCursor;
  } while (cursor);
  return all;
};
/** One whole request, as its view reads it. */
const getOne = async (id: string) => {
  const response = await call(view, `/api/contact/${id}`, { token: world.token, params: { id } });
  expect(response.status).toBe(200);
  return response.body.data as ContactRequest;
};
const setStatus = (id: string, statut: unknown) =>
  call(status, `/api/contact/${id}/status`, { method: 'PUT', body: { statut }, token: world.token, params: { id } });

describe('POST /api/contact-only-email', () => {
  it('stores the request as nouveau with a reference, sends its two e-mails, answers { success: true, id, reference }', async () => {
    const before = world.postmark.sent.length;
    const response = await call(contact, '/api/contact-only-email', { body: contactPayload({ name: '  Jean Dupont  ' }) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, id: expect.any(String), reference: expect.stringMatching(/^CT-\d{4}-\d{5}$/) });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-frame-options')).toBe('DENY');

    const stored = (await listAll()).find((r) => r.id === response.body.id)!;
    expect(stored).toMatchObject({ name: 'Jean Dupont', statut: 'nouveau', kind: 'contact', mail_status: 'envoye', subject: 'Encaissement & Gestion', reference: response.body.reference });
    expect(Date.parse(stored.created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(stored.updated_at).toBe(stored.created_at);
    expect(stored).not.toHaveProperty('website');

    expect(world.postmark.sent).toHaveLength(before + 2);
    const mail = world.postmark.sentTo('commercial@vision-caraibes.fr').at(-1)!;
    expect(mail.token).toBe('test-server-token');
    expect(mail.body.From).toBe('site@vision-caraibes.fr');
    expect(mail.body.ReplyTo).toBe('mj.lucien@exemple.fr');
    expect(mail.body.Subject).toBe(`[${response.body.reference}] Nouvelle demande de contact\u00a0: Supérette du Bourg (Jean Dupont)`);
    expect(mail.body.TextBody).toContain('nous souhaitons remplacer nos deux caisses');
    expect(mail.body.TextBody).toContain(`/admin/contact?demande=${response.body.id}`);
  });

  it('keeps the request when Postmark fails: its e-mails wait in the outbox (mail status en_attente)', async () => {
    world.postmark.failing = true;
    const response = await call(contact, '/api/contact-only-email', { body: contactPayload({ name: 'Panne Postmark' }) });
    expect(response.status).toBe(200);
    const stored = (await listAll()).find((r) => r.id === response.body.id);
    expect(stored).toMatchObject({ name: 'Panne Postmark', mail_status: 'en_attente' });
  });

  it('without a Postmark token (locally), keeps both e-mails in the local outbox', async () => {
    setTestEnv();
    const response = await call(contact, '/api/contact-only-email', { body: contactPayload({ name: 'Boîte locale' }) });
    expect(response.status).toBe(200);
    const mail = await getStore({ name: storeNames.outbox, consistency: 'strong' }).get(`${response.body.id}/entreprise`, { type: 'json' });
    expect(mail).toMatchObject({ state: 'boite_locale', mail: { to: 'commercial@vision-caraibes.fr', subject: expect.stringContaining('Boîte locale') } });
    expect((await listAll()).find((r) => r.id === response.body.id)?.mail_status).toBe('boite_locale');
  });

  it('a filled honeypot gets a success answer and stores nothing', async () => {
    const before = await storedCount();
    const response = await call(contact, '/api/contact-only-email', { body: contactPayload({ website: 'http://spam.example' }) });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(await storedCount()).toBe(before);
  });

  it('the honeypot answer has the shape of a real one', async () => {
    const response = await call(contact, '/api/contact-only-email', { body: contactPayload({ website: 'http://spam.example' }) });
    expect(response.body).toEqual({ success: true, id: expect.any(String), reference: expect.any(String) });
  });

  it('answers another method with a JSON 405 and Allow: POST, without reading the body', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await call(contact, '/api/contact-only-email', { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(response.body).toEqual({ success: false, error: 'Méthode non autorisée.' });
    }
    expect((await call(quote, '/api/quote', { method: 'GET' })).headers.get('allow')).toBe('POST');
  });

  it('a body that breaks while being read gets a JSON 500, logged, not a crash', async () => {
    const body = new ReadableStream({ pull: (controller) => controller.error(new Error('connexion coupée')) });
    const request = new Request('http://localhost/api/contact-only-email', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half',
    } as RequestInit);
    const response = await contact(request);
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ success: false, error: expect.stringMatching(/erreur interne/) });
  });

  it('ignores unknown fields', async () => {
    const response = await call(contact, '/api/contact-only-email', { body: contactPayload({ statut: 'traite', isAdmin: true }) });
    const stored = (await listAll()).find((r) => r.id === response.body.id)!;
    expect(stored.statut).toBe('nouveau');
    expect(stored).not.toHaveProperty('isAdmin');
  });

  describe('refuses bad input with a French message and stores nothing', () => {
    const cases: Array<[string, () => Promise<Awaited<ReturnType<typeof call>>>, number, RegExp]> = [
      ['bad JSON', () => call(contact, '/api/contact-only-email', { raw: '{"name": "x",' }), 400, /JSON valide/],
      ['a body that is not JSON', () => call(contact, '/api/contact-only-email', { raw: 'name=x', contentType: 'text/plain' }), 415, /format JSON/],
      ['a JSON array', () => call(contact, '/api/contact-only-email', { body: [contactPayload()] }), 400, /objet JSON/],
      ['a 2 MB body', () => call(contact, '/api/contact-only-email', { body: contactPayload({ message: 'x'.repeat(2 * 1024 * 1024) }) }), 413, /trop volumineuse/],
    ];
    for (const [name, send, expectedStatus, message] of cases) {
      it(`${name}: ${expectedStatus}`, async () => {
        const before = await storedCount();
        const response = await send();
        expect(response.status).toBe(expectedStatus);
        expect(response.body).toMatchObject({ success: false, error: expect.stringMatching(message) });
        expect(await storedCount()).toBe(before);
      });
    }

    it('missing fields: 400 with one message per field', async () => {
      const before = await storedCount();
      const response = await call(contact, '/api/contact-only-email', { body: { name: 'Seul', website: '' } });
      expect(response.status).toBe(400);
      expect(response.body.success).toBe(false);
      expect(response.body.error).toMatch(/champs/);
      expect(Object.keys(response.body.fields).sort()).toEqual(['company', 'delai', 'email', 'message', 'phone', 'subject']);
      expect(response.body.fields.email).toBe('Veuillez renseigner l’adresse e-mail.');
      expect(await storedCount()).toBe(before);
    });

    it('blank, oversized, mistyped and off-list fields: 400 naming each field', async () => {
      const before = await storedCount();
      const response = await call(contact, '/api/contact-only-email', {
        body: contactPayload({
          name: '   ',
          company: 'x'.repeat(MAX_LENGTH.company + 1),
          phone: 596123456,
          email: 'pas-une-adresse',
          subject: 'Voyages',
        }),
      });
      expect(response.status).toBe(400);
      expect(response.body.fields).toEqual({
        name: 'Veuillez renseigner le nom.',
        company: `L’entreprise ne doit pas dépasser ${MAX_LENGTH.company} caractères.`,
        phone: 'Le téléphone doit être un texte.',
        email: 'Veuillez saisir une adresse e-mail valide.',
        subject: 'Veuillez choisir la solution qui vous intéresse dans la liste.',
      });
      expect(await storedCount()).toBe(before);
    });
  });

  describe('control characters, bidirectional overrides, invisible characters and lone surrogates (they reached the admin, the e-mails and the CSV)', () => {
    const refused = [
      ['a name made only of U+0000', { name: '\u0000\u0000\u0000' }, 'name'],
      ['a BEL in the company', { company: 'Supérette\u0007 du Bourg' }, 'company'],
      ['a line break in the phone', { phone: '0596\n12 34 56' }, 'phone'],
      ['a tab in the name', { name: 'Jean\tDupont' }, 'name'],
      ['a right-to-left override in the name', { name: 'Jean \u202eesruoP' }, 'name'],
      ['an isolate in the company', { company: 'Bourg \u2066x\u2069' }, 'company'],
      ['a NUL in the message', { message: 'Bonjour\u0000' }, 'message'],
      ['an override in the message', { message: 'Facture \u202egpj.exe' }, 'message'],
      ['a C1 control in the e-mail', { email: 'mj\u0085@exemple.fr' }, 'email'],
      ['a zero-width space in the name', { name: 'Marie\u200bJosée' }, 'name'],
      ['a zero-width joiner in the company', { company: 'Supérette\u200d du Bourg' }, 'company'],
      ['a word joiner in the phone', { phone: '0596\u206012 34 56' }, 'phone'],
      ['a byte-order mark inside the name', { name: 'Marie\ufeffJosée' }, 'name'],
      ['a lone surrogate in the company', { company: 'Supérette \ud800du Bourg' }, 'company'],
      ['a lone surrogate in the e-mail', { email: 'mj\udc00@exemple.fr' }, 'email'],
      ['a line separator U+2028 in the name', { name: 'Jean\u2028Dupont' }, 'name'],
      ['a soft hyphen in the company', { company: 'Super\u00admarché' }, 'company'],
      ['a right-to-left mark in the company', { company: 'Société \u200fالسوق' }, 'company'],
      ['a tab in the name', { name: 'Jean\tDupont' }, 'name'],
      ['a lone carriage return in the message', { message: 'Bonjour,\rligne 1' }, 'message'],
      ['a zero-width space in the message', { message: 'Bonjour\u200b' }, 'message'],
    ] as const;
    for (const [what, override, field] of refused) {
      it(`${what}: 400 with a French message for that field, nothing stored`, async () => {
        const before = await storedCount();
        const response = await call(contact, '/api/contact-only-email', { body: contactPayload(override) });
        expect(response.status).toBe(400);
        expect(Object.keys(response.body.fields)).toEqual([field]);
        expect(response.body.fields[field]).toMatch(/^(Le|La|L’)[^:]+ contient un caractère non autorisé\u00a0: .+\.$/);
        expect(await storedCount()).toBe(before);
      });
    }

    it('the message keeps its line breaks (LF and CR LF); other scripts and emoji are accepted', async () => {
      const message = 'Bonjour,\r\nligne 1\nligne 2 ❤️';
      const response = await call(contact, '/api/contact-only-email', { body: contactPayload({ message, company: 'Société السوق' }) });
      expect(response.status).toBe(200);
      const stored = await getOne(response.body.id);
      expect(stored.message).toBe(message);
    });

    it('a tab in the message (serial numbers pasted from a spreadsheet) is no fault: 200, stored as a space', async () => {
      const response = await call(contact, '/api/contact-only-email', { body: contactPayload({ message: 'Numéros de série :\nSN-0001\tSN-0002\tSN-0003' }) });
      expect(response.status).toBe(200);
      expect((await getOne(response.body.id)).message).toBe('Numéros de série :\nSN-0001 SN-0002 SN-0003');
    });
  });

  // 200 concurrent submissions (each stored with its own reference, listed, counted): tests/unit/inbox.test.ts.
});

describe('POST /api/quote', () => {
  const quoteBody = (overrides: Record<string, unknown> = {}) => ({
    name: 'Paul Édouard',
    company: 'Entrepôt Caraïbes Logistique',
    phone: '0590 11 22 33',
    email: 'paul@entrepot.example',
    clientCode: 'C-1042',
    subject: 'ignored by the server',
    message: 'Informations client : Paul Édouard\nProduits : ZT411 × 2',
    items: [{ id: 'zebra-zt411', quantity: 2 }],
    website: '',
    ...overrides,
  });

  it('stores a quote as a request with the fixed subject and deadline, recognisable as a quote', async () => {
    const response = await call(quote, '/api/quote', { body: quoteBody() });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, id: expect.any(String), reference: expect.stringMatching(/^DV-\d{4}-\d{5}$/) });
    expect((await listAll()).some((r) => r.id === response.body.id)).toBe(true);
    const stored = await getOne(response.body.id);
    expect(stored).toMatchObject({
      kind: 'devis',
      statut: 'nouveau',
      subject: 'Demande de devis depuis la boutique en ligne',
      delai: 'Dès que possible',
      clientCode: 'C-1042',
    });
    // The stored message is rebuilt from the catalogue, not taken from the client.
    expect(stored.message).not.toContain('Produits : ZT411 × 2');
    expect(stored.message).toContain('- Code client\u00a0: C-1042');
    expect(world.postmark.sentTo('commercial@vision-caraibes.fr').at(-1)!.body.Subject).toMatch(/^\[DV-\d{4}-\d{5}\] Nouvelle demande de devis\u00a0: Entrepôt Caraïbes Logistique \(Paul Édouard\)$/);
  });

  it('re-prices the lines from the real catalogue and ignores a tampered client price', async () => {
    const response = await call(quote, '/api/quote', {
      body: quoteBody({
        items: [{ id: 'zebra-zt411', quantity: 2, priceHT: 0.01, price: 0.01 }, { id: 'ruban-resine-5095-110x74', quantity: 3 }],
        message: 'Total HT : 0,02 €',
      }),
    });
    expect(response.status).toBe(200);
    const stored = await getOne(response.body.id);
    const message = stored.message.replace(/\u202f|\u00a0/g, ' ');
    expect(message).toContain('- Imprimante industrielle Zebra ZT411 (code AR00008, réf. ZT41142-T0E0000Z) × 2 à 1 575,00 € HT = 3 150,00 € HT');
    expect(message).toMatch(/\(code AR\d{5}, réf\. [^)]+\) × 3 à /);
    expect(message).toContain('Nombre d’articles : 5');
    expect(message).not.toContain('0,01 €');
    expect(message).not.toContain('Total HT : 0,02 €');
  });

  it('prices a quote for its delivery territory: Guadeloupe at 8,5 %, and keeps the territory on the request', async () => {
    const response = await call(quote, '/api/quote', { body: quoteBody({ territory: 'guadeloupe' }) });
    expect(response.status).toBe(200);
    const stored = await getOne(response.body.id);
    expect(stored.territory).toBe('guadeloupe');
    const message = stored.message.replace(/\u202f|\u00a0/g, ' ');
    // 2 × 1 575,00 € = 3 150,00 € HT, shipping free; 8,5 % = 267,75 €.
    expect(message).toContain('Sous-total HT : 3 150,00 €');
    expect(message).toContain('TVA 8,5 % (Guadeloupe) : 267,75 €');
    expect(message).toContain('Total TTC : 3 417,75 €');
  });

  it('prices a quote for Guyane without VAT, with the legal mention, and defaults to Martinique', async () => {
    const guyane = await call(quote, '/api/quote', { body: quoteBody({ territory: 'guyane' }) });
    const storedGuyane = await getOne(guyane.body.id);
    expect(storedGuyane.message).toContain('TVA non applicable, art. 294 du CGI');
    expect(storedGuyane.message.replace(/\u202f|\u00a0/g, ' ')).toContain('Total TTC : 3 150,00 €');
    const unnamed = await call(quote, '/api/quote', { body: quoteBody() });
    expect((await getOne(unnamed.body.id)).territory).toBe('martinique');
  });

  it('refuses an unknown delivery territory with a French 400 and stores nothing', async () => {
    const before = await storedCount();
    const response = await call(quote, '/api/quote', { body: quoteBody({ territory: 'france' }) });
    expect(response.status).toBe(400);
    expect(response.body.fields.territory).toBe('Territoire de livraison inconnu : choisissez Martinique, Guadeloupe, Guyane.');
    expect(await storedCount()).toBe(before);
  });

  it('refuses an id the catalogue does not have with a French 400 and stores nothing', async () => {
    const before = await storedCount();
    const response = await call(quote, '/api/quote', { body: quoteBody({ items: [{ id: 'zebra-zt411', quantity: 1 }, { id: 'produit-fantome', quantity: 1 }] }) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      error: 'Certains produits du devis n’existent plus dans le catalogue.',
      fields: { items: 'Produits inconnus : produit-fantome.' },
    });
    expect(await storedCount()).toBe(before);
  });

  it('refuses a quote without items or with a bad quantity, and one missing a required field', async () => {
    const before = await storedCount();
    const noItems = await call(quote, '/api/quote', { body: quoteBody({ items: [] }) });
    expect(noItems.status).toBe(400);
    expect(noItems.body.fields.items).toBe('Le devis doit contenir au moins un produit.');
    const badQuantity = await call(quote, '/api/quote', { body: quoteBody({ items: [{ id: 'a', quantity: 1.5 }] }) });
    expect(badQuantity.status).toBe(400);
    expect(badQuantity.body.fields.items).toMatch(/nombre entier/);
    const noPhone = await call(quote, '/api/quote', { body: quoteBody({ phone: '' }) });
    expect(noPhone.body.fields).toEqual({ phone: 'Veuillez renseigner le téléphone.' });
    // The phone is a phone, as a ticket's: free words are refused.
    const words = await call(quote, '/api/quote', { body: quoteBody({ phone: '0800 00 00 00 (URGENT)' }) });
    expect(words.status).toBe(400);
    expect(words.body.fields).toEqual({ phone: PHONE_REFUSED });
    expect(await storedCount()).toBe(before);
  });

  it('the contact form’s phone is a phone, as a ticket’s: words or too few digits are refused in French, nothing stored; a real number passes', async () => {
    const before = await storedCount();
    for (const phone of ['0800 00 00 00 (URGENT)', 'appelez-moi', '12 34']) {
      const response = await call(contact, '/api/contact-only-email', { body: contactPayload({ phone }) });
      expect(response.status).toBe(400);
      expect(response.body.fields).toEqual({ phone: PHONE_REFUSED });
    }
    expect(await storedCount()).toBe(before);
    expect((await call(contact, '/api/contact-only-email', { body: contactPayload({ phone: '+594 (0)594 29 18 40' }) })).status).toBe(200);
  });

  it('refuses a product id repeated on several lines with a French 400, and stores nothing', async () => {
    const before = await storedCount();
    const response = await call(quote, '/api/quote', { body: quoteBody({ items: [{ id: 'zebra-zt411', quantity: 1 }, { id: 'zebra-zt411', quantity: 1 }] }) });
    expect(response.status).toBe(400);
    expect(response.body.fields.items).toBe('Chaque produit ne doit figurer qu’une fois dans le devis (une ligne par produit, avec sa quantité) : zebra-zt411.');
    expect(await storedCount()).toBe(before);
  });

  it('100 lines of one product × 999 never become one line of 99 900 units: 400', async () => {
    const before = await storedCount();
    const items = Array.from({ length: 100 }, () => ({ id: 'zebra-zt411', quantity: 999 }));
    const response = await call(quote, '/api/quote', { body: quoteBody({ items }) });
    expect(response.status).toBe(400);
    expect(response.body.fields.items).toMatch(/qu’une fois/);
    expect(await storedCount()).toBe(before);
  });

  it('a product id with control or bidirectional characters is « Produit invalide. », never echoed', async () => {
    const response = await call(quote, '/api/quote', { body: quoteBody({ items: [{ id: 'zebra\u202e-zt411', quantity: 1 }] }) });
    expect(response.status).toBe(400);
    expect(response.body.fields.items).toBe('Produit invalide.');
  });

  it('a filled honeypot stores nothing', async () => {
    const before = await storedCount();
    expect((await call(quote, '/api/quote', { body: quoteBody({ website: 'x' }) })).body.success).toBe(true);
    expect(await storedCount()).toBe(before);
  });
});

/**
 * Moves the clock the functions read one second on (Date only; timers stay real), so two writes get
 * distinct times without sleeping.
 */
function oneSecondLater(): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 1_000);
}
afterEach(() => {
  vi.useRealTimers();
});

describe('GET /api/contact', () => {
  it('lists newest first with every field of a request plus updated_at', async () => {
    const first = await call(contact, '/api/contact-only-email', { body: contactPayload({ name: 'Plus ancien' }) });
    oneSecondLater();
    const second = await call(contact, '/api/contact-only-email', { body: contactPayload({ name: 'Plus récent' }) });
    const data = await listAll();
    expect(data[0]!.id).toBe(second.body.id);
    expect(data.findIndex((r) => r.id === first.body.id)).toBeGreaterThan(0);
    for (const field of ['id', 'name', 'email', 'phone', 'company', 'subject', 'delai', 'message', 'statut', 'created_at', 'updated_at']) {
      expect(data[0]).toHaveProperty(field);
    }
    const dates = data.map((r) => r.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('reads old records missing fields with the defaults: empty text, statut nouveau', async () => {
    const id = crypto.randomUUID();
    await requestsStore().setJSON(id, { name: 'Ancien format', created_at: '2020-01-01T10:00:00.000Z' });
    // A record written before the index existed is listed once the index is rebuilt from the blobs.
    await rebuildIndex();
    const old = (await listAll()).find((r) => r.id === id);
    expect(old).toMatchObject({ name: 'Ancien format', email: '', phone: '', company: '', subject: '', delai: '', message: '', statut: 'nouveau', updated_at: '2020-01-01T10:00:00.000Z' });
  });

  it('one unreadable blob does not hide the other requests', async () => {
    const { body } = await call(contact, '/api/contact-only-email', { body: contactPayload({ name: 'Toujours listée' }) });
    await requestsStore().set(crypto.randomUUID(), '');
    expect((await rebuildIndex()).unreadable).toHaveLength(1);
    const response = await call(list, '/api/contact', { token: world.token });
    expect(response.status).toBe(200);
    expect((response.body.data as ContactRequest[]).some((r) => r.id === body.id)).toBe(true);
  });

  it('refuses other methods with a JSON 405 and Allow: GET', async () => {
    const response = await call(list, '/api/contact', { method: 'DELETE', token: world.token });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(response.body).toEqual({ success: false, error: 'Méthode non autorisée.' });
  });
});

describe('PUT /api/contact/{id}/status', () => {
  it('changes the status, stamps updated_at and keeps created_at', async () => {
    const { body } = await call(contact, '/api/contact-only-email', { body: contactPayload({ name: 'À traiter' }) });
    const before = (await listAll()).find((r) => r.id === body.id)!;
    oneSecondLater();
    for (const statut of ['en_cours', 'traite', 'archive', 'nouveau', 'traite']) {
      const response = await setStatus(body.id, statut);
      expect(response.status).toBe(200);
      expect(response.body.data.statut).toBe(statut);
    }
    const after = (await listAll()).find((r) => r.id === body.id)!;
    expect(after.statut).toBe('traite');
    expect(after.created_at).toBe(before.created_at);
    expect(after.updated_at > before.updated_at).toBe(true);
  });

  it('400 for a status outside the four, 404 for an unknown id, 401 without a token', async () => {
    const { body } = await call(contact, '/api/contact-only-email', { body: contactPayload() });
    const bad = await setStatus(body.id, 'supprime');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/Statut invalide/);
    expect((await setStatus(body.id, 3)).status).toBe(400);
    const unknown = await setStatus(crypto.randomUUID(), 'traite');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Demande introuvable.');
    expect((await setStatus('../../etc/passwd', 'traite')).status).toBe(404);
    const anonymous = await call(status, `/api/contact/${body.id}/status`, { method: 'PUT', body: { statut: 'traite' }, params: { id: body.id } });
    expect(anonymous.status).toBe(401);
  });

  it('malformed percent-encoding in the id (%ZZ) is a 404, not a 500', async () => {
    for (const id of ['%ZZ', '%E0%A4%A', '%']) {
      const response = await call(status, `/api/contact/${id}/status`, { method: 'PUT', body: { statut: 'traite' }, token: world.token, params: { id } });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, error: 'Demande introuvable.' });
    }
  });

  it('another method gets a JSON 405 with Allow: PUT', async () => {
    const id = crypto.randomUUID();
    const response = await call(status, `/api/contact/${id}/status`, { method: 'GET', token: world.token, params: { id } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('PUT');
    expect(response.body.success).toBe(false);
  });

  it('a write with a stale ETag is refused by Blobs (the guard the status change relies on)', async () => {
    const { body } = await call(contact, '/api/contact-only-email', { body: contactPayload() });
    const etag = (await requestsStore().list({ prefix: body.id })).blobs[0]?.etag;
    expect(etag).toBeTruthy();
    await setStatus(body.id, 'en_cours');
    const stale = await requestsStore().setJSON(body.id, { statut: 'archive' }, { onlyIfMatch: etag! });
    expect(stale.modified).toBe(false);
    expect((await listAll()).find((r) => r.id === body.id)?.statut).toBe('en_cours');
  });

  it('concurrent status changes never lose a write (conditional writes on the ETag)', async () => {
    const { body } = await call(contact, '/api/contact-only-email', { body: contactPayload({ name: 'Concurrence' }) });
    const results = await Promise.all(['en_cours', 'traite', 'archive', 'en_cours', 'traite'].map((statut) => updateRequestStatus(body.id, statut as never)));
    const written = results.filter((r) => typeof r === 'object');
    expect(written.length).toBeGreaterThan(0);
    const final = (await listAll()).find((r) => r.id === body.id)!;
    // The stored record is one of the writes that succeeded, whole (name kept, mail status kept).
    expect(written.map((r) => (r as { updated_at: string }).updated_at)).toContain(final.updated_at);
    expect(final).toMatchObject({ name: 'Concurrence', mail_status: 'envoye' });
  });
});

describe('unknown /api/* paths', () => {
  it('answer a JSON 404 with the API headers, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await notFound(new Request('http://localhost/api/inconnu', { method }));
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ success: false, error: 'Cette adresse de l’API n’existe pas.' });
    }
  });
});
