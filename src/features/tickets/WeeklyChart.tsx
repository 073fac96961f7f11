/**
 * The chart of the tickets list: one bar per week (12 weeks, the current one last), the share of tickets
 * taken in charge on time, drawn as SVG (no chart library to load). The same figures are in a table below,
 * for screen readers and for whoever wants the counts.
 */
import type { WeekShare } from './staff';
import { calendarDay } from '../../records/moment';

/** The plot's own units: the SVG stretches to the figure's width, so only bars and lines are drawn in it. */
const WIDTH = 600;
const HEIGHT = 100;
/** The marks of the vertical axis, in percent. */
const MARKS = [0, 50, 100] as const;

/** « 2 mars » from « 2026-03-02 ». */
const dayMonth = (week: string): string => calendarDay(week, 'short-month');

/** The colour of a bar: green from 90 %, amber from 70 %, red below. */
const toneOf = (percent: number): string => (percent >= 90 ? 'var(--color-success, #1b7f3b)' : percent >= 70 ? '#b25e00' : 'var(--color-danger, #b42318)');

/**
 * The axes' labels are HTML text beside the SVG, not SVG text: the drawing is scaled to the screen's width,
 * and its text with it (11 units were 6 px on a phone); in HTML they keep the page's size at every width.
 */
export default function WeeklyChart({ weeks }: { weeks: readonly WeekShare[] }) {
  const step = WIDTH / Math.max(weeks.length, 1);
  const y = (percent: number) => HEIGHT * (1 - percent / 100);
  const decided = weeks.filter((week) => week.percent !== null);
  const summary =
    decided.length === 0
      ? 'Aucun ticket dont la prise en charge est décidée sur les 12\u00a0dernières semaines.'
      : `Part des tickets pris en charge à temps, semaine par semaine\u00a0: dernière semaine connue ${decided.at(-1)!.percent}\u00a0%.`;
  return (
    <figure className="tickets-chart">
      <figcaption className="tickets-chart-title">Prise en charge à temps, par semaine (12&nbsp;semaines)</figcaption>
      <div className="tickets-chart-plot" role="img" aria-label={summary}>
        <div className="tickets-chart-marks">
          {MARKS.map((mark) => (
            <span key={mark} className="tickets-chart-label" style={{ top: `${100 - mark}%` }}>
              {mark}&#8239;%
            </span>
          ))}
        </div>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" className="tickets-chart-svg">
          {MARKS.map((mark) => (
            <line key={mark} x1={0} x2={WIDTH} y1={y(mark)} y2={y(mark)} stroke="#c9d2dc" strokeDasharray={mark === 0 ? undefined : '3 3'} vectorEffect="non-scaling-stroke" />
          ))}
          {weeks.map((week, index) =>
            week.percent === null ? null : <rect key={week.week} x={index * step + step * 0.15} y={y(week.percent)} width={step * 0.7} height={HEIGHT - y(week.percent)} fill={toneOf(week.percent)} />,
          )}
        </svg>
        <ol className="tickets-chart-weeks" style={{ gridTemplateColumns: `repeat(${Math.max(weeks.length, 1)}, minmax(0, 1fr))` }}>
          {weeks.map((week, index) => {
            // Counted back from the current week, which always has its date: every second week is dated,
            // every fourth on a phone (the dates keep their size and need the room).
            const back = weeks.length - 1 - index;
            return (
              <li key={week.week} className={`tickets-chart-label${back % 4 === 0 ? ' tickets-chart-label--phone' : ''}`}>
                {back % 2 === 0 ? dayMonth(week.week) : ''}
              </li>
            );
          })}
        </ol>
      </div>
      <details className="tickets-chart-details">
        <summary>Les chiffres</summary>
        <table className="tickets-chart-table">
          <caption className="visually-hidden">Tickets pris en charge à temps, par semaine</caption>
          <thead>
            <tr>
              <th scope="col">Semaine du</th>
              <th scope="col">À temps</th>
              <th scope="col">Décidés</th>
              <th scope="col">Part</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.week}>
                <th scope="row">{dayMonth(week.week)}</th>
                <td>{week.onTime}</td>
                <td>{week.decided}</td>
                <td>{week.percent === null ? '—' : `${week.percent}\u00a0%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
