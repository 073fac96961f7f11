/**
 * Small pieces the staff's ticket screens share: the badges of a state and an impact (labels and tones from
 * the one table of states.ts) and the time left, red when late.
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
