/**
 * The behaviour of the sign-in page (SignIn.astro), plain DOM: asks for a link (the server's words shown
 * as they come, a bad address under its field), spends the link the page was opened with (?jeton=…) and
 * goes to the space, or signs in with a passkey (@simplewebauthn/browser loaded on the click only).
 */
import { spaceApi, spacePages } from './space-paths';
import { passkeyAnswer } from './passkey-browser';
import { failureOf, spaceFetch } from './space-fetch';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const form = $<HTMLFormElement>('signin-form');
const email = $<HTMLInputElement>('signin-email');
const emailError = $('signin-email-error');
const sent = $('signin-sent');

/** Into the space: the page the session was opened for. */
/**
 * Where a sign-in leads: back to the space's page that sent the visitor here (`?retour=`, only a path of
 * the space, never another site), else the space's summary.
 */
const back = new URLSearchParams(location.search).get('retour') ?? '';
const enter = () => location.assign(back.startsWith(`${spacePages.home}/`) && !back.startsWith('//') ? back : spacePages.home);

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const button = form.querySelector('button')!;
  emailError.textContent = '';
  email.removeAttribute('aria-invalid');
  sent.textContent = '';
  button.disabled = true;
  const { status, body } = await spaceFetch(spaceApi.link, { method: 'POST', body: { email: email.value } });
  button.disabled = false;
  if (status === 202) {
    sent.textContent = body.message ?? '';
    return;
  }
  const fieldError = body.fields?.email;
  if (fieldError) {
    emailError.textContent = fieldError;
    email.setAttribute('aria-invalid', 'true');
    email.focus();
    return;
  }
  sent.textContent = failureOf(body);
});

$('signin-passkey').addEventListener('click', async () => {
  const error = $('signin-passkey-error');
  error.textContent = '';
  const answer = await passkeyAnswer(spaceApi.passkeySignIn, 'sign-in');
  if (!answer.ok) {
    error.textContent = answer.message;
    return;
  }
  const signedIn = await spaceFetch(spaceApi.passkeySignIn, { method: 'POST', body: { response: answer.response } });
  if (signedIn.status === 200) enter();
  else error.textContent = failureOf(signedIn.body);
});

/** Opened from an e-mailed link: spends it (a POST, so a mail scanner opening the link spends nothing). */
async function spendLink(token: string) {
  $('signin-forms').hidden = true;
  $('signin-connecting').hidden = false;
  const { status, body } = await spaceFetch(spaceApi.signIn, { method: 'POST', body: { token } });
  // The token leaves the address bar and the history once the server has answered for it.
  if (status !== 0) history.replaceState(null, '', location.pathname);
  if (status === 200) return enter();
  $('signin-connecting').hidden = true;
  const alert = $('signin-link-error');
  alert.textContent = failureOf(body);
  alert.hidden = false;
  $('signin-forms').hidden = false;
  email.focus();
}

const token = new URLSearchParams(location.search).get('jeton');
if (token !== null) void spendLink(token);
