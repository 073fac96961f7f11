/**
 * /admin/journal (administrators): who did what, newest first — sign-ins, failures (with the address),
 * account changes, deletions, exports. Filters by person, action and dates (Antilles days), pages with
 * « Afficher plus », and « Exporter en CSV » of everything the filters keep (the export is journalled).
 */
import { useCallback, useEffect, useState, type SubmitEvent } from 'react';
import { downloadFile } from '../../lib/download';
import { latestAnswer } from '../../lib/latest-answer';
import { JOURNAL_ACTIONS, journalActionLabel, journalAddressText, journalMoment, type JournalEntry, type JournalFilter } from './journal-entries';
import ChoiceSelect from './ChoiceSelect';
import StaffGate, { type GateSignal } from './StaffGate';
import { exportJournal, loadJournal, loadTeam, type Account } from './team-client';
import { localDay } from '../../records/moment';

function Journal({ token, signal }: { token: string; signal: (what: GateSignal) => void }) {
  const [filter, setFilter] = useState<JournalFilter>({});
  const [draft, setDraft] = useState<JournalFilter>({});
  const [entries, setEntries] = useState<JournalEntry[] | undefined>();
  const [next, setNext] = useState<string | undefined>();
  const [people, setPeople] = useState<Account[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  // A slow answer to an older filter never replaces a newer one's entries (« Afficher plus » included).
  const [latest] = useState(latestAnswer);
  const load = useCallback(
    async (query: JournalFilter, cursor?: string) => {
      const stillLatest = cursor ? latest.current() : latest.start();
      setBusy(true);
      const result = await loadJournal(token, { ...query, ...(cursor ? { cursor } : {}) });
      if (!stillLatest()) return;
      setBusy(false);
      if (!result.ok) {
        if (result.unauthorized) return signal('unauthorized');
        if (result.status === 403) return signal('forbidden');
        return setError(result.message);
      }
      setError('');
      setEntries((before) => (cursor ? [...(before ?? []), ...result.value.entries] : result.value.entries));
      setNext(result.value.nextCursor);
    },
    [token, signal, latest],
  );

  useEffect(() => {
    void load(filter);
  }, [load, filter]);

  useEffect(() => {
    void loadTeam(token).then((result) => result.ok && setPeople(result.value));
  }, [token]);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFilter({ ...draft });
  }

  async function exportCsv() {
    const result = await exportJournal(token, filter);
    if (!result.ok) return result.unauthorized ? signal('unauthorized') : setError(result.message);
    downloadFile(result.value, `journal-${localDay(new Date())}.csv`);
  }

  const set = (name: keyof JournalFilter) => (value: string) => setDraft({ ...draft, [name]: value || undefined });

  return (
    <div className="team">
      <form className="team-panel team-filters" onSubmit={submit} aria-label="Filtres du journal">
        <ChoiceSelect id="journal-person" label="Personne" all="Toutes" value={draft.person ?? ''} choices={people.map(({ id, name }) => ({ id, label: name }))} onChange={set('person')} />
        <ChoiceSelect id="journal-action" label="Action" all="Toutes" value={draft.action ?? ''} choices={JOURNAL_ACTIONS} onChange={set('action')} />
        <div className="admin-field">
          <label htmlFor="journal-from">Du</label>
          <input id="journal-from" type="date" value={draft.from ?? ''} onChange={(event) => set('from')(event.target.value)} />
        </div>
        <div className="admin-field">
          <label htmlFor="journal-to">Au</label>
          <input id="journal-to" type="date" value={draft.to ?? ''} onChange={(event) => set('to')(event.target.value)} />
        </div>
        <div className="admin-view-buttons">
          <button type="submit" className="btn btn-primary">
            Filtrer
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => void exportCsv()} disabled={!entries || entries.length === 0}>
            Exporter en CSV
          </button>
        </div>
      </form>
      {error && (
        <p className="admin-alert" role="alert">
          {error}
        </p>
      )}
      {!entries && !error && <p className="admin-status-line">Chargement…</p>}
      {entries && entries.length === 0 && <p className="admin-empty">Aucun événement pour ces filtres.</p>}
      {entries && entries.length > 0 && (
        <div className="team-table-frame" role="region" aria-label="Événements du journal" tabIndex={0}>
          <table className="team-table">
            <caption className="team-caption">{'Du plus récent au plus ancien, en heure des Antilles (sauf mention «\u00a0heure de Cayenne\u00a0» pour la Guyane).'}</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Action</th>
                <th scope="col" className="team-table-person">Personne</th>
                <th scope="col">Détail</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <time dateTime={entry.at}>{journalMoment(entry)}</time>
                  </td>
                  <td>{journalActionLabel(entry.action)}</td>
                  <td className="team-table-person">{entry.actor?.name ?? '—'}</td>
                  <td>
                    {entry.subject ? `${entry.subject.label}\u00a0: ` : ''}
                    {entry.detail}
                    {entry.address ? `\u00a0· ${journalAddressText(entry.address)}` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next && (
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void load(filter, next)}>
          {busy ? 'Chargement…' : 'Afficher plus'}
        </button>
      )}
    </div>
  );
}

export default function JournalAdmin() {
  return <StaffGate>{(token, signal) => <Journal token={token} signal={signal} />}</StaffGate>;
}
