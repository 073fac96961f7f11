/**
 * « Mes tickets »: the company's tickets as cards (reference, state, impact, equipment, opening date,
 * what happens next), each a link to its page.
 */
import { element } from '../space/space-client';
import type { SpaceTicketListAnswer } from './space-answers';
import { badge, load, when } from './space-ticket-client';
import { spaceTicketApi, spaceTicketPage } from './space-tickets';

const list = document.querySelector<HTMLUListElement>('[data-tickets-list]')!;
const status = document.querySelector<HTMLElement>('[data-tickets-status]')!;
const empty = document.querySelector<HTMLElement>('[data-tickets-empty]')!;

void load<SpaceTicketListAnswer['data']>(spaceTicketApi.list, status, ({ tickets }) => {
  status.textContent = '';
  status.hidden = true;
  empty.hidden = tickets.length > 0;
  list.hidden = tickets.length === 0;
  for (const ticket of tickets) {
    const item = element('li', '', 'space-card ticket-card');
    const title = element('h2');
    const link = element('a', `${ticket.reference}\u00a0· ${ticket.model}`);
    link.href = spaceTicketPage(ticket.id);
    title.append(link);
    const badges = element('p', '', 'ticket-badges');
    badges.append(badge('state', ticket.state), ' ', badge('impact', ticket.impact));
    item.append(title, badges, element('p', ticket.next, 'ticket-next'), element('p', `Déclaré le ${when(ticket.openedAt, ticket.territory)}`, 'space-meta'));
    list.append(item);
  }
});
