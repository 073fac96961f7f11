/**
 * The admin of contact and quote requests: the login form, then the inbox. The session lives in the
 * browser (8 hours); any call the server refuses with 401 logs out. Visitors' text is rendered as text
 * by React, never as HTML.
 */
import { useCallback, useEffect, useState } from 'react';
import { logoutCall } from './api';
import Inbox from './Inbox';
import LoginForm from './LoginForm';
import { ADMIN_SESSION_EVENT, clearSession, readSession, saveSession } from './session';
import './ContactAdmin.css';

type Phase = { name: 'checking' } | { name: 'logged-out' } | { name: 'logged-in'; token: string };

/** `landingOf`: where a person goes after signing in, by their token (a technician to the tickets), else the inbox. */
export default function ContactAdmin({ landingOf }: { landingOf?: (token: string) => string | undefined } = {}) {
  const [phase, setPhase] = useState<Phase>({ name: 'checking' });

  useEffect(() => {
    const token = readSession(localStorage);
    setPhase(token ? { name: 'logged-in', token } : { name: 'logged-out' });
  }, []);

  /** Forgets the session; with the token, also asks the server to revoke it (« Se déconnecter »). */
  const logout = useCallback((token?: string) => {
    if (token) void logoutCall(token);
    clearSession(localStorage);
    setPhase({ name: 'logged-out' });
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
