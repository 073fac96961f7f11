/** « Mes demandes »: the requests sent from the company's space, newest first. */
import { spaceApi } from './space-paths';
import type { SpaceRequest } from './answers';
import { badge, element, showAnswer, spaceCall } from './space-client';

function card(request: SpaceRequest): HTMLLIElement {
  const item = element('li', '', 'space-card');
  const head = element('h2', `${request.kindLabel}\u00a0${request.reference}`);
  const meta = element('p', `Envoyée le ${request.date} `, 'space-meta');
  meta.append(badge(request.statusLabel, request.tone));
  item.append(head, meta, element('p', request.subject, 'space-subject'), element('p', request.excerpt, 'space-excerpt'));
  return item;
}

void spaceCall<SpaceRequest[]>(spaceApi.requests).then((answer) => showAnswer(answer, card));
