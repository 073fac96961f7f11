/**
 * Erasing a request is one function (netlify/lib/retention/erase.ts) used by the admin's « Supprimer » and
 * by the retention job: after it, nothing of the customer is left in any Blobs store, devis and their
 * answers included; and work on a devis counts as a change of its request for the retention clock.
 */
import { describe, expect, it } from 'vitest';
import contactRequest from '../../netlify/routes/requests/contact-request.ts';
import devisAdmin from '../../netlify/routes/devis/devis-admin.ts';
import devisPublic from '../../netlify/functions/devis-public.mts';
import devisSend from '../../netlify/routes/devis/devis-send.ts';
import quote from '../../netlify/routes/request-forms/quote.ts';
import { readDevisIndex, saveDraft } from '../../netlify/lib/devis/devis-records.ts';
import { getRequest } from '../../netlify/lib/requests/requests.ts';
import { purgeExpired } from '../../netlify/lib/retention/retention.ts';
import { storeNames, strongStore } from '../../netlify/lib/storage/storage.ts';
import type { DevisDraft } from '../../src/features/devis/devis.ts';
import { normalizeForSearch } from '../../src/lib/text.ts';
import { call } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';

const env = useApiTestEnvironment();

/** A customer of their own: what must not be left anywhere once the request is erased. */
function customer() {
  const tag = crypto.randomUUID().slice(0, 6);
  return { name: `Hortense Vidal-${tag}`, email: `hortense.${tag}@exemple.fr`, phone: `0696 ${tag.replace(/\D/g, '7').slice(0, 2)} 45 91 37`, company: `Quincaillerie ${tag}` };
}

async function quoteRequest(person: ReturnType<typeof customer>): Promise<string> {
  const response = await call(quote, '/api/quote', {
    body: { ...person, clientCode: '', subject: '', message: '', items: [{ id: 'zebra-zt411', quantity: 1 }], territory: 'martinique', website: '' },
  });
  expect(response.status).toBe(200);
  return response.body.id as string;
}

const params = (id: string) => ({ params: { id }, token: env.token });

/** Sends the request's current draft as a new devis version; returns the link's token. */
async function sendDevis(id: string): Promise<string> {
  const view = await call(devisAdmin, `/api/contact/${id}/devis`, params(id));
  const sent = await call(devisSend, `/api/contact/${id}/devis/envoi`, { ...params(id), body: { draft: view.body.data.draft as DevisDraft } });
  expect(sent.status).toBe(200);
  return (sent.body.link as string).split('/devis/')[1]!;
}

/** Every blob of every store the API writes, as text, with where it is. */
async function everyBlob(): Promise<Array<{ where: string; text: string }>> {
  const found: Array<{ where: string; text: string }> = [];
  for (const name of Object.values(storeNames)) {
    const store = strongStore(name);
    for await (const page of store.list({ paginate: true })) {
      for (const { key } of page.blobs) {
        const raw = await store.get(key, { type: 'arrayBuffer' });
        if (raw) found.push({ where: `${name}/${key}`, text: Buffer.from(raw).toString('utf8') });
      }
    }
  }
  return found;
}

/** The blobs that still mention the customer (name, e-mail or phone, compared without case, accents or spaces). */
async function tracesOf(person: ReturnType<typeof customer>): Promise<string[]> {
  const squeeze = (text: string) => normalizeForSearch(text).replace(/[\s.]/g, '');
  const needles = [person.name, person.email, person.phone].map(squeeze);
  return (await everyBlob()).filter(({ text }) => needles.some((needle) => squeeze(text).includes(needle))).map(({ where }) => where);
}

const yearsAfter = (date: Date, years: number, days: number) => {
  const later = new Date(date);
  later.setUTCFullYear(later.getUTCFullYear() + years);
  return new Date(later.getTime() + days * 24 * 3_600_000);
};

describe('erasing a request', () => {
  it('retention past three years leaves nothing of a customer with a sent and an answered devis in any store', async () => {
    const person = customer();
    const id = await quoteRequest(person);
    // A first version sent (then replaced), a second one accepted: no version can follow an acceptance.
    await sendDevis(id);
    const second = await sendDevis(id);
    const accepted = await call(devisPublic, `/api/devis/${second}/reponse`, { params: { token: second }, body: { decision: 'accepte', name: person.name, role: 'Gérante', bonPourAccord: true } });
    expect(accepted.status).toBe(200);
    // The customer is everywhere before: request, index, search text, e-mails, devis, devis index.
    const before = await tracesOf(person);
    expect(before.some((where) => where.startsWith(`${storeNames.devis}/`))).toBe(true);
    expect(before.some((where) => where.startsWith(`${storeNames.outbox}/`))).toBe(true);
    expect(Object.keys(await readDevisIndex())).toContain(id);

    const report = await purgeExpired(yearsAfter(new Date(), 3, 1));
    expect(report.requests.requests).toBeGreaterThanOrEqual(1);
    expect(await tracesOf(person)).toEqual([]);
    expect(Object.keys(await readDevisIndex())).not.toContain(id);
  });

  it('the admin’s delete erases the same: devis and e-mails included', async () => {
    const person = customer();
    const id = await quoteRequest(person);
    await sendDevis(id);
    expect((await tracesOf(person)).length).toBeGreaterThan(0);
    const deleted = await call(contactRequest, `/api/contact/${id}`, { ...params(id), method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(await tracesOf(person)).toEqual([]);
    expect(Object.keys(await readDevisIndex())).not.toContain(id);
  });

  it('saving a devis moves its request’s last change, so retention counts from it', async () => {
    const person = customer();
    const id = await quoteRequest(person);
    const view = await call(devisAdmin, `/api/contact/${id}/devis`, params(id));
    const savedAt = yearsAfter(new Date(), 1, 0);
    await saveDraft(id, view.body.data.draft as DevisDraft, savedAt);
    expect((await getRequest(id))?.updated_at).toBe(savedAt.toISOString());

    await purgeExpired(yearsAfter(savedAt, 3, -1));
    expect(await getRequest(id)).toBeDefined();
    await purgeExpired(yearsAfter(savedAt, 3, 1));
    expect(await getRequest(id)).toBeUndefined();
  });
});
