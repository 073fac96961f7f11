/**
 * The browser side of the customers' space, shared by its layout and its screens: calls to the space's
 * API with the session cookie (sent by the browser, never readable here), and the one rule for a
 * signed-out visitor: any 401 sends them to the sign-in page, which brings them back after (`?retour=`).
 * A screen shows nothing of a company before its own call answered with the cookie, so a visitor never
 * sees a flash of another company's data.
 */
import type { CustomerMe } from '../customers/model';
import { spacePaths } from '../../lib/paths';
import { spaceApi } from './space-paths';
import { NETWORK_ERROR } from '../../lib/phrases';

/** What a call answered: its data, or the French sentence of its refusal (with the fields' own, if any). */
export type SpaceAnswer<T> = { ok: true; data: T } | { ok: false; status: number; error: string; fields?: Record<string, string> };

/** Sends a signed-out visitor to the sign-in page; they come back to this page once signed in. */
export function toSignIn(): void {
  location.replace(`${spacePaths.signIn}?retour=${encodeURIComponent(location.pathname + location.search)}`);
}

/**
 * Calls the space's API: GET by default, a JSON body for a POST (a FormData is sent as multipart, as is). A 401 (no session, or an ended one)
 * leaves the page for the sign-in page and never resolves: the screen stays as it was.
 */
export async function spaceCall<T>(url: string, body?: unknown): Promise<SpaceAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      cache: 'no-store',
      credentials: 'same-origin',
      ...(body === undefined
        ? {}
        : body instanceof FormData
          ? { method: 'POST', body }
          : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    });
  } catch {
    return { ok: false, status: 0, error: NETWORK_ERROR };
  }
  if (response.status === 401) {
    toSignIn();
    return new Promise(() => {});
  }
  const answer = (await response.json().catch(() => ({}))) as { success?: boolean; data?: T; error?: string; fields?: Record<string, string> };
  if (response.ok && answer.success) return { ok: true, data: answer.data as T };
  return { ok: false, status: response.status, error: answer.error ?? NETWORK_ERROR, ...(answer.fields ? { fields: answer.fields } : {}) };
}

/** Who is signed in (asked once per page, shared by the layout and the screen). */
export const signedIn: Promise<SpaceAnswer<CustomerMe>> = spaceCall<CustomerMe>(spaceApi.me);

/** A new element with its text and class: the screens build their lists from the API's answers. */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, text = '', className = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** A state badge (« Envoyé », « Traité »…) in its tone. */
export function badge(label: string, tone: string): HTMLSpanElement {
  return element('span', label, `space-badge space-badge--${tone}`);
}

/**
 * Puts a screen's answer in place: hides its « Chargement… » line, then shows the list's items, the
 * empty text when there are none, or the refusal's sentence.
 */
export function showAnswer<T>(answer: SpaceAnswer<T[]>, render: (item: T) => HTMLElement): void {
  const status = document.querySelector<HTMLElement>('[data-space-loading]');
  const list = document.querySelector<HTMLElement>('[data-space-list]')!;
  const empty = document.querySelector<HTMLElement>('[data-space-empty]');
  if (!answer.ok) {
    if (status) {
      status.textContent = answer.error;
      status.classList.add('space-error');
    }
    return;
  }
  if (status) status.hidden = true;
  list.replaceChildren(...answer.data.map(render));
  list.hidden = answer.data.length === 0;
  if (empty) empty.hidden = answer.data.length > 0;
}

/** A devis' totals as the devis prints them: total HT, the VAT line, total TTC (the strong ones in bold). */
export function totalsList(rows: readonly { label: string; value: string; strong: boolean }[], name: string): HTMLDListElement {
  const list = element('dl', '', 'space-totals');
  list.setAttribute('aria-label', name);
  for (const row of rows) {
    const line = element('div', '', row.strong ? 'space-total space-total--strong' : 'space-total');
    line.append(element('dt', row.label), element('dd', row.value));
    list.append(line);
  }
  return list;
}
