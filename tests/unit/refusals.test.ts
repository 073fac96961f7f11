/**
 * One refusal type: any library throws `new Refusal(code)`, endpoint() answers it from the error table,
 * and no refusal's French sentence is written anywhere else in the server's code.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpoint } from '../../netlify/lib/api/endpoint.ts';
import { API_ERRORS, apiErrorMessage, type ApiErrorEntry } from '../../netlify/lib/http/errors.ts';
import { Refusal } from '../../netlify/lib/http/refusal.ts';
import { call } from '../helpers/api';

const ROOT = join(import.meta.dirname, '../..');

/** Every TypeScript file of the server. */
function serverFiles(folder = join(ROOT, 'netlify')): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return serverFiles(path);
    return /\.m?ts$/.test(name) ? [path] : [];
  });
}

const refusing = (refusal: Refusal) =>
  endpoint({ name: 'refusing', methods: { POST: { permission: 'public', handle: async () => { throw refusal; } } } });

describe('a refusal', () => {
  it('thrown by any library, is answered by endpoint() with its table row: status, sentence, code', async () => {
    const response = await call(refusing(new Refusal('account_disabled')), '/api/refusing', { method: 'POST' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ success: false, error: 'Ce compte est désactivé.', code: 'etat' });
  });

  it('fills its sentence’s placeholders and names the form field it is about', async () => {
    const response = await call(refusing(new Refusal('person_email_in_company', { email: 'lea@client.fr', name: 'Léa Client' })), '/api/refusing', { method: 'POST' });
    const sentence = 'L’adresse lea@client.fr est déjà celle de Léa Client, dans cette société.';
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: sentence, code: 'email_taken', fields: { email: sentence } });
  });

  it('keeps its own code in the answer when its row names no family', async () => {
    const response = await call(refusing(new Refusal('company_not_found')), '/api/refusing', { method: 'POST' });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, error: API_ERRORS.company_not_found.message, code: 'company_not_found' });
  });
});

describe('the error table', () => {
  it('gives every row an error status and a sentence', () => {
    for (const [code, row] of Object.entries(API_ERRORS) as Array<[string, ApiErrorEntry]>) {
      expect(row.status, code).toBeGreaterThanOrEqual(400);
      expect(row.status, code).toBeLessThan(600);
      expect(row.message.length, code).toBeGreaterThan(0);
    }
  });

  it('fills only the placeholders it is given', () => {
    expect(apiErrorMessage('device_name_too_long', { max: 60 })).toBe('Le nom de l’appareil ne doit pas dépasser 60 caractères.');
    expect(apiErrorMessage('devis_accepted_cancel_first')).toContain('{number}');
  });

  it('holds every refusal’s sentence: no server file writes one in a refusal, an error answer or a thrown refusal class', () => {
    const offences: string[] = [];
    const patterns = [
      // jsonError(status, 'sentence') or a template literal: the sentence belongs in the table.
      /jsonError\(\s*[^,()]+,\s*['"`]/,
      // json({ success: false, error: 'sentence' }), or a library's { ok: false, error: 'sentence' }.
      /success:\s*false,\s*error:\s*['"`]/,
      /ok:\s*false,\s*(error|message):\s*['"`][^'"`]*\s/,
      // a refusal class of its own, or a refusal built with a sentence.
      /class \w+(Error|Refusal) extends Error\b[\s\S]{0,400}?readonly (code|status)\b/,
      /new Refusal\(\s*['"`][^'"`]*\s/,
    ];
    for (const file of serverFiles()) {
      if (file.endsWith('/http/errors.ts')) continue;
      const text = readFileSync(file, 'utf8');
      for (const pattern of patterns) if (pattern.test(text)) offences.push(`${relative(ROOT, file)}: ${pattern.source}`);
    }
    expect(offences).toEqual([]);
  });
});
