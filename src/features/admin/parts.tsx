/**
 * Small pieces the inbox's views share: the status badge and select and the row of filter buttons. Each is
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

/** A row of filter buttons, the chosen one pressed; `prefix` is a visible word the group's name already says. */
export function FilterButtons<T extends string>({
  name,
  prefix,
  options,
  value,
  onChoose,
}: {
  name: string;
  prefix?: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChoose: (value: T) => void;
}) {
  return (
    <div className="admin-filters" role="group" aria-label={name}>
      {prefix && (
        <span className="admin-filters-label" aria-hidden="true">
          {prefix}
        </span>
      )}
      {options.map((item) => (
        <button key={item.value || 'tous'} type="button" className="admin-filter" aria-pressed={value === item.value} onClick={() => onChoose(item.value)}>
          {item.label}
        </button>
      ))}
    </div>
  );
}
