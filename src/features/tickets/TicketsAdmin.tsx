/**
 * /admin/tickets: the tickets of the person's territories, the least time left first (late ones on top,
 * their delay in red), with filter buttons carrying their counts (state, impact, « Mes tickets »,
 * « En retard », territory), counters per territory and the weekly chart of « prise en charge » on time.
 * The filter lives in the page's address, so a reload or a shared link shows the same list.
 */
import { useCallback, useEffect, useState } from 'react';
import { latestAnswer } from '../../lib/latest-answer';
import { territoryOf } from '../../lib/territories';
import { TERRITORY_FILTERS } from '../territory/inbox-filter';
import FilterButtons from '../../lib/FilterButtons';
import StaffGate, { type GateSignal } from '../team/StaffGate';
import { TICKET_IMPACTS, TICKET_STATES } from './states';
import { ticketPages } from './ticket-paths';
import { readTicketFilter, DEFAULT_TICKET_FILTER, ticketQuery, type TicketFilter, type TicketListAnswer, type WeekShare } from './staff';
import { loadStatistics, loadTickets, useGateFailure } from './staff-client';
import { ImpactBadge, StateBadge, TimeLeft } from './StaffTicketBadges';
import WeeklyChart from './WeeklyChart';
import { KeptTicketList, useFieldSync } from './offline/FieldApp';
import './TicketsAdmin.css';
import ErrorAlert from '../../lib/ErrorAlert';
import ShowMore from '../../lib/ShowMore';
import Counter from '../../lib/Counter';

/** `offline`: no network; the tickets kept on the phone are shown (the technicians' app, src/features/tickets/offline/). */
type List = { phase: 'loading' } | { phase: 'offline' } | { phase: 'failed'; message: string } | { phase: 'ready'; page: TicketListAnswer };

const filterFromAddress = (): TicketFilter => {
  const read = readTicketFilter(new URLSearchParams(window.location.search));
  return read.ok ? read.filter : DEFAULT_TICKET_FILTER;
};

const OPEN_STATES = TICKET_STATES.filter((state) => state.open);
/** From this width the filters show unfolded (the breakpoint of the list's card layout, TicketsAdmin.css). */
const WIDE_SCREEN = '(min-width: 48rem)';

function TicketList({ token, signal }: { token: string; signal: (what: GateSignal) => void }) {
  const [filter, setFilter] = useState<TicketFilter>(filterFromAddress);
  const [list, setList] = useState<List>({ phase: 'loading' });
  const [weeks, setWeeks] = useState<WeekShare[] | undefined>();
  const [chartError, setChartError] = useState('');
  const [loadingMore, setLoadingMore] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(() => window.matchMedia(WIDE_SCREEN).matches);

  const failed = useGateFailure(signal);
  // Loaded again when the network returns or the phone's queue was sent (the kept list goes, the fresh one comes).
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((count) => count + 1), []);

  // A slow answer to an older filter never replaces a newer one's list (« Afficher plus » included).
  const [latest] = useState(latestAnswer);
  useEffect(() => {
    const stillLatest = latest.start();
    // A reload keeps what is shown until the fresh list comes.
    if (reloads === 0) setList({ phase: 'loading' });
    window.history.replaceState(null, '', `${ticketPages.list}${ticketQuery(filter)}`);
    void loadTickets(token, filter).then((result) => {
      if (!stillLatest()) return;
      setList(result.ok ? { phase: 'ready', page: result.value } : result.status === 0 ? { phase: 'offline' } : { phase: 'failed', message: failed(result) });
    });
  }, [token, filter, failed, latest, reloads]);

  useFieldSync(token, signal, reload);

  useEffect(() => {
    void loadStatistics(token).then((result) => (result.ok ? setWeeks(result.value) : setChartError(failed(result))));
  }, [token, failed]);

  async function showMore() {
    if (list.phase !== 'ready' || !list.page.nextCursor) return;
    const stillLatest = latest.current();
    setLoadingMore(true);
    const result = await loadTickets(token, filter, list.page.nextCursor);
    setLoadingMore(false);
    if (!stillLatest()) return;
    if (!result.ok) return setList({ phase: 'failed', message: failed(result) });
    setList({ phase: 'ready', page: { ...result.value, data: [...list.page.data, ...result.value.data] } });
  }

  const choose = (change: Partial<TicketFilter>) => setFilter((current) => ({ ...current, ...change }));
  const page = list.phase === 'ready' ? list.page : undefined;
  const count = (value: number | undefined) => (page ? `\u00a0(${value ?? 0})` : '');

  return (
    <div className="tickets-admin">
      {page && (
        <ul className="admin-counters tickets-territories" aria-label="Tickets ouverts par territoire">
          {page.territories.map((row) => (
            <Counter
              key={row.territory}
              value={row.open}
              label={`${territoryOf(row.territory).label}\u00a0: ${row.open > 1 ? 'ouverts' : 'ouvert'}, ${row.late} en retard`}
              tone={row.late > 0 ? 'red' : undefined}
            />
          ))}
        </ul>
      )}

      {/* On a phone the filters start folded, so the first ticket is in the first screen. */}
      <details className="tickets-filters" open={filtersOpen} onToggle={(event) => setFiltersOpen(event.currentTarget.open)}>
        <summary>Filtres</summary>
        <div className="admin-controls">
          <FilterButtons
            name="Filtrer par état"
            options={[{ value: '' as const, label: `Ouverts${count(page?.counts.open)}` }, ...OPEN_STATES.map((state) => ({ value: state.id, label: `${state.plural}${count(page?.counts.states[state.id])}` })), ...TICKET_STATES.filter((state) => !state.open).map((state) => ({ value: state.id, label: state.plural }))]}
            value={filter.state}
            onChoose={(state) => choose({ state })}
          />
          <FilterButtons
            name="Filtrer par impact"
            prefix="Impact&nbsp;:"
            options={[{ value: '' as const, label: 'Tous' }, ...TICKET_IMPACTS.map((impact) => ({ value: impact.id, label: `${impact.label}${count(page?.counts.impacts[impact.id])}` }))]}
            value={filter.impact}
            onChoose={(impact) => choose({ impact })}
          />
          <FilterButtons
            name="Filtrer par délai et personne"
            options={[
              { value: '', label: 'Tous les tickets' },
              { value: 'retard', label: `En retard${count(page?.counts.late)}` },
              { value: 'miens', label: `Mes tickets${count(page?.counts.mine)}` },
            ]}
            value={filter.late ? 'retard' : filter.mine ? 'miens' : ''}
            onChoose={(value) => choose({ late: value === 'retard', mine: value === 'miens' })}
          />
          <FilterButtons name="Filtrer par territoire" prefix="Territoire&nbsp;:" options={TERRITORY_FILTERS} value={filter.territory} onChoose={(territory) => choose({ territory })} />
        </div>
      </details>

      {list.phase === 'loading' && (
        <p className="admin-status-line" role="status">
          Chargement des tickets…
        </p>
      )}
      {list.phase === 'offline' && <KeptTicketList token={token} />}
      <ErrorAlert text={list.phase === 'failed' ? `Impossible de charger les tickets\u00a0: ${list.message}` : ''} />
      {page && page.data.length === 0 && <p className="admin-empty">Aucun ticket pour ce filtre.</p>}
      {page && page.data.length > 0 && (
        <div className="tickets-table-wrap">
          <table className="tickets-table">
            <caption className="visually-hidden">Tickets, le moins de temps restant d’abord</caption>
            <thead>
              <tr>
                <th scope="col">Référence</th>
                <th scope="col">Société</th>
                <th scope="col">Équipement</th>
                <th scope="col">Impact</th>
                <th scope="col">État</th>
                <th scope="col">Temps restant</th>
                <th scope="col">Assigné à</th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((ticket) => (
                <tr key={ticket.id} className={ticket.late ? 'tickets-row--late' : undefined}>
                  <th scope="row">
                    <a href={ticketPages.view(ticket.id)}>{ticket.reference}</a>
                  </th>
                  <td data-label="Société">{ticket.companyName}</td>
                  <td data-label="Équipement">{ticket.model}</td>
                  <td data-label="Impact">
                    <ImpactBadge impact={ticket.impact} />
                  </td>
                  <td data-label="État">
                    <StateBadge state={ticket.state} />
                  </td>
                  <td data-label="Temps restant">
                    <TimeLeft minutesLeft={ticket.minutesLeft} />
                  </td>
                  <td data-label="Assigné à">{ticket.assignedTo?.name ?? 'Personne'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {page.nextCursor && <ShowMore loading={loadingMore} onClick={() => void showMore()} />}
        </div>
      )}

      <section className="tickets-chart-section" aria-label="Statistiques de prise en charge">
        {weeks && <WeeklyChart weeks={weeks} />}
        {chartError && list.phase !== 'offline' && (
          <p className="admin-alert" role="alert">
            Le graphique n’a pas pu être chargé&nbsp;: {chartError}
          </p>
        )}
      </section>
    </div>
  );
}

export default function TicketsAdmin() {
  return <StaffGate>{(token, signal) => <TicketList token={token} signal={signal} />}</StaffGate>;
}
