/**
 * The frame of a team screen: the session of the back office (admin_token / admin_login_time, 8 hours),
 * or a link to sign in on the requests page — « Votre session est terminée. » only where a session did end
 * (its token is still stored, past its hours, or a call answered 401), « Connectez-vous… » to someone who
 * never signed in here or signed out; a 401 from any call forgets the session; a 403 says
 * « Votre compte ne permet pas d'ouvrir cette page. ».
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { STORAGE_KEYS } from '../../lib/constants';
import { lifetimeMs } from '../../lib/lifetimes';
import { paths } from '../../lib/paths';

export const NOT_ALLOWED = 'Votre compte ne permet pas d’ouvrir cette page.';

/** The session's token while it is valid (the same rule as the requests page's). */
function storedToken(): string | undefined {
  const token = localStorage.getItem(STORAGE_KEYS.adminToken);
  const since = Number(localStorage.getItem(STORAGE_KEYS.adminLoginTime));
  const fresh = Number.isFinite(since) && since <= Date.now() && Date.now() - since < lifetimeMs('staffSession');
  return token && fresh ? token : undefined;
}

/** Whether this browser holds a session's token, valid or past its hours (a sign-out removes it). */
export const heldSession = (): boolean => localStorage.getItem(STORAGE_KEYS.adminToken) !== null;

/** What a screen reports of a failed call: the session ended, or the page is not for this account. */
export type GateSignal = 'unauthorized' | 'forbidden';

export default function StaffGate({ children }: { children: (token: string, signal: (what: GateSignal) => void) => ReactNode }) {
  const [state, setState] = useState<{ name: 'checking' } | { name: 'out'; ended: boolean } | { name: 'forbidden' } | { name: 'in'; token: string }>({ name: 'checking' });

  useEffect(() => {
    const token = storedToken();
    setState(token ? { name: 'in', token } : { name: 'out', ended: heldSession() });
  }, []);

  // One function for the whole session, so a screen's effects that depend on it run once.
  const signal = useCallback((what: GateSignal) => {
    if (what === 'unauthorized') {
      localStorage.removeItem(STORAGE_KEYS.adminToken);
      localStorage.removeItem(STORAGE_KEYS.adminLoginTime);
      setState({ name: 'out', ended: true });
    } else setState({ name: 'forbidden' });
  }, []);

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
