/**
 * The behaviour of « Mon compte » (Account.astro), plain DOM: loads who is signed in, their sessions and
 * passkeys; ends one session, this device's, or all of them (after the dialog's confirmation); adds a
 * passkey for this device (@simplewebauthn/browser loaded on the click only) or removes one. Whenever the
 * server says the session is over, the page goes to the sign-in page.
 */
import type { CustomerMe } from '../customers/model';
import { DEFAULT_TERRITORY, type TerritoryId } from '../../lib/territories';
import { moment } from '../../records/moment';
import type { CustomerPasskeyView, CustomerSessionView } from './account-model';
import { deviceLabel } from './device-label';
import { spaceApi, spacePages, spacePasskeyPath, spaceSessionPath } from './space-paths';
import { passkeyAnswer } from './passkey-browser';
import { failureOf, spaceFetch, type SpaceAnswer } from './space-fetch';
import { toSignIn } from './space-client';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const signInPage = () => location.replace(spacePages.signIn);

/** Goes to the sign-in page when the session is over (it brings the person back here after); true when it did. */
const signedOut = (status: number) => {
  if (status !== 401) return false;
  toSignIn();
  return true;
};

/** A new element with its text and class. */
const element = (tag: string, text = '', className = ''): HTMLElement => Object.assign(document.createElement(tag), { textContent: text, className });

const METHODS = { lien: 'lien reçu par e-mail', cle: 'clé d’accès' } as const;

/** The company's territory, once read: its times are written in that territory's time, whatever the browser's zone. */
let territory: TerritoryId = DEFAULT_TERRITORY;
const when = (at: string): string => moment(at, territory, { as: 'long' });

function sessionItem(session: CustomerSessionView): HTMLElement {
  const item = element('li', '', 'space-item');
  const name = deviceLabel(session.device);
  const text = element('div');
  const title = element('p', name, 'space-item-title');
  if (session.current) title.append(' ', element('span', 'Cet appareil', 'space-this-device'));
  text.append(
    title,
    element('p', `Connecté le ${when(session.createdAt)} par ${METHODS[session.method]}\u00a0· vu le ${when(session.lastSeenAt)}`, 'space-item-meta'),
  );
  const button = element('button', 'Déconnecter', 'btn btn-secondary btn-small') as HTMLButtonElement;
  button.type = 'button';
  button.setAttribute('aria-label', `Déconnecter ${name}${session.current ? ' (cet appareil)' : ''}`);
  button.addEventListener('click', async () => {
    button.disabled = true;
    const { status, body } = await spaceFetch(spaceSessionPath(session.id), { method: 'DELETE' });
    if (signedOut(status)) return;
    if (status === 200 && session.current) return signInPage();
    if (status !== 200) $('account-sessions-error').textContent = failureOf(body);
    await loadSessions();
  });
  item.append(text, button);
  return item;
}

function passkeyItem(passkey: CustomerPasskeyView): HTMLElement {
  const item = element('li', '', 'space-item');
  const text = element('div');
  text.append(
    element('p', passkey.name, 'space-item-title'),
    element('p', `Ajoutée le ${when(passkey.createdAt)}${passkey.lastUsedAt ? `\u00a0· utilisée le ${when(passkey.lastUsedAt)}` : ''}`, 'space-item-meta'),
  );
  const button = element('button', 'Supprimer', 'btn btn-secondary btn-small') as HTMLButtonElement;
  button.type = 'button';
  button.setAttribute('aria-label', `Supprimer la clé d’accès «\u00a0${passkey.name}\u00a0»`);
  button.addEventListener('click', async () => {
    button.disabled = true;
    const { status, body } = await spaceFetch(spacePasskeyPath(passkey.id), { method: 'DELETE' });
    if (signedOut(status)) return;
    $('account-passkey-done').textContent = status === 200 ? `Clé d’accès «\u00a0${passkey.name}\u00a0» supprimée.` : '';
    if (status !== 200) $('account-passkey-error').textContent = failureOf(body);
    await loadPasskeys();
  });
  item.append(text, button);
  return item;
}

async function loadSessions() {
  const { status, body } = await spaceFetch<CustomerSessionView[]>(spaceApi.sessions);
  if (signedOut(status)) return;
  $('account-sessions').replaceChildren(...(body.data ?? []).map(sessionItem));
}

async function loadPasskeys() {
  const { status, body } = await spaceFetch<CustomerPasskeyView[]>(spaceApi.passkeys);
  if (signedOut(status)) return;
  const keys = body.data ?? [];
  $('account-passkeys').replaceChildren(...keys.map(passkeyItem));
  $('account-passkeys-empty').hidden = keys.length > 0;
}

async function load() {
  const { status, body } = await spaceFetch<CustomerMe>(spaceApi.me);
  if (signedOut(status)) return;
  $('account-loading').hidden = true;
  if (status !== 200 || !body.data) {
    $('account-error').textContent = failureOf(body);
    $('account-error').hidden = false;
    return;
  }
  const { person, company } = body.data;
  territory = company.territory;
  const fields: Record<string, string> = { name: person.name, email: person.email, company: `${company.name} (${company.clientCode})` };
  for (const node of document.querySelectorAll<HTMLElement>('[data-field]')) node.textContent = fields[node.dataset.field!] ?? '';
  await Promise.all([loadSessions(), loadPasskeys()]);
  $('account-view').hidden = false;
}

const dialog = $<HTMLDialogElement>('account-confirm');
$('account-sign-out-everywhere').addEventListener('click', () => {
  dialog.showModal();
  $('account-confirm-cancel').focus();
});
$('account-confirm-cancel').addEventListener('click', () => dialog.close());
$('account-confirm-ok').addEventListener('click', async () => {
  const { status, body } = await spaceFetch(spaceApi.sessions, { method: 'DELETE' });
  if (status === 200 || signedOut(status)) return signInPage();
  dialog.close();
  $('account-sessions-error').textContent = failureOf(body);
});

const passkeyForm = $<HTMLFormElement>('account-passkey-form');
passkeyForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const error = $('account-passkey-error');
  const done = $('account-passkey-done');
  const nameInput = $<HTMLInputElement>('account-passkey-name');
  error.textContent = '';
  done.textContent = '';
  const answer = await passkeyAnswer(spaceApi.passkeys, 'register');
  if (signedOut(answer.ok ? 200 : answer.status)) return;
  if (!answer.ok) {
    error.textContent = answer.message;
    return;
  }
  const added = await spaceFetch<CustomerPasskeyView>(spaceApi.passkeys, { method: 'POST', body: { response: answer.response, name: nameInput.value } });
  if (signedOut(added.status)) return;
  if (added.status !== 201 || !added.body.data) {
    error.textContent = failureOf(added.body as SpaceAnswer);
    return;
  }
  done.textContent = `Clé d’accès «\u00a0${added.body.data.name}\u00a0» enregistrée pour cet appareil.`;
  nameInput.value = '';
  await loadPasskeys();
});

void load();
