/**
 * A local HTTP server standing in for Postmark's API: records every e-mail the real Postmark client
 * sends to it, and can be told to fail (always, or the next N calls, optionally for one recipient).
 * Point the app at it with POSTMARK_API_URL.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentMail {
  token: string | undefined;
  body: { From: string; To: string; ReplyTo?: string; Subject: string; TextBody: string; HtmlBody?: string; MessageStream?: string };
}

export interface TestPostmark {
  url: string;
  /** E-mails accepted. */
  sent: SentMail[];
  /** Calls refused (failures answered), in order. */
  refused: SentMail['body'][];
  /** When true, the server answers 500 like an outage. */
  failing: boolean;
  /** Answers 500 to the next `count` calls (only those to `to`, when given). */
  failNext: (count: number, to?: string) => void;
  /** The accepted e-mails to one recipient. */
  sentTo: (to: string) => SentMail[];
  stop: () => Promise<void>;
}

/** Starts the fake Postmark API on a random port. */
export async function startTestPostmark(): Promise<TestPostmark> {
  const planned: { to?: string; left: number }[] = [];
  const state: TestPostmark = {
    url: '',
    sent: [],
    refused: [],
    failing: false,
    failNext: (count, to) => void planned.push({ to, left: count }),
    sentTo: (to) => state.sent.filter((mail) => mail.body.To === to),
    stop: async () => undefined,
  };
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      response.setHeader('Content-Type', 'application/json');
      const body = request.url === '/email' ? (JSON.parse(raw) as SentMail['body']) : undefined;
      const plan = body && planned.find((entry) => entry.left > 0 && (!entry.to || entry.to === body.To));
      if (plan) plan.left -= 1;
      if (state.failing || !body || plan) {
        if (body) state.refused.push(body);
        response.statusCode = 500;
        response.end(JSON.stringify({ ErrorCode: 500, Message: 'Service indisponible (test)' }));
        return;
      }
      state.sent.push({ token: request.headers['x-postmark-server-token'] as string | undefined, body });
      response.end(JSON.stringify({ To: body.To, SubmittedAt: new Date().toISOString(), MessageID: crypto.randomUUID(), ErrorCode: 0, Message: 'OK' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.stop = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
