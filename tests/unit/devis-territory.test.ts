/**
 * A devis belongs to its request's territory: a member of staff who does not see the request (a sales person
 * of another territory) gets « Demande introuvable. » for its devis, its PDF, its send and its actions, as for
 * the request itself; an administrator sees every territory. Real BlobsServer, real accounts and tokens.
 */
import { describe, expect, it } from 'vitest';
import devisAdmin from '../../netlify/routes/devis/devis-admin.ts';
import devisAdminAction from '../../netlify/routes/devis/devis-admin-action.ts';
import devisAdminPdf from '../../netlify/routes/devis/devis-admin-pdf.ts';
import devisSend from '../../netlify/routes/devis/devis-send.ts';
import quote from '../../netlify/routes/request-forms/quote.ts';
import { issueToken, readAuthConfig } from '../../netlify/lib/auth/auth.ts';
import { changeTerritories, getAccount } from '../../netlify/lib/team/accounts.ts';
import type { DevisDraft } from '../../src/features/devis/devis.ts';
import { call } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { activeAccount, TEAM_OWNER } from '../helpers/team';

const env = useApiTestEnvironment();

/** A session token of a sales person of these territories. */
async function salesToken(territories: string[]): Promise<string> {
  const created = await activeAccount('commercial', `commercial.${crypto.randomUUID().slice(0, 8)}@exemple.fr`);
  await changeTerritories(created.id, territories, TEAM_OWNER);
  const account = (await getAccount(created.id))!;
  const config = readAuthConfig();
  if (!config.ok) throw new Error(config.reason);
  return issueToken(config.config, Date.now(), { id: account.id, sessionVersion: account.sessionVersion, role: account.role });
}

describe('the devis of another territory', () => {
  it('is « Demande introuvable. » for a sales person who does not see its request; the sales person of its territory and the owner work on it', async () => {
    const made = await call(quote, '/api/quote', {
      body: { name: 'Rose Clémentine', email: 'rose@exemple.fr', phone: '0596 61 00 00', company: 'Épicerie du Morne', clientCode: '', subject: '', message: '', items: [{ id: 'zebra-zt411', quantity: 1 }], territory: 'martinique', website: '' },
    });
    expect(made.status).toBe(200);
    const id = made.body.id as string;
    const params = { id };

    const guyane = await salesToken(['guyane']);
    for (const [handler, path, init] of [
      [devisAdmin, `/api/contact/${id}/devis`, {}],
      [devisAdmin, `/api/contact/${id}/devis`, { method: 'PUT', body: { draft: {} } }],
      [devisSend, `/api/contact/${id}/devis/envoi`, { body: { draft: {} } }],
      [devisAdminAction, `/api/contact/${id}/devis/1/revocation`, { body: {}, params: { id, version: '1', action: 'revocation' } }],
      [devisAdminPdf, `/api/contact/${id}/devis/1/pdf`, { params: { id, version: '1' } }],
    ] as const) {
      const response = await call(handler, path, { params, ...init, token: guyane });
      expect(response.status, path).toBe(404);
    }

    const martinique = await salesToken(['martinique']);
    const own = await call(devisAdmin, `/api/contact/${id}/devis`, { params, token: martinique });
    expect(own.status).toBe(200);
    const sent = await call(devisSend, `/api/contact/${id}/devis/envoi`, { params, token: martinique, body: { draft: own.body.data.draft as DevisDraft } });
    expect(sent.status).toBe(200);
    expect((await call(devisAdminPdf, `/api/contact/${id}/devis/1/pdf`, { params: { id, version: '1' }, token: guyane })).status).toBe(404);
    // The owner, an administrator, sees every territory: the PDF itself (not JSON, so called directly).
    const pdf = await devisAdminPdf(new Request(`http://localhost/api/contact/${id}/devis/1/pdf`, { headers: { authorization: `Bearer ${env.token}` } }), { params: { id, version: '1' } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
  });
});
