/**
 * /admin/invitation/<jeton>: the invited person's enrolment. The token is read from the address (one
 * static page serves them all). A used, expired or unknown link shows the server's sentence. Then: a
 * password (checked here with the same rule as the server, loaded only when needed), a second factor (a
 * passkey, through @simplewebauthn/browser loaded on demand, or an authenticator app shown as a QR code
 * with its secret to type), and « Activer mon compte ».
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { paths } from '../../lib/paths';
import { roleLabel } from './roles';
import { invitationStep, openInvitation, passkeyOptions, startTotp, type Enrolment, type TotpEnrolment } from './team-client';
import { teamPages } from './team-paths';
import ErrorAlert from '../../lib/ErrorAlert';

type Phase = { name: 'loading' } | { name: 'closed'; message: string } | { name: 'open'; enrolment: Enrolment } | { name: 'done'; enrolment: Enrolment };

/** The token of the address /admin/invitation/<jeton>. */
const tokenOfLocation = (): string => decodeURIComponent(window.location.pathname.slice(teamPages.invitationPrefix.length).replace(/\/$/, ''));

function PasswordStep({ token, enrolment, onDone }: { token: string; enrolment: Enrolment; onDone: (next: Enrolment) => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError('');
    // The same rule as the server's, loaded now: its dictionaries weigh several hundred kilobytes.
    const { checkPassword } = await import('./password-policy');
    const verdict = await checkPassword(password, { name: enrolment.name, email: enrolment.email });
    const result = verdict.ok ? await invitationStep(token, 'mot-de-passe', { password }) : undefined;
    setBusy(false);
    if (!verdict.ok) setError(verdict.reason);
    else if (result && !result.ok) setError(result.message);
    else if (result?.ok) onDone(result.value);
  }

  return (
    <form onSubmit={submit} className="team-panel" aria-labelledby="invitation-password-title">
      <h2 id="invitation-password-title">1. Votre mot de passe</h2>
      {enrolment.hasPassword && <p className="team-note">Mot de passe enregistré. Vous pouvez le changer ici.</p>}
      <ErrorAlert text={error} />
      <div className="admin-field">
        <label htmlFor="invitation-password">Mot de passe (12&nbsp;caractères au moins, difficile à deviner)</label>
        <input
          id="invitation-password"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-describedby="invitation-password-hint"
        />
        <p id="invitation-password-hint" className="admin-field-hint">
          Une phrase de plusieurs mots peu courants est plus sûre et plus facile à retenir.
        </p>
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Vérification…' : 'Enregistrer le mot de passe'}
      </button>
    </form>
  );
}

function SecondFactorStep({ token, enrolment, onDone }: { token: string; enrolment: Enrolment; onDone: (next: Enrolment) => void }) {
  const [deviceName, setDeviceName] = useState('');
  const [totp, setTotp] = useState<TotpEnrolment | undefined>();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function enrolPasskey(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError('');
    const options = await passkeyOptions(token);
    if (!options.ok) {
      setBusy(false);
      return setError(options.message);
    }
    try {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const response = await startRegistration({ optionsJSON: options.value as never });
      const result = await invitationStep(token, 'cle', { response, deviceName });
      if (result.ok) onDone(result.value);
      else setError(result.message);
    } catch {
      setError('La clé d’accès n’a pas été enregistrée (opération annulée ou appareil non compatible). Réessayez ou utilisez une application d’authentification.');
    }
    setBusy(false);
  }

  async function showTotp() {
    setError('');
    const result = await startTotp(token);
    if (result.ok) setTotp(result.value);
    else setError(result.message);
  }

  async function confirmTotp(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setError('');
    const result = await invitationStep(token, 'totp-confirmation', { code });
    if (result.ok) onDone(result.value);
    else setError(result.message);
  }

  const done = enrolment.passkeys.length > 0 || enrolment.hasTotp;
  return (
    <section className="team-panel" aria-labelledby="invitation-factor-title">
      <h2 id="invitation-factor-title">2. Votre second facteur</h2>
      {done && (
        <p className="team-note">
          Enregistré&nbsp;: {[...enrolment.passkeys.map((name) => `clé d’accès «\u00a0${name}\u00a0»`), enrolment.hasTotp ? 'application d’authentification' : ''].filter(Boolean).join(', ')}.
        </p>
      )}
      <ErrorAlert text={error} />
      <form onSubmit={enrolPasskey}>
        <h3>Une clé d’accès (recommandé)</h3>
        <p className="team-note">Votre téléphone ou votre ordinateur vous reconnaît par votre empreinte, votre visage ou son code.</p>
        <div className="admin-field">
          <label htmlFor="invitation-device">Nom de cet appareil</label>
          <input id="invitation-device" required maxLength={60} placeholder="Téléphone de Marie" value={deviceName} onChange={(event) => setDeviceName(event.target.value)} />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'En attente de l’appareil…' : 'Enregistrer une clé d’accès'}
        </button>
      </form>
      <h3>Ou une application d’authentification</h3>
      {!totp ? (
        <button type="button" className="btn btn-secondary" onClick={() => void showTotp()}>
          Utiliser une application d’authentification
        </button>
      ) : (
        <form onSubmit={confirmTotp}>
          <p className="team-note">Scannez ce code avec votre application (Google Authenticator, Microsoft Authenticator, FreeOTP…), ou tapez la clé ci-dessous.</p>
          <img className="team-qr" alt="Code QR de l’application d’authentification" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(totp.qrSvg)}`} width={200} height={200} />
          <p className="team-secret">
            Clé&nbsp;: <code>{totp.secret}</code>
          </p>
          <div className="admin-field">
            <label htmlFor="invitation-code">Code à 6&nbsp;chiffres affiché par l’application</label>
            <input id="invitation-code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" required value={code} onChange={(event) => setCode(event.target.value)} />
          </div>
          <button type="submit" className="btn btn-primary">
            Valider le code
          </button>
        </form>
      )}
    </section>
  );
}

export default function InvitationPage() {
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });
  const [token, setToken] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    const found = tokenOfLocation();
    setToken(found);
    void openInvitation(found).then((result) => setPhase(result.ok ? { name: 'open', enrolment: result.value } : { name: 'closed', message: result.message }));
  }, []);

  if (phase.name === 'loading') return <p className="admin-status-line">Chargement…</p>;
  if (phase.name === 'closed') {
    return (
      <p className="admin-alert" role="alert">
        {phase.message} Demandez un nouveau lien à un administrateur.
      </p>
    );
  }
  if (phase.name === 'done') {
    return (
      <div className="admin-success" role="status">
        <p>Votre compte est actif, {phase.enrolment.name}.</p>
        <p>
          <a href={paths.admin}>Ouvrir l’espace de l’équipe</a>
        </p>
      </div>
    );
  }
  const { enrolment } = phase;
  const update = (next: Enrolment) => setPhase({ name: 'open', enrolment: next });
  const ready = enrolment.hasPassword && (enrolment.passkeys.length > 0 || enrolment.hasTotp);

  async function complete() {
    setError('');
    const result = await invitationStep(token, 'fin');
    if (result.ok) setPhase({ name: 'done', enrolment: result.value });
    else setError(result.message);
  }

  return (
    <div className="team">
      <p className="team-intro">
        Bienvenue, {enrolment.name}. Vous rejoignez l’équipe comme {roleLabel(enrolment.role)}. Choisissez votre mot de passe, puis enregistrez un second facteur.
      </p>
      <PasswordStep token={token} enrolment={enrolment} onDone={update} />
      <SecondFactorStep token={token} enrolment={enrolment} onDone={update} />
      <section className="team-panel" aria-labelledby="invitation-end-title">
        <h2 id="invitation-end-title">3. Activer votre compte</h2>
        <ErrorAlert text={error} />
        {!ready && <p className="team-note">Le compte s’active avec un mot de passe et un second facteur.</p>}
        <button type="button" className="btn btn-primary" disabled={!ready} onClick={() => void complete()}>
          Activer mon compte
        </button>
      </section>
    </div>
  );
}
