import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { expect, test } from '@playwright/test';
import { ownerToken } from '../helpers/e2e-staff';

/**
 * Large bodies on the real local server (scripts/lib/site-server.mjs): a caller without a session is
 * answered before its body is read (the 401 arrives while the client has sent a sliver of its 49 MB), a
 * public call is held to the small bodies it takes, and a body sent without a length over the largest any
 * function takes is answered 413 in French, not 500.
 */

const MB = 1024 * 1024;

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Bytes of the body written when the answer's headers came. */
  sentWhenAnswered: number;
}

/**
 * A POST sending `total` bytes in 256 KB pieces (Content-Length `declared`, or chunked without it), that stops
 * sending as soon as the answer begins; resolves with the answer.
 */
function rawPost(baseURL: string, path: string, { headers = {}, declared, total }: { headers?: Record<string, string>; declared?: number; total: number }): Promise<RawAnswer> {
  const url = new URL(path, baseURL);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = httpRequest({ method: 'POST', host: url.hostname, port: url.port, path: url.pathname, headers: { ...headers, ...(declared === undefined ? {} : { 'content-length': String(declared) }) } }, (response) => {
      answered = true;
      const sentWhenAnswered = sent;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8'), sentWhenAnswered });
        request.destroy();
      });
    });
    // The server may close the connection while the client still writes: the answer, already read, is what counts.
    request.on('error', (error) => (answered ? undefined : reject(error)));
    const piece = Buffer.alloc(256 * 1024, 0x61);
    const pump = () => {
      while (!answered && sent < total) {
        sent += piece.length;
        if (!request.write(piece)) return void request.once('drain', pump);
      }
    };
    pump();
  });
}

test.describe('large bodies on the real server', () => {
  test('without a session, a 49 MB upload is answered 401 in French before its body is read', async ({ baseURL }) => {
    const cases = [
      ['/api/espace-client/tickets', 'Votre session de l’espace client a pris fin. Reconnectez-vous avec un lien de connexion.', { origin: baseURL! }],
      ['/api/tickets/00000000-0000-0000-0000-000000000000/messages', 'Session expirée ou invalide. Veuillez vous reconnecter.', {}],
    ] as const;
    for (const [path, sentence, headers] of cases) {
      // 49 MB declared, only 1 MB sent unless the server reads on.
      const answer = await rawPost(baseURL!, path, { headers: { 'content-type': 'multipart/form-data; boundary=x', ...headers }, declared: 49 * MB, total: MB });
      expect(answer.status, path).toBe(401);
      expect(JSON.parse(answer.body).error, path).toBe(sentence);
      expect(answer.sentWhenAnswered, path).toBeLessThanOrEqual(MB);
    }
  });

  test('a public form is held to the small bodies it takes: 413 in French from its length, nothing read', async ({ baseURL }) => {
    const answer = await rawPost(baseURL!, '/api/contact-only-email', { headers: { 'content-type': 'application/json' }, declared: 2 * MB, total: 512 * 1024 });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ success: false, error: 'La requête est trop volumineuse.' });
  });

  test('a signed-in body sent without a length over the largest a function takes is answered 413 in French, and the server goes on', async ({ baseURL, request }) => {
    const token = await ownerToken(request);
    const answer = await rawPost(baseURL!, '/api/tickets/00000000-0000-0000-0000-000000000000/messages', {
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x' },
      total: 60 * MB,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ success: false, error: 'La requête est trop volumineuse.' });
    expect((await request.get('/api/health')).status()).toBe(200);
  });
});
