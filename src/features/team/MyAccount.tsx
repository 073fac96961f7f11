/**
 * « Mon compte »: the signed-in person's name, role and territories; their passkeys (device name, added,
 * last use) with « Ajouter une clé d’accès » on this device and « Supprimer », each after « Confirmez votre
 * identité » (the password or an authenticator code again, ReauthDialog); their password; and
 * « Déconnecter toutes les sessions ». A change of the password or a key ends the other sessions: this
 * page goes on with the new token the server answers. The owner (the site's configuration account) sees the summary and
 * the sessions only. Without a session, or once the server refuses it, a link leads to the sign-in.
 */
import { useEffect, useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { momentFor } from '../../records/moment';
import { paths } from '../../lib/paths';
import { territoryOf } from '../../lib/territories';
import { readSession, replaceSessionToken } from '../admin/session';
import { roleLabel } from './roles';
import { heldSession, SignInNeeded } from './StaffGate';
import { addMyPasskey, changeMyPassword, endMySessions, fetchMyAccount, removeMyPasskey, type AccountChange, type MyAccount as Account, type Reauthentication } from './my-account';
import ReauthDialog from './ReauthDialog';
import type { Result } from '../../lib/api-client';
import '../admin/ContactAdmin.css';

/** Ends the session on this device (session-end.ts), loaded when a session ends, not with the screen. */
const endStaffSession = (): Promise<void> => import('../admin/session-end').then((module) => module.endStaffSession());

type Phase = { name: 'loading' } | { name: 'signed-out'; ended: boolean } | { name: 'ready'; token: string; account: Account };

/** A change of the factors waiting for « Confirmez votre identité »: what it is for, and the call it makes. */
type Pending = { purpose: string; run: (reauth: Reauthentication) => Promise<Result<AccountChange>>; success: string; done?: () => void };

/** A line of feedback under a form: the success or the failure, announced. */
function Feedback({ message }: { message?: { ok: boolean; text: string } }) {
  if (!message) return null;
  return message.ok ? (
    <p className="admin-success" role="status">
      {message.text}
    </p>
  ) : (
    <p className="admin-alert" role="alert">
      {message.text}
    </p>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="admin-card account-section" aria-labelledby={id}>
      <h2 id={id} className="admin-card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function MyAccount() {
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });
  const [busy, setBusy] = useState(false);
  const [keyMessage, setKeyMessage] = useState<{ ok: boolean; text: string }>();
  const [passwordMessage, setPasswordMessage] = useState<{ ok: boolean; text: string }>();
  const [sessionsMessage, setSessionsMessage] = useState<{ ok: boolean; text: string }>();
  const [deviceName, setDeviceName] = useState('');
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const [pending, setPending] = useState<Pending>();

  useEffect(() => {
    const held = heldSession();
    const token = readSession(localStorage);
    if (!token) return signOut(true, held);
    void fetchMyAccount(token).then((result) => {
      if (result.ok) setPhase({ name: 'ready', token, account: result.value });
      else signOut(result.unauthorized);
    });
  }, []);

  /**
   * The page can go no further; when the session is over, it ends on this device (the staff's data erased)
   * first. `ended`: a session did end (« Votre session est terminée. »), not one never opened here.
   */
  function signOut(sessionOver: boolean, ended = sessionOver) {
    if (!sessionOver) return setPhase({ name: 'signed-out', ended });
    setPhase({ name: 'loading' });
    void endStaffSession().then(() => setPhase({ name: 'signed-out', ended }));
  }

  if (phase.name === 'loading') return <p className="admin-status-line">Chargement…</p>;
  if (phase.name === 'signed-out') {
    return <SignInNeeded ended={phase.ended} />;
  }
  const { token, account } = phase;

  /**
   * Runs a change; the new account is shown (with the session's new token, the other sessions being
   * ended), a failure said, an ended session leads to the sign-in.
   */
  async function change(run: () => Promise<Result<AccountChange>>, say: (message: { ok: boolean; text: string }) => void, success: string): Promise<boolean> {
    setBusy(true);
    const result = await run();
    setBusy(false);
    if (result.ok) {
      if (result.value.token) replaceSessionToken(localStorage, result.value.token);
      setPhase({ name: 'ready', token: result.value.token ?? token, account: result.value.account });
      say({ ok: true, text: success });
      return true;
    }
    if (result.unauthorized) signOut(true);
    else say({ ok: false, text: result.message });
    return false;
  }

  /**
   * The change of a factor, once « Confirmez votre identité » is answered: a refusal of what was typed
   * (wrong password, used code) stays in the dialog; anything else closes it and is said under the list.
   */
  async function confirmed(reauth: Reauthentication): Promise<string | undefined> {
    if (!pending) return undefined;
    setBusy(true);
    const result = await pending.run(reauth);
    setBusy(false);
    if (!result.ok && !result.unauthorized && (result.status === 400 || result.status === 403 || result.status === 429)) return result.message;
    setPending(undefined);
    await change(async () => result, setKeyMessage, pending.success);
    if (result.ok) pending.done?.();
    return undefined;
  }

  function addKey(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = deviceName.trim();
    setKeyMessage(undefined);
    setPending({
      purpose: `ajouter la clé d’accès «\u00a0${name}\u00a0»`,
      run: (reauth) => addMyPasskey(token, name, reauth),
      success: `Clé d’accès «\u00a0${name}\u00a0» ajoutée. Vos autres sessions ont été déconnectées.`,
      done: () => setDeviceName(''),
    });
  }

  async function submitPassword(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await change(() => changeMyPassword(token, current, password), setPasswordMessage, 'Mot de passe changé. Vos autres sessions ont été déconnectées.')) {
      setCurrent('');
      setPassword('');
    }
  }

  async function endSessions() {
    setBusy(true);
    const result = await endMySessions(token);
    setBusy(false);
    if (result.ok || result.unauthorized) {
      await endStaffSession();
      window.location.assign(paths.admin);
    } else setSessionsMessage({ ok: false, text: result.message });
  }

  return (
    <div className="account">
      <Section title="Profil">
        <dl className="admin-card-fields">
          <div>
            <dt>Nom</dt>
            <dd>{account.name}</dd>
          </div>
          <div>
            <dt>Identifiant</dt>
            <dd>{account.owner ? account.name : account.email}</dd>
          </div>
          <div>
            <dt>Rôle</dt>
            <dd>{roleLabel(account.role)}</dd>
          </div>
          <div>
            <dt>Territoires</dt>
            <dd>{account.territories.map((id) => territoryOf(id).label).join(', ')}</dd>
          </div>
        </dl>
        {account.owner && (
          <p className="account-hint">Le compte propriétaire se règle dans la configuration du site (identifiant, mot de passe)&#8239;; il n’a pas de clé d’accès.</p>
        )}
      </Section>

      {!account.owner && (
        <Section title="Clés d’accès et second facteur">
          {account.passkeys.length === 0 ? (
            <p>Aucune clé d’accès enregistrée.</p>
          ) : (
            <ul className="account-keys">
              {account.passkeys.map((key) => (
                <li key={key.id} className="account-key">
                  <div>
                    <strong>{key.name}</strong>
                    <p className="admin-card-dates">
                      Ajoutée le {momentFor(key.createdAt, account.territories)}
                      {key.lastUsedAt ? `\u00a0· dernière utilisation le ${momentFor(key.lastUsedAt, account.territories)}` : '\u00a0· jamais utilisée'}
                    </p>
                  </div>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={busy}
                    aria-label={`Supprimer la clé d’accès «\u00a0${key.name}\u00a0»`}
                    onClick={() => {
                      setKeyMessage(undefined);
                      setPending({
                        purpose: `supprimer la clé d’accès «\u00a0${key.name}\u00a0»`,
                        run: (reauth) => removeMyPasskey(token, key.id, reauth),
                        success: `Clé d’accès «\u00a0${key.name}\u00a0» supprimée. Vos autres sessions ont été déconnectées.`,
                      });
                    }}
                  >
                    Supprimer
                  </button>
                </li>
              ))}
            </ul>
          )}
          <p>Application d’authentification (code à 6 chiffres)&nbsp;: {account.hasTotp ? 'enregistrée' : 'aucune'}.</p>
          <form onSubmit={addKey} className="account-form">
            <div className="admin-field">
              <label htmlFor="account-device">Nom de cet appareil</label>
              <input id="account-device" required maxLength={60} placeholder="Téléphone de Marie" value={deviceName} onChange={(e) => setDeviceName(e.target.value)} />
            </div>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Ajouter une clé d’accès
            </button>
          </form>
          <Feedback message={keyMessage} />
          {pending && <ReauthDialog purpose={pending.purpose} hasTotp={account.hasTotp} onConfirm={confirmed} onClose={() => setPending(undefined)} />}
        </Section>
      )}

      {!account.owner && (
        <Section title="Mot de passe">
          <form onSubmit={submitPassword} className="account-form">
            <div className="admin-field">
              <label htmlFor="account-current">Mot de passe actuel</label>
              <input id="account-current" type="password" autoComplete="current-password" required value={current} onChange={(e) => setCurrent(e.target.value)} />
            </div>
            <div className="admin-field">
              <label htmlFor="account-new">Nouveau mot de passe</label>
              <input
                id="account-new"
                type="password"
                autoComplete="new-password"
                required
                minLength={12}
                aria-describedby="account-new-hint"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <p id="account-new-hint" className="admin-field-hint">
                Au moins 12 caractères, sans votre nom ni votre adresse e-mail. Une phrase de plusieurs mots peu courants convient bien.
              </p>
            </div>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Changer le mot de passe
            </button>
          </form>
          <Feedback message={passwordMessage} />
        </Section>
      )}

      <Section title="Sessions">
        <p>Fermez toutes vos sessions ouvertes, sur tous vos appareils, celle-ci comprise (un appareil perdu, un poste partagé).</p>
        {confirmingEnd ? (
          <div className="account-confirm" role="group" aria-label="Confirmer la déconnexion de toutes les sessions">
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void endSessions()}>
              Oui, tout déconnecter
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setConfirmingEnd(false)}>
              Annuler
            </button>
          </div>
        ) : (
          <button type="button" className="btn btn-secondary" onClick={() => setConfirmingEnd(true)}>
            Déconnecter toutes les sessions
          </button>
        )}
        <Feedback message={sessionsMessage} />
      </Section>
    </div>
  );
}
