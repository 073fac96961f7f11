/**
 * A passkey ceremony in the browser, for the sign-in page and « Mon compte »: asks the endpoint for its
 * options, loads @simplewebauthn/browser (only now: the pages stay light), lets the browser prompt, and
 * gives back its answer to post, or the French sentence of what went wrong.
 */
import { failureOf, spaceFetch } from './space-fetch';

/** When the browser's passkey prompt was dismissed or timed out, or the browser has no passkeys. */
const PASSKEY_CANCELLED = 'La clé d’accès n’a pas été utilisée (demande annulée ou délai dépassé). Réessayez.';
const PASSKEY_UNSUPPORTED = 'Ce navigateur ne gère pas les clés d’accès.';

/** `sign-in`: an existing passkey signs in; `register`: this device makes a new one. */
export async function passkeyAnswer(url: string, kind: 'sign-in' | 'register'): Promise<{ ok: true; response: unknown } | { ok: false; status: number; message: string }> {
  const options = await spaceFetch(url, { method: 'POST', body: { etape: 'options' } });
  if (options.status !== 200 || !options.body.options) return { ok: false, status: options.status, message: failureOf(options.body) };
  const webauthn = await import('@simplewebauthn/browser');
  if (!webauthn.browserSupportsWebAuthn()) return { ok: false, status: 0, message: PASSKEY_UNSUPPORTED };
  const optionsJSON = options.body.options as never;
  try {
    return { ok: true, response: kind === 'sign-in' ? await webauthn.startAuthentication({ optionsJSON }) : await webauthn.startRegistration({ optionsJSON }) };
  } catch (failure) {
    console.warn('espace client : clé d’accès non utilisée', failure);
    return { ok: false, status: 0, message: PASSKEY_CANCELLED };
  }
}
