/** The administrator's login form: identifiant, mot de passe, the server's answer in French. */
import { useId, useState, type SubmitEvent } from 'react';
import { login } from './api';

export default function LoginForm({ onLoggedIn }: { onLoggedIn: (token: string) => void }) {
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
        <p className="admin-login-notice">La session reste ouverte 8 heures au plus dans ce navigateur.</p>
      </form>
    </section>
  );
}
