/**
 * Small pieces the staff's ticket screens share: the badges of a state and an impact (labels and tones from
 * the one table of states.ts), the time left, red when late, a refusal line and a labelled select.
 */
import { ticketImpactOf, ticketStateOf, type TicketImpact, type TicketState } from './states';
import { timeLeftLabel } from './staff';

export function StateBadge({ state }: { state: TicketState }) {
  const definition = ticketStateOf(state);
  return (
    <span className={`admin-badge admin-badge--${definition.tone}`}>
      <span className="visually-hidden">État&nbsp;: </span>
      {definition.label}
    </span>
  );
}

export function ImpactBadge({ impact }: { impact: TicketImpact }) {
  const definition = ticketImpactOf(impact);
  return (
    <span className={`admin-badge admin-badge--${definition.tone}`}>
      <span className="visually-hidden">Impact&nbsp;: </span>
      {definition.label}
    </span>
  );
}

/** « 1 h 20 » or, in red, « En retard de 35 min ». */
export function TimeLeft({ minutesLeft }: { minutesLeft: number | null }) {
  const { text, late } = timeLeftLabel(minutesLeft);
  return <span className={late ? 'tickets-late' : 'tickets-time'}>{text}</span>;
}

/** A labelled select of the staff's ticket screens (state, impact, assignee, company). */
export function SelectField({
  id,
  label,
  value,
  options,
  onChange,
  disabled = false,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} disabled={disabled}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
