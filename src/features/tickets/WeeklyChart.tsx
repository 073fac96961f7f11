/**
 * The chart of the tickets list: one bar per week (12 weeks, the current one last), the share of tickets
 * taken in charge on time, drawn as SVG (no chart library to load). The same figures are in a table below,
 * for screen readers and for whoever wants the counts.
 */
import type { WeekShare } from './staff';
import { calendarDay } from '../../records/moment';

const WIDTH = 600;
const HEIGHT = 180;
const TOP = 12;
const BOTTOM = 24;
/** Room left of the plot for the widest mark, « 100 % », whole. */
const LEFT = 44;

/** « 2 mars » from « 2026-03-02 ». */
const dayMonth = (week: string): string => calendarDay(week, 'short-month');

/** The colour of a bar: green from 90 %, amber from 70 %, red below. */
const toneOf = (percent: number): string => (percent >= 90 ? 'var(--color-success, #1b7f3b)' : percent >= 70 ? '#b25e00' : 'var(--color-danger, #b42318)');

export default function WeeklyChart({ weeks }: { weeks: readonly WeekShare[] }) {
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const step = (WIDTH - LEFT) / Math.max(weeks.length, 1);
  const y = (percent: number) => TOP + plotHeight * (1 - percent / 100);
  const decided = weeks.filter((week) => week.percent !== null);
  const summary =
    decided.length === 0
      ? 'Aucun ticket dont la prise en charge est décidée sur les 12\u00a0dernières semaines.'
      : `Part des tickets pris en charge à temps, semaine par semaine\u00a0: dernière semaine connue ${decided.at(-1)!.percent}\u00a0%.`;
  return (
    <figure className="tickets-chart">
      <figcaption className="tickets-chart-title">Prise en charge à temps, par semaine (12&nbsp;semaines)</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className="tickets-chart-svg">
        {[0, 50, 100].map((mark) => (
          <g key={mark}>
            <line x1={LEFT} x2={WIDTH} y1={y(mark)} y2={y(mark)} stroke="#c9d2dc" strokeDasharray={mark === 0 ? undefined : '3 3'} />
            <text x={LEFT - 4} y={y(mark) + 4} textAnchor="end" fontSize="11" fill="#3d4a5c">
              {mark}&#8239;%
            </text>
          </g>
        ))}
        {weeks.map((week, index) => {
          const x = LEFT + index * step + step * 0.15;
          const width = step * 0.7;
          return (
            <g key={week.week}>
              {week.percent !== null && <rect x={x} y={y(week.percent)} width={width} height={plotHeight * (week.percent / 100)} fill={toneOf(week.percent)} rx="2" />}
              {index % 2 === weeks.length % 2 && (
                <text x={x + width / 2} y={HEIGHT - 6} textAnchor="middle" fontSize="11" fill="#3d4a5c">
                  {dayMonth(week.week)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
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
