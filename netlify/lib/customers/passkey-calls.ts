/**
 * The space's passkey endpoints, as the functions call them: the relying party is the site's own address;
 * { etape: 'options' } gives the ceremony's options, { response } (with the device's name, to add a key)
 * finishes it. A refused answer: 401 « La clé d’accès n’a pas pu être vérifiée… » at sign-in, 400 with the
 * same words when adding a key; the reason goes to the log (netlify/lib/team/passkeys.ts).
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { passkeyNameSchema } from '../../../src/features/space/account-model.ts';
import { apiError, json, senderNetwork, throttled } from '../http/http.ts';
import { takeCap } from '../storage/caps.ts';
import { siteAddress } from '../http/site-url.ts';
import { relyingPartyOf } from '../team/passkeys.ts';
import { Refusal } from '../http/refusal.ts';
import { addCustomerPasskey, customerAuthenticationOptions, customerRegistrationOptions, verifyCustomerPasskey } from './customer-passkeys.ts';
import { sameOrigin, type SignedInCustomer } from './customer-session.ts';
import { signedIn } from './sign-in.ts';

type Sent = { etape?: unknown; response?: unknown; name?: unknown };

/** Runs a ceremony's last step, answering `refusal` when the key is refused. */
async function orRefusal(step: () => Promise<Response>, refusal: () => Response): Promise<Response> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof Refusal) return refusal();
    throw error;
  }
}

/**
 * POST /api/espace-client/cle: « Se connecter avec une clé d’accès » (public; the site's pages only). Each
 * options call stores a challenge: at most CAPS.passkeyOptions an hour per sender network (429 past it).
 */
export async function passkeySignIn(request: Request, context: { ip?: string } | undefined, body: unknown): Promise<Response> {
  if (!sameOrigin(request)) return apiError('origin_refused');
  const site = relyingPartyOf(siteAddress());
  const sent = (body ?? {}) as Sent;
  if (sent.etape === 'options') {
    const place = await takeCap('passkeyOptions', senderNetwork(context));
    if (!place.taken) return throttled('passkey_options_throttled', place.retryAfterMs);
  }
  if (sent.etape === 'options') return json({ success: true, options: await customerAuthenticationOptions({ rpID: site.rpID }) });
  const refusal = () => apiError('customer_passkey_refused');
  if (!sent.response || typeof sent.response !== 'object') return refusal();
  return orRefusal(async () => {
    const { company, person } = await verifyCustomerPasskey(sent.response as AuthenticationResponseJSON, site);
    return signedIn(request, company, person, 'cle');
  }, refusal);
}

/** POST /api/espace-client/cles: adds a passkey of this device to the person signed in. */
export async function addPasskey({ company, person }: SignedInCustomer, request: Request, body: unknown): Promise<Response> {
  const site = relyingPartyOf(siteAddress());
  const sent = (body ?? {}) as Sent;
  if (sent.etape === 'options') return json({ success: true, options: await customerRegistrationOptions(person, { rpID: site.rpID }) });
  const name = passkeyNameSchema.safeParse(sent.name);
  if (!name.success) return json({ success: false, error: name.error.issues[0]!.message, fields: { name: name.error.issues[0]!.message } }, 400);
  const refusal = () => apiError('passkey_refused');
  if (!sent.response || typeof sent.response !== 'object') return refusal();
  return orRefusal(
    async () => json({ success: true, data: await addCustomerPasskey(company, person, sent.response as RegistrationResponseJSON, { ...site, name: name.data }) }, 201),
    refusal,
  );
}
