/**
 * « Confirmez votre identité »: before a passkey is added or removed in « Mon compte », the person gives
 * their password again, or a code of their authenticator app (ASVS 5.0 ch. 6–7: a session alone never
 * changes the factors, so a stolen session cannot become a permanent passkey). `onConfirm` runs the change
 * with what was typed and answers the sentence to show when the server refused it (wrong password, reused
 * code), or undefined when done: the dialog then closes.
 */
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { CloseButton, useModal } from '../../lib/modal';
import ErrorAlert from '../../lib/ErrorAlert';
import type { Reauthentication } from './my-account';

interface Props {
  /** What the confirmation is for: « ajouter la clé d’accès « Tablette » ». */
  purpose: string;
  /** Whether the account has an authenticator app (a code is offered beside the password). */
  hasTotp: boolean;
  onConfirm: (reauth: Reauthentication) => Promise<string | undefined>;
  onClose: () => void;
}

export default function ReauthDialog({ purpose, hasTotp, onConfirm, onClose }: Props) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  useModal(ref);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [state, setState] = useState({ sending: false, error: '' });

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const typedCode = code.replace(/\s+/g, '');
    if (!password && !typedCode) return setState({ sending: false, error: hasTotp ? 'Saisissez votre mot de passe ou un code à 6 chiffres.' : 'Saisissez votre mot de passe.' });
    setState({ sending: true, error: '' });
    const error = await onConfirm(password ? { password } : { code: typedCode });
    if (error === undefined) return;
    setState({ sending: false, error });
  }

  return (
    <dialog ref={ref} className="admin-dialog admin-view account-reauth" aria-labelledby={`${id}-title`} onCancel={onClose}>
      <div className="admin-view-head">
        <h2 id={`${id}-title`} className="admin-view-title">
          Confirmez votre identité
        </h2>
        <CloseButton label="Annuler" onClick={onClose} />
      </div>
      <form className="admin-view-body account-form" onSubmit={submit} noValidate>
        <p>Pour {purpose}, saisissez de nouveau votre mot de passe{hasTotp ? ' ou un code de votre application d’authentification' : ''}.</p>
        <div className="admin-field">
          <label htmlFor={`${id}-password`}>Mot de passe</label>
          <input id={`${id}-password`} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </div>
        {hasTotp && (
          <div className="admin-field">
            <label htmlFor={`${id}-code`}>ou code à 6 chiffres</label>
            <input id={`${id}-code`} inputMode="numeric" autoComplete="one-time-code" maxLength={7} value={code} onChange={(e) => setCode(e.target.value)} />
          </div>
        )}
        <ErrorAlert text={state.error} />
        <div className="account-confirm">
          <button type="submit" className="btn btn-primary" disabled={state.sending}>
            Confirmer
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Annuler
          </button>
        </div>
      </form>
    </dialog>
  );
}
