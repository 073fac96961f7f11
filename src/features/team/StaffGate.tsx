/**
 * The frame of a team screen: the session of the back office (admin_token / admin_login_time, 8 hours),
 * or a link to sign in on the requests page; a 401 from any call ends the session; a 403 says
 * « Votre compte ne permet pas d'ouvrir cette page. ». Whenever the session is found over (none at
 * opening, its 8 hours, a 401, signed out in another tab), the staff's data kept on the device is erased
 * (endStaffSession) before « Votre session est terminée » shows.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { STORAGE_KEYS } from '../../lib/constants';
import { paths } from '../../lib/paths';
import { readSession } from '../admin/session';

export const NOT_ALLOWED = 'Votre compte ne permet pas d’ouvrir cette page.';

/** What a screen reports of a failed call: the session ended, or the page is not for this account. */
export type GateSignal = 'unauthorized' | 'forbidden';

export default function StaffGate({ children }: { children: (token: string, signal: (what: GateSignal) => void) => ReactNode }) {
  const [state, setState] = useState<{ name: 'checking' } | { name: 'out' } | { name: 'forbidden' } | { name: 'in'; token: string }>({ name: 'checking' });

  /** The session is over: nothing of the screen stays while the device's data is erased, then the link to sign in. */
  const end = useCallback(() => {
    setState({ name: 'checking' });
    // Loaded when a session ends, not with every screen.
    void import('../admin/session-end')
      .then(({ endStaffSession }) => endStaffSession())
      .then(() => setState({ name: 'out' }));
  }, []);

  useEffect(() => {
    // The session's token while it is valid (the same rule as the requests page's).
    const token = readSession(localStorage);
    if (token) setState({ name: 'in', token });
    else end();
    // Signed out in another tab of the back office: this one's session is over too.
    const follow = (event: StorageEvent) => {
      if (token && (event.key === STORAGE_KEYS.adminToken || event.key === null) && !localStorage.getItem(STORAGE_KEYS.adminToken)) end();
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, [end]);

  // One function for the whole session, so a screen's effects that depend on it run once.
  const signal = useCallback(
    (what: GateSignal) => {
      if (what === 'unauthorized') end();
      else setState({ name: 'forbidden' });
    },
    [end],
  );

  if (state.name === 'checking') return <p className="admin-status-line">Chargement…</p>;
  if (state.name === 'forbidden') return <p className="admin-alert" role="alert">{NOT_ALLOWED}</p>;
  if (state.name === 'out') {
    return <SessionEnded />;
  }
  return children(state.token, signal);
}

/** « Votre session est terminée. Se connecter »: what a back-office screen shows once its session has ended. */
export function SessionEnded() {
  return (
    <p className="admin-status-line">
      Votre session est terminée. <a href={paths.admin}>Se connecter</a>
    </p>
  );
}
