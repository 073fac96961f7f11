/**
 * /admin/atelier: the workshop's board — the devices expected or in the workshop of the person's
 * territories, by state with their counts, the longest in the workshop first, the days each has spent
 * there and, in red, those that stayed in their state longer than its target; a search by reference,
 * serial or company (whatever the state); « Nouvelle réparation au comptoir ».
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import FilterButtons from '../../lib/FilterButtons';
import ErrorAlert from '../../lib/ErrorAlert';
import Counter from '../../lib/Counter';
import StaffGate, { type GateSignal } from '../team/StaffGate';
import { useGateFailure } from '../tickets/staff-client';
import type { RepairBoardAnswer } from './model';
import { loadBoard } from './repair-client';
import { repairPages } from '../../lib/repair-paths';
import { RepairStateBadge } from './RepairBadges';
import { REPAIR_STATES, repairStateOf, RESTITUTED_SHOWN_DAYS, type RepairState } from './states';
import '../tickets/TicketsAdmin.css';
import './repairs-admin.css';

type Board = { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'ready'; answer: RepairBoardAnswer };

const OPEN_STATES = REPAIR_STATES.filter((state) => state.open);

function Workshop({ token, signal }: { token: string; signal: (what: GateSignal) => void }) {
  const [state, setState] = useState<RepairState | ''>('');
  const [q, setQ] = useState('');
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(1);
  const [board, setBoard] = useState<Board>({ phase: 'loading' });
  const failed = useGateFailure(signal);

  useEffect(() => {
    let current = true;
    setBoard({ phase: 'loading' });
    void loadBoard(token, { state, q, page }).then((result) => {
      if (current) setBoard(result.ok ? { phase: 'ready', answer: result.value } : { phase: 'failed', message: failed(result) });
    });
    return () => {
      current = false;
    };
  }, [token, state, q, page, failed]);

  const answer = board.phase === 'ready' ? board.answer : undefined;
  const count = (value: number | undefined) => (answer ? `\u00a0(${value ?? 0})` : '');
  const total = answer ? OPEN_STATES.reduce((sum, one) => sum + answer.counts[one.id], 0) : 0;
  const search = (event: SubmitEvent) => {
    event.preventDefault();
    setPage(1);
    setQ(typed);
  };

  return (
    <div className="repairs-board">
      <p className="repairs-actions">
        <a className="btn btn-primary" href={repairPages.counter}>
          Nouvelle réparation au comptoir
        </a>
      </p>
      {answer && (
        <ul className="admin-counters" aria-label="Appareils à l’atelier">
          <Counter value={total} label={total > 1 ? 'appareils attendus ou à l’atelier' : 'appareil attendu ou à l’atelier'} />
          <Counter value={answer.late} label={`en retard sur l’objectif de leur état`} tone={answer.late > 0 ? 'red' : undefined} />
        </ul>
      )}
      <form className="repairs-search" role="search" onSubmit={search}>
        <label htmlFor="repairs-q">Rechercher une réparation</label>
        <input id="repairs-q" type="search" value={typed} onChange={(event) => setTyped(event.target.value)} placeholder="RP-2026-00042, n°&nbsp;de série ou société" />
        <button type="submit" className="btn btn-secondary">
          Rechercher
        </button>
        {q && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setTyped('');
              setQ('');
              setPage(1);
            }}
          >
            Effacer
          </button>
        )}
      </form>
      <div className="admin-controls">
        <FilterButtons
          name="Filtrer par état"
          options={[{ value: '' as const, label: `À l’atelier${count(total)}` }, ...OPEN_STATES.map((one) => ({ value: one.id, label: `${one.plural}${count(answer?.counts[one.id])}` })), { value: 'restitue' as const, label: `${repairStateOf('restitue').plural} (${RESTITUTED_SHOWN_DAYS} derniers jours)${count(answer?.counts.restitue)}` }]}
          value={state}
          onChoose={(value) => {
            setState(value);
            setPage(1);
          }}
        />
      </div>
      {board.phase === 'loading' && (
        <p className="admin-status-line" role="status">
          Chargement de l’atelier…
        </p>
      )}
      <ErrorAlert text={board.phase === 'failed' ? `Impossible de charger l’atelier\u00a0: ${board.message}` : ''} />
      {answer && answer.rows.length === 0 && <p className="admin-empty">{q ? 'Aucune réparation ne correspond à cette recherche.' : 'Aucune réparation dans cet état.'}</p>}
      {answer && answer.rows.length > 0 && (
        <div className="tickets-table-wrap">
          <table className="tickets-table repairs-table">
            <caption className="visually-hidden">Réparations, les plus anciennes à l’atelier d’abord</caption>
            <thead>
              <tr>
                <th scope="col">Référence</th>
                <th scope="col">Société</th>
                <th scope="col">Appareil</th>
                <th scope="col">N°&nbsp;de série</th>
                <th scope="col">État</th>
                <th scope="col">Jours</th>
                <th scope="col">Technicien</th>
              </tr>
            </thead>
            <tbody>
              {answer.rows.map((row) => (
                <tr key={row.id} className={row.late ? 'tickets-row--late' : undefined}>
                  <th scope="row">
                    <a href={repairPages.view(row.id)}>{row.reference}</a>
                  </th>
                  <td>{row.companyName}</td>
                  <td>
                    {row.model}
                    {row.onLoan && <span className="repairs-loan">&nbsp;· prêt en cours</span>}
                  </td>
                  <td>{row.serial || '—'}</td>
                  <td>
                    <RepairStateBadge state={row.state} />
                  </td>
                  <td>
                    {row.days}
                    {row.late && <span className="tickets-late">&nbsp;· en retard</span>}
                  </td>
                  <td>{row.technician?.name ?? 'Personne'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {answer.pages > 1 && (
            <nav className="repairs-pages" aria-label="Pages de l’atelier">
              <button type="button" className="btn btn-secondary" disabled={answer.page <= 1} onClick={() => setPage(answer.page - 1)}>
                Page précédente
              </button>
              <span>
                Page {answer.page} sur {answer.pages}
              </span>
              <button type="button" className="btn btn-secondary" disabled={answer.page >= answer.pages} onClick={() => setPage(answer.page + 1)}>
                Page suivante
              </button>
            </nav>
          )}
        </div>
      )}
    </div>
  );
}

export default function RepairsBoard() {
  return <StaffGate>{(token, signal) => <Workshop token={token} signal={signal} />}</StaffGate>;
}
