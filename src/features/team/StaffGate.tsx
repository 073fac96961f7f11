/**
 * The frame of a team screen: the session of the back office (admin_token / admin_login_time, 8 hours),
 * or a link to sign in on the requests page — « Votre session est terminée. » only where a session did end
 * (its token is still stored, past its hours, or a call answered 401), « Connectez-vous… » to someone who
 * never signed in here or signed out; a 403 says « Votre compte ne permet pas d'ouvrir cette page. ».
 * Whenever the session is found over (none at opening, its 8 hours, a 401, signed out in another tab), the
 * staff's data kept on the device is erased (endStaffSession) before that sentence shows.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { STORAGE_KEYS } from '../../lib/constants';
import { paths } from '../../lib/paths';
import { readSession } from '../admin/session';

export const NOT_ALLOWED = 'Votre compte ne permet pas d’ouvrir cette page.';

/** Whether this browser holds a session's token, valid or past its hours (a sign-out removes it). */
export const heldSession = (): boolean => localStorage.getItem(STORAGE_KEYS.adminToken) !== null;

/** What a screen reports of a failed call: the session ended, or the page is not for this account. */
export type GateSignal = 'unauthorized' | 'forbidden';

export default function StaffGate({ children }: { children: (token: string, signal: (what: GateSignal) => void) => ReactNode }) {
  const [state, setState] = useState<{ name: 'checking' } | { name: 'out'; ended: boolean } | { name: 'forbidden' } | { name: 'in'; token: string }>({ name: 'checking' });

  /**
   * The session is over (`ended`: there was one): nothing of the screen stays while the device's data is
   * erased, then the link to sign in.
   */
  const end = useCallback((ended: boolean) => {
    setState({ name: 'checking' });
    // Loaded when a session ends, not with every screen.
    void import('../admin/session-end')
      .then(({ endStaffSession }) => endStaffSession())
      .then(() => setState({ name: 'out', ended }));
  }, []);

  useEffect(() => {
    // Whether a session was held, read before the rule below forgets one past its hours.
    const held = heldSession();
    // The session's token while it is valid (the same rule as the requests page's).
    const token = readSession(localStorage);
    if (token) setState({ name: 'in', token });
    else end(held);
    // Signed out in another tab of the back office: this one's session is over too.
    const follow = (event: StorageEvent) => {
      if (token && (event.key === STORAGE_KEYS.adminToken || event.key === null) && !localStorage.getItem(STORAGE_KEYS.adminToken)) end(true);
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, [end]);

  // One function for the whole session, so a screen's effects that depend on it run once.
  const signal = useCallback(
    (what: GateSignal) => {
      if (what === 'unauthorized') end(true);
      else setState({ name: 'forbidden' });
    },
    [end],
  );

  if (state.name === 'checking') return <p className="admin-status-line">Chargement…</p>;
  if (state.name === 'forbidden') return <p className="admin-alert" role="alert">{NOT_ALLOWED}</p>;
  if (state.name === 'out') {
    return <SignInNeeded ended={state.ended} />;
  }
  return children(state.token, signal);
}

/**
 * What a back-office screen shows without a session: « Votre session est terminée. » once one has ended,
 * « Connectez-vous pour ouvrir cette page. » otherwise; both with the link to sign in.
 */
export function SignInNeeded({ ended }: { ended: boolean }) {
  return (
    <p className="admin-status-line">
      {ended ? 'Votre session est terminée.' : 'Connectez-vous pour ouvrir cette page.'} <a href={paths.admin}>Se connecter</a>
    </p>
  );
}
