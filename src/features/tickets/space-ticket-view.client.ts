/**
 * A ticket's page in the space: reads ?id=, shows the ticket (state, what happens next, equipment, shop),
 * its thread newest last with photo thumbnails (each a link to the photo), the report's link once there is
 * one, « Rouvrir » while allowed, and « Répondre » (text and photos) unless the ticket is closed.
 */
import { element } from '../space/space-client';
import { photoPicker } from './photo-picker';
import type { SpaceTicket } from './space-answers';
import { badge, load, postTicketForm, showRefusal, when } from './space-ticket-client';
import { spaceTicketApi } from './space-tickets';
import { ticketClosed } from './states';
import { company, officeOf, telHref } from '../../lib/site';
import { moment } from '../../records/moment';

const id = new URLSearchParams(location.search).get('id') ?? '';
const status = document.querySelector<HTMLElement>('[data-ticket-status]')!;
const section = document.querySelector<HTMLElement>('[data-ticket]')!;
const thread = section.querySelector<HTMLOListElement>('[data-thread]')!;
const replyForm = section.querySelector<HTMLFormElement>('[data-reply-form]')!;
const replyResult = section.querySelector<HTMLElement>('[data-reply-result]')!;
const replyPhotos = photoPicker(section.querySelector<HTMLInputElement>('[data-reply-photos]')!);
const reopen = section.querySelector<HTMLElement>('[data-reopen]')!;
const reopenButton = section.querySelector<HTMLButtonElement>('[data-reopen-button]')!;
const reopenResult = section.querySelector<HTMLElement>('[data-reopen-result]')!;
const field = (name: string) => section.querySelector<HTMLElement>(`[data-ticket-${name}]`)!;

function messageItem(ticket: SpaceTicket, message: SpaceTicket['messages'][number], index: number): HTMLLIElement {
  const item = element('li', '', `ticket-message ticket-message--${message.kind}`);
  // A staff member is named with the company (« Marc Édouard (Vision Caraïbes) »), unless the company itself signs.
  const staff = message.kind === 'reponse' || (index === 0 && message.by.kind === 'staff');
  const name = staff && message.by.name !== company.name ? `${message.by.name} (${company.name})` : message.by.name;
  const who = index === 0 ? `${name} a déclaré la panne` : name;
  const head = element('p', '', 'space-meta');
  head.append(element('strong', who), `\u00a0· ${when(message.at, ticket.territory)}`);
  item.append(head);
  if (message.text) item.append(element('p', message.text));
  if (message.photos.length > 0) {
    const photos = element('ul', '', 'ticket-photos');
    message.photos.forEach((photo, number) => {
      const link = element('a');
      link.href = spaceTicketApi.photo(ticket.id, photo.id);
      link.target = '_blank';
      link.rel = 'noopener';
      const image = element('img');
      image.src = link.href;
      image.alt = `Photo ${number + 1} du message de ${message.by.name}`;
      image.loading = 'lazy';
      image.width = 96;
      image.height = 96;
      link.append(image);
      const li = element('li');
      li.append(link);
      photos.append(li);
    });
    item.append(photos);
  }
  return item;
}

function show(ticket: SpaceTicket): void {
  document.title = `${ticket.reference} – ${document.title}`;
  field('reference').textContent = `${ticket.reference}\u00a0· ${ticket.equipment.model}`;
  field('badges').replaceChildren(badge('state', ticket.state), ' ', badge('impact', ticket.impact));
  field('next').textContent = ticket.next;
  const deadline = field('deadline');
  deadline.hidden = !ticket.takeInChargeBy;
  deadline.textContent = ticket.takeInChargeBy ? `Prise en charge avant le ${moment(ticket.takeInChargeBy, ticket.territory, { zone: 'always' })}.` : '';
  const office = officeOf(ticket.territory);
  field('urgency-text').textContent = ticket.urgency;
  const phone = section.querySelector<HTMLAnchorElement>('[data-ticket-office-phone]')!;
  phone.textContent = office.phone;
  phone.href = telHref(office.phoneE164);
  field('equipment').textContent = ticket.equipment.serial ? `${ticket.equipment.model} (n°\u00a0${ticket.equipment.serial})` : ticket.equipment.model;
  field('shop').textContent = ticket.shop.name || 'Non précisé';
  field('phone').textContent = ticket.phone;
  const report = field('report');
  report.hidden = !ticket.report;
  if (ticket.report) {
    const link = element('a', `Rapport d’intervention (PDF, ${Math.max(1, Math.round(ticket.report.pdfBytes / 1024))}\u00a0Ko)`);
    link.href = spaceTicketApi.report(ticket.id);
    link.setAttribute('download', `Rapport-${ticket.reference}.pdf`);
    const fingerprint = ticket.report.sha256 ? element('small', ` Empreinte SHA-256\u00a0: ${ticket.report.sha256}`) : undefined;
    report.replaceChildren(link, ...(fingerprint ? [fingerprint] : []));
  }
  reopen.hidden = !ticket.canReopen;
  if (ticket.reopenUntil) section.querySelector<HTMLElement>('[data-reopen-until]')!.textContent = `Possible jusqu’au ${when(ticket.reopenUntil, ticket.territory)}.`;
  thread.replaceChildren(...ticket.messages.map((message, index) => messageItem(ticket, message, index)));
  replyForm.hidden = ticketClosed(ticket.state);
  status.hidden = true;
  section.hidden = false;
}

// Without ?id= there is nothing to ask the API for: the page says so and points back to the list above.
if (id) void load<SpaceTicket>(spaceTicketApi.ticket(id), status, show);
else {
  status.textContent = 'Aucun ticket n’est indiqué dans l’adresse\u00a0: ouvrez-le depuis «\u00a0Mes tickets\u00a0».';
  status.className = 'space-error';
}

replyForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const photos = replyPhotos.files();
  const button = replyForm.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  button.disabled = true;
  replyResult.className = 'space-status';
  replyResult.textContent = 'Envoi…';
  const text = replyForm.querySelector<HTMLTextAreaElement>('[name="text"]')!.value;
  const answer = await postTicketForm<SpaceTicket>(spaceTicketApi.messages(id), { text }, photos);
  button.disabled = false;
  if (!answer.ok) {
    showRefusal(replyForm, replyResult, answer);
    return;
  }
  replyForm.reset();
  replyPhotos.clear();
  showRefusal(replyForm, replyResult, { error: '' });
  replyResult.className = 'space-status';
  replyResult.textContent = 'Message envoyé.';
  show(answer.data);
});

reopenButton.addEventListener('click', async () => {
  reopenButton.disabled = true;
  const answer = await postTicketForm<SpaceTicket>(spaceTicketApi.reopen(id), {});
  reopenButton.disabled = false;
  if (!answer.ok) {
    reopenResult.textContent = answer.error;
    reopenResult.className = 'space-error';
    return;
  }
  reopenResult.className = 'space-status';
  reopenResult.textContent = 'Le ticket est rouvert\u00a0: un technicien le reprend.';
  show(answer.data);
});
