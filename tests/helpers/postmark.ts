/**
 * A local HTTP server standing in for Postmark's API: records every e-mail the real Postmark client
 * sends to it, and can be told to fail. Point the app at it with POSTMARK_API_URL.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentMail {
  token: string | undefined;
  body: { From: string; To: string; ReplyTo?: string; Subject: string; TextBody: string; MessageStream?: string };
}

export interface TestPostmark {
  url: string;
  sent: SentMail[];
  /** When true, the server answers 500 like an outage. */
  failing: boolean;
  stop: () => Promise<void>;
}

/** Starts the fake Postmark API on a random port. */
export async function startTestPostmark(): Promise<TestPostmark> {
  const state: TestPostmark = { url: '', sent: [], failing: false, stop: async () => undefined };
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      response.setHeader('Content-Type', 'application/json');
      if (state.failing || request.url !== '/email') {
        response.statusCode = 500;
        response.end(JSON.stringify({ ErrorCode: 500, Message: 'Service indisponible (test)' }));
        return;
      }
      const body = JSON.parse(raw) as SentMail['body'];
      state.sent.push({ token: request.headers['x-postmark-server-token'] as string | undefined, body });
      response.end(JSON.stringify({ To: body.To, SubmittedAt: new Date().toISOString(), MessageID: crypto.randomUUID(), ErrorCode: 0, Message: 'OK' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.stop = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
