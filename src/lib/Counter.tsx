/** One counter of a back-office list (a figure and what it counts), tinted by its tone when it has one. */
import type { ReactNode } from 'react';

export default function Counter({ value, label, tone }: { value: number; label: ReactNode; tone?: string | undefined }) {
  return (
    <li className={`admin-counter${tone ? ` admin-counter--${tone}` : ''}`}>
      <span className="admin-counter-value">{value}</span>
      <span className="admin-counter-label">{label}</span>
    </li>
  );
}
