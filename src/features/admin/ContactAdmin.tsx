/**
 * The admin of contact requests (SPEC.md §2, §4, §8): login form, then the dashboard with counters,
 * filters, one card per request with a status dropdown, CSV export and logout. Visitors' text is
 * rendered as text by React, never as HTML.
 */
import { territoryOf } from '../../lib/taxes';
import { useCallback, useEffect, useId, useState, type SubmitEvent } from 'react';
import { REQUEST_STATUSES, type RequestStatus } from '../../lib/constants';
import { formatDateTimeFr } from '../../lib/format';
import type { ContactRequest } from '../contact/request';
import { changeStatus, fetchRequests, login, logoutCall } from './api';
import { csvFileName, requestsToCsv } from './csv';
import { clearSession, readSession, saveSession } from './session';
import { FILTERS, STATUS_LABELS, STATUS_TONES, countRequests, filterRequests, type Filter } from './status';
import './ContactAdmin.css';

type Phase = { name: 'checking' } | { name: 'logged-out' } | { name: 'logged-in'; token: string };

export default function ContactAdmin() {
  const [phase, setPhase] = useState<Phase>({ name: 'checking' });

  useEffect(() => {
    const token = readSession(localStorage);
    setPhase(token ? { name: 'logged-in', token } : { name: 'logged-out' });
  }, []);

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
          setPhase({ name: 'logged-in', token });
        }}
      />
    );
  }
  return <Dashboard token={phase.token} onLogout={logout} />;
}

function LoginForm({ onLoggedIn }: { onLoggedIn: (token: string) => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const errorId = useId();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setError('');
    const result = await login(username.trim(), password);
    setSending(false);
    if (result.ok) onLoggedIn(result.token);
    else setError(result.message);
  }

  return (
    <section className="admin-login" aria-labelledby="admin-login-title">
      <h2 id="admin-login-title">Connexion administrateur</h2>
      <p className="admin-login-intro">Connectez-vous pour consulter et traiter les demandes reçues par le site.</p>
      <form onSubmit={submit} aria-describedby={error ? errorId : undefined}>
        <div className="admin-field">
          <label htmlFor="admin-username">Identifiant</label>
          <input id="admin-username" name="username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} />
        </div>
        <div className="admin-field">
          <label htmlFor="admin-password">Mot de passe</label>
          <input
            id="admin-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        {error && (
          <p id={errorId} className="admin-alert" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary admin-login-submit" disabled={sending}>
          {sending ? 'Connexion en cours...' : 'Se connecter'}
        </button>
      </form>
    </section>
  );
}

function Dashboard({ token, onLogout }: { token: string; onLogout: (token?: string) => void }) {
  const [requests, setRequests] = useState<ContactRequest[] | undefined>(undefined);
  const [filter, setFilter] = useState<Filter>('tous');

  const load = useCallback(async () => {
    const result = await fetchRequests(token);
    if (result === 'unauthorized') onLogout();
    else setRequests(result);
  }, [token, onLogout]);

  useEffect(() => {
    void load();
  }, [load]);

  async function updateStatus(id: string, statut: RequestStatus) {
    // SPEC.md §4: a missing token before a call logs out.
    if (!readSession(localStorage)) return onLogout();
    const result = await changeStatus(token, id, statut);
    if (result === 'unauthorized') return onLogout();
    await load();
  }

  function exportCsv(list: readonly ContactRequest[]) {
    const url = URL.createObjectURL(new Blob([requestsToCsv(list)], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = csvFileName();
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  const counters = countRequests(requests ?? []);
  const shown = filterRequests(requests ?? [], filter);
  const filterLabel = FILTERS.find((f) => f.value === filter)?.label ?? '';

  return (
    <div className="admin-dashboard">
      <div className="admin-toolbar">
        <p className="admin-session">Connecté en tant qu’administrateur</p>
        <div className="admin-toolbar-actions">
          <button type="button" className="btn btn-secondary" onClick={() => exportCsv(shown)} disabled={!requests || shown.length === 0}>
            Exporter en CSV
          </button>
          <button type="button" className="btn btn-primary" onClick={() => onLogout(token)}>
            Se déconnecter
          </button>
        </div>
      </div>

      <ul className="admin-counters" aria-label="Compteurs des demandes">
        <Counter label="Total" value={counters.total} />
        <Counter label="Nouveaux" value={counters.nouveau} tone="red" />
        <Counter label="En cours" value={counters.en_cours} tone="amber" />
        <Counter label="Traités" value={counters.traite} tone="green" />
      </ul>

      <div className="admin-filters" role="group" aria-label="Filtrer par statut">
        {FILTERS.map((item) => (
          <button key={item.value} type="button" className="admin-filter" aria-pressed={filter === item.value} onClick={() => setFilter(item.value)}>
            {item.label}
          </button>
        ))}
      </div>

      {requests === undefined ? (
        <p className="admin-status-line" role="status">
          Chargement des demandes...
        </p>
      ) : shown.length === 0 ? (
        <p className="admin-empty">Aucune demande trouvée pour ce filtre.</p>
      ) : (
        <section aria-label={`Demandes : ${filterLabel}`}>
          <ol className="admin-list">
            {shown.map((request) => (
              <RequestCard key={request.id} request={request} onStatusChange={updateStatus} />
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

function Counter({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <li className={`admin-counter${tone ? ` admin-counter--${tone}` : ''}`}>
      <span className="admin-counter-value">{value}</span>
      <span className="admin-counter-label">{label}</span>
    </li>
  );
}

function RequestCard({ request, onStatusChange }: { request: ContactRequest; onStatusChange: (id: string, statut: RequestStatus) => void }) {
  const selectId = useId();
  const isQuote = request.kind === 'devis';
  const modified = request.updated_at && request.updated_at !== request.created_at;
  return (
    <li className="admin-card">
      <article aria-labelledby={`${selectId}-title`}>
        <header className="admin-card-head">
          <div>
            <h2 className="admin-card-title" id={`${selectId}-title`}>
              {request.name || 'Sans nom'}
              {request.company && <span className="admin-card-company"> — {request.company}</span>}
            </h2>
            <p className="admin-card-dates">
              Reçue le {formatDateTimeFr(request.created_at) || 'date inconnue'}
              {modified && <> · modifiée le {formatDateTimeFr(request.updated_at)}</>}
            </p>
          </div>
          <div className="admin-badges">
            {isQuote && <span className="admin-badge admin-badge--quote">Devis</span>}
            <span className={`admin-badge admin-badge--${STATUS_TONES[request.statut]}`}>
              <span className="visually-hidden">Statut : </span>
              {STATUS_LABELS[request.statut]}
            </span>
          </div>
        </header>

        <dl className="admin-card-fields">
          <div>
            <dt>Email</dt>
            <dd>{request.email ? <a href={`mailto:${request.email}`}>{request.email}</a> : '—'}</dd>
          </div>
          <div>
            <dt>Téléphone</dt>
            <dd>{request.phone ? <a href={`tel:${request.phone.replace(/[^\d+]/g, '')}`}>{request.phone}</a> : '—'}</dd>
          </div>
          <div>
            <dt>{isQuote ? 'Objet' : 'Solution'}</dt>
            <dd>{request.subject || '—'}</dd>
          </div>
          <div>
            <dt>Échéance</dt>
            <dd>{request.delai || '—'}</dd>
          </div>
          {request.clientCode && (
            <div>
              <dt>Code client</dt>
              <dd>{request.clientCode}</dd>
            </div>
          )}
          {request.territory && (
            <div>
              <dt>Livraison</dt>
              <dd>{territoryOf(request.territory).label}</dd>
            </div>
          )}
        </dl>

        <div className="admin-card-message">
          <h3>Message</h3>
          <p>{request.message || '—'}</p>
        </div>

        <footer className="admin-card-foot">
          <div className="admin-card-status">
            <label htmlFor={selectId}>Statut</label>
            <select id={selectId} value={request.statut} onChange={(e) => onStatusChange(request.id, e.target.value as RequestStatus)}>
              {REQUEST_STATUSES.map((statut) => (
                <option key={statut} value={statut}>
                  {STATUS_LABELS[statut]}
                </option>
              ))}
            </select>
          </div>
          {request.mail_status === 'echec' && <p className="admin-card-warning">La notification e-mail de cette demande n’a pas pu être envoyée.</p>}
        </footer>
      </article>
    </li>
  );
}
