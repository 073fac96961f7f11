/**
 * GET /api/journal/export?person=&action=&from=&to= (administrators: journal.read) — every entry the
 * filters keep, newest first, as a CSV for a French spreadsheet (csvDocument); the export itself is
 * recorded in the journal as an « export » event.
 */
import type { JournalEntry } from '../../../src/features/team/journal-entries.ts';
import { csvDocument } from '../../../src/lib/csv.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { apiHeaders } from '../../lib/http/http.ts';
import { listJournal, journalRows, recordEvent } from '../../lib/team/journal.ts';
import { journalFilterOf } from '../../lib/team/journal-query.ts';
import { actorOf } from '../../lib/team/team-http.ts';
import { localDay } from '../../../src/records/moment.ts';

/** Entries read per page while exporting. */
const EXPORT_PAGE = 500;

export default endpoint({
  name: 'journal-export',
  methods: {
    GET: {
      permission: 'journal.read',
      handle: async ({ request, staff }) => {
        const read = journalFilterOf(request);
        if (!read.ok) return read.response;
        const entries: JournalEntry[] = [];
        let cursor: string | undefined;
        do {
          const page = await listJournal({ ...read.filter, cursor }, { pageSize: EXPORT_PAGE });
          entries.push(...page.entries);
          cursor = page.nextCursor;
        } while (cursor);
        await recordEvent({ action: 'export', actor: actorOf(staff), subject: { kind: 'journal', id: 'journal', label: 'Journal' }, detail: `Export du journal (${entries.length} entrées)` });
        const day = localDay(new Date());
        return new Response(csvDocument(journalRows(entries), { quoteAll: true }), {
          headers: { ...apiHeaders, 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="journal-${day}.csv"` },
        });
      },
    },
  },
});
