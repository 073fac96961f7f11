/**
 * The browser side of the space's tickets, shared by « Mes tickets », « Déclarer une panne » and a
 * ticket's page: sending a form with its photos (resized first: photo-upload.ts), the state
 * and impact badges, dates in French.
 */
import { moment } from '../../records/moment';
import type { TerritoryId } from '../../lib/territories';
import { spaceCall, type SpaceAnswer } from '../space/space-client';
import { ticketImpactOf, ticketStateOf, type TicketImpact, type TicketState } from './states';
import { resizePhotos } from './photo-upload';

/** A badge of a state (its tone) or an impact. */
export function badge(kind: 'state' | 'impact', id: string): HTMLSpanElement {
  const definition = kind === 'state' ? ticketStateOf(id as TicketState) : ticketImpactOf(id as TicketImpact);
  const node = document.createElement('span');
  node.className = `space-badge space-badge--${definition.tone}`;
  node.textContent = definition.label;
  return node;
}

/** « 21/05/2026 à 16:30 » in the ticket's territory (« (heure de Cayenne) » in Guyane), as the staff and the report say it. */
export const when = (iso: string, territory: TerritoryId): string => moment(iso, territory);

/** POSTs a form's fields and photos (multipart) to the space's API, with the space's rule for a 401. */
export async function postTicketForm<T>(url: string, fields: Record<string, string>, photos: readonly File[] = []): Promise<SpaceAnswer<T>> {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const photo of await resizePhotos(photos)) data.append('photos', photo);
  return spaceCall<T>(url, data);
}

/** Asks the API for a screen's data: shown by `show`, or its refusal in the screen's status line. */
export async function load<T>(url: string, status: HTMLElement, show: (data: T) => void): Promise<void> {
  const answer = await spaceCall<T>(url);
  if (!answer.ok) {
    status.textContent = answer.error;
    status.className = 'space-error';
    return;
  }
  show(answer.data);
}

/** Shows a form's refusal: the sentence in the form's status line, each field's own next to it. */
export function showRefusal(form: HTMLFormElement, status: HTMLElement, answer: { error: string; fields?: Record<string, string> }): void {
  status.textContent = answer.error;
  status.className = 'space-error';
  for (const node of form.querySelectorAll<HTMLElement>('[data-field-error]')) {
    const message = answer.fields?.[node.dataset.fieldError!] ?? '';
    node.textContent = message;
    node.hidden = message === '';
    const input = form.querySelector<HTMLElement>(`[name="${node.dataset.fieldError}"]`);
    if (input) {
      if (message) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    }
  }
}
