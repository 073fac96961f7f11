/**
 * Small pieces the inbox's views share: the status badge and select (the row of filter buttons is
 * src/lib/FilterButtons.tsx, shared with the tickets). Each is
 * written once here, so a card and a request's view cannot drift apart.
 */
import { STATUSES, type RequestStatus } from '../../lib/statuses';
import { statusLabel, statusTone } from './status';

/** The badge of a request's status, its word read out as « Statut : … ». */
export function StatusBadge({ status }: { status: RequestStatus }) {
  return (
    <span className={`admin-badge admin-badge--${statusTone(status)}`}>
      <span className="visually-hidden">Statut&nbsp;: </span>
      {statusLabel(status)}
    </span>
  );
}

/** The « Statut » select of a request: every status of the one table, in its order. */
export function StatusSelect({ id, value, onChange }: { id: string; value: RequestStatus; onChange: (status: RequestStatus) => void }) {
  return (
    <>
      <label htmlFor={id}>Statut</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as RequestStatus)}>
        {STATUSES.map((status) => (
          <option key={status.value} value={status.value}>
            {status.label}
          </option>
        ))}
      </select>
    </>
  );
}
