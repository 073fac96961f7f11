/**
 * The admin of contact and quote requests: the login form, then the inbox. The session lives in the
 * browser (8 hours); any call the server refuses with 401 ends it (endStaffSession); « Se déconnecter »
 * is the admin bar's. Visitors' text is rendered as text
 * by React, never as HTML.
 */
import { useCallback, useEffect, useState } from 'react';
import Inbox from './Inbox';
import LoginForm from './LoginForm';
import { ADMIN_SESSION_EVENT, readSession, saveSession } from './session';
import './ContactAdmin.css';

/** Ends the session on this device (session-end.ts), loaded when a session ends, not with the screen. */
const endStaffSession = (): Promise<void> => import('./session-end').then((module) => module.endStaffSession());

type Phase = { name: 'checking' } | { name: 'logged-out' } | { name: 'logged-in'; token: string };

/** `landingOf`: where a person goes after signing in, by their token (a technician to the tickets), else the inbox. */
export default function ContactAdmin({ landingOf }: { landingOf?: (token: string) => string | undefined } = {}) {
  const [phase, setPhase] = useState<Phase>({ name: 'checking' });

  useEffect(() => {
    const token = readSession(localStorage);
    // Without a session (none, or its 8 hours are over), nothing of the staff's data stays on the device.
    if (token) setPhase({ name: 'logged-in', token });
    else void endStaffSession().then(() => setPhase({ name: 'logged-out' }));
  }, []);

  /** The server refused the session (401): it ends on this device, the staff's data erased, before the sign-in form shows. */
  const logout = useCallback(() => {
    setPhase({ name: 'checking' });
    void endStaffSession().then(() => setPhase({ name: 'logged-out' }));
  }, []);

  if (phase.name === 'checking') return <p className="admin-status-line">Chargement…</p>;
  if (phase.name === 'logged-out') {
    return (
      <LoginForm
        onLoggedIn={(token) => {
          saveSession(localStorage, token);
          // The admin bar shows the role's links now (it read the storage when the page opened, signed out).
          window.dispatchEvent(new Event(ADMIN_SESSION_EVENT));
          const landing = landingOf?.(token);
          if (landing) return window.location.assign(landing);
          setPhase({ name: 'logged-in', token });
        }}
      />
    );
  }
  return <Inbox token={phase.token} onLogout={logout} />;
}
