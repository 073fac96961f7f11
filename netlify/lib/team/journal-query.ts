/**
 * The journal's filters read from a URL's query (person, action, from, to, cursor), checked with the
 * schema the screen shares; a bad one is answered 400 with its French sentence.
 */
import { journalFilterSchema, type JournalFilter } from '../../../src/features/team/journal-entries.ts';
import { firstIssue } from '../../../src/features/team/account-schema.ts';
import { json } from '../http/http.ts';

/** The filters of a request's URL, or the 400 answer saying what is wrong. */
export function journalFilterOf(request: Request): { ok: true; filter: JournalFilter } | { ok: false; response: Response } {
  const query = new URL(request.url).searchParams;
  const raw = Object.fromEntries(['person', 'action', 'from', 'to', 'cursor'].flatMap((name) => (query.get(name) ? [[name, query.get(name)]] : [])));
  const parsed = journalFilterSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, response: json({ success: false, error: firstIssue(parsed.error) }, 400) };
  return { ok: true, filter: parsed.data };
}
