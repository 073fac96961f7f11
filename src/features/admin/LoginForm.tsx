/**
 * The back office's sign-in: identifiant (the owner's username or a staff e-mail) and mot de passe; a
 * staff account then gives its second factor (its passkey or a 6-digit code); or « Se connecter avec une
 * clé d’accès » alone, no username. Every failure is the server's French sentence.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { finishWithCode, finishWithPasskey, signInWithPassword, signInWithPasskey, type SecondFactor, type SignInStep } from './sign-in';

export default function LoginForm({ onLoggedIn }: { onLoggedIn: (token: string) => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [second, setSecond] = useState<SecondFactor | undefined>();
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const errorId = useId();
  const secondTitle = useRef<HTMLHeadingElement>(null);

  // The second step replaces the form: focus goes to its title, so a screen reader says where it is.
  useEffect(() => {
    if (second) secondTitle.current?.focus();
  }, [second]);

  /** Runs one step; a session signs in, a second-factor request shows the second step, a failure its sentence. */
  async function step(run: () => Promise<SignInStep>) {
    setSending(true);
    setError('');
    const result = await run();
    setSending(false);
    if (!result.ok) setError(result.message);
    else if ('token' in result) onLoggedIn(result.token);
    else {
      setSecond(result.secondFactor);
      setCode('');
    }
  }

  function submitPassword(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void step(() => signInWithPassword(username.trim(), password));
  }

  function submitCode(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (second) void step(() => finishWithCode(second.pending, code));
  }

  function restart() {
    setSecond(undefined);
    setPassword('');
    setError('');
  }

  const alert = error && (
    <p id={errorId} className="admin-alert" role="alert">
      {error}
    </p>
  );

  if (second) {
    return (
      <section className="admin-login" aria-labelledby="admin-second-title">
        <h2 id="admin-second-title" ref={secondTitle} tabIndex={-1}>
          Second facteur
        </h2>
        <p className="admin-login-intro">
          {second.passkey && second.totp
            ? 'Utilisez votre clé d’accès, ou saisissez le code à 6 chiffres de votre application d’authentification.'
            : second.passkey
              ? 'Utilisez votre clé d’accès pour terminer la connexion.'
              : 'Saisissez le code à 6 chiffres de votre application d’authentification.'}
        </p>
        {second.passkey && (
          <button type="button" className="btn btn-primary admin-login-submit" disabled={sending} onClick={() => void step(() => finishWithPasskey(second.pending))}>
            Utiliser ma clé d’accès
          </button>
        )}
        {second.totp && (
          <form onSubmit={submitCode} aria-describedby={error ? errorId : undefined} className={second.passkey ? 'admin-login-alternative' : undefined}>
            <div className="admin-field">
              <label htmlFor="admin-code">Code à 6 chiffres</label>
              <input
                id="admin-code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="\s*(\d\s*){6}"
                maxLength={9}
                required
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </div>
            <button type="submit" className={`btn ${second.passkey ? 'btn-secondary' : 'btn-primary'} admin-login-submit`} disabled={sending}>
              {sending ? 'Vérification…' : 'Valider le code'}
            </button>
          </form>
        )}
        {alert}
        <p className="admin-login-notice">
          <button type="button" className="admin-login-restart" onClick={restart}>
            Recommencer la connexion
          </button>
        </p>
      </section>
    );
  }

  return (
    <section className="admin-login" aria-labelledby="admin-login-title">
      <h2 id="admin-login-title">Connexion de l’équipe</h2>
      <p className="admin-login-intro">Connectez-vous à l’espace de l’équipe&nbsp;: demandes, tickets, atelier et clients, selon votre rôle.</p>
      <form onSubmit={submitPassword} aria-describedby={error ? errorId : undefined}>
        <div className="admin-field">
          <label htmlFor="admin-username">Identifiant</label>
          <input id="admin-username" name="username" autoComplete="username webauthn" required value={username} onChange={(e) => setUsername(e.target.value)} />
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
        {alert}
        <button type="submit" className="btn btn-primary admin-login-submit" disabled={sending}>
          {sending ? 'Connexion en cours...' : 'Se connecter'}
        </button>
      </form>
      <p className="admin-login-or">ou</p>
      <button type="button" className="btn btn-secondary admin-login-submit" disabled={sending} onClick={() => void step(signInWithPasskey)}>
        Se connecter avec une clé d’accès
      </button>
      <p className="admin-login-notice">La session reste ouverte 8 heures au plus dans ce navigateur.</p>
    </section>
  );
}
