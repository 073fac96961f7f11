/**
 * Small pieces the staff's ticket screens share: the badges of a state and an impact (labels and tones from
 * the one table of states.ts), the time left, red when late, a refusal line and a labelled select.
 */
import { ticketImpactOf, ticketStateOf, type TicketImpact, type TicketState } from './states';
import { timeLeftLabel } from './staff';

/** A badge of the back office: its label and tone, and the word it stands for, for a screen reader (« État : »). */
export function ToneBadge({ what, label, tone }: { what: string; label: string; tone: string }) {
  return (
    <span className={`admin-badge admin-badge--${tone}`}>
      <span className="visually-hidden">{what}&nbsp;: </span>
      {label}
    </span>
  );
}

export const StateBadge = ({ state }: { state: TicketState }) => <ToneBadge what="État" {...ticketStateOf(state)} />;

export const ImpactBadge = ({ impact }: { impact: TicketImpact }) => <ToneBadge what="Impact" {...ticketImpactOf(impact)} />;

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
