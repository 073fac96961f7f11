/**
 * GET /api/journal?person=&action=&from=&to=&cursor= (administrators: journal.read) — one page of the
 * journal, newest first: { success: true, entries, nextCursor }. `from` and `to` are Antilles days
 * (AAAA-MM-JJ, inclusive); `cursor` is the previous page's `nextCursor`. A bad filter: 400 in French.
 */
import type { JournalPage } from '../../../src/features/team/journal-entries.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { frenchTypography } from '../../../src/lib/typography.ts';
import { json } from '../../lib/http/http.ts';
import { listJournal } from '../../lib/team/journal.ts';
import { journalFilterOf } from '../../lib/team/journal-query.ts';

export default endpoint({
  name: 'journal',
  methods: {
    GET: {
      permission: 'journal.read',
      handle: async ({ request }) => {
        const read = journalFilterOf(request);
        if (!read.ok) return read.response;
        const page: JournalPage = await listJournal(read.filter);
        // What an event says is shown in French typography (a no-break space before « : »…), whatever its age.
        return json({ success: true, ...page, entries: page.entries.map((entry) => ({ ...entry, detail: frenchTypography(entry.detail) })) });
      },
    },
  },
});
