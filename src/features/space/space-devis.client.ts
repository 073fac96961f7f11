/**
 * « Mes devis »: lists the company's devis versions; « Accepter » and « Refuser » open the devis page's
 * answer forms (answer-form.ts, the same checks) in a dialog, prefilled with the signed-in person's name,
 * and post the answer to the space (the same records as the link). The list is read again after it.
 */
import { spaceDevisPath } from '../../lib/paths';
import { spaceApi } from './space-paths';
import type { PublicDevis } from '../devis/public-devis';
import { fieldErrors, readAcceptance, readRefusal, type AnswerPayload } from '../devis/answer-form';
import type { SpaceDevis } from './answers';
import { badge, element, showAnswer, signedIn, spaceCall } from './space-client';

const $ = <T extends HTMLElement = HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
const dialog = $<HTMLDialogElement>('[data-space-dialog]');
const acceptForm = $<HTMLFormElement>('#devis-accept');
const refuseForm = $<HTMLFormElement>('#devis-refuse');
let answering: { devis: SpaceDevis; opener: HTMLElement } | undefined;

function open(devis: SpaceDevis, opener: HTMLElement, refuse: boolean) {
  answering = { devis, opener };
  $('[data-dialog-number]').textContent = devis.number;
  $('[data-dialog-facts]').textContent = `${devis.totalTTC} TTC, valable jusqu’au ${devis.validUntil}`;
  fieldErrors('accept');
  for (const id of ['accept-error', 'refuse-error']) $(`#${id}`).textContent = '';
  $<HTMLDetailsElement>('.devis-refuse').open = refuse;
  dialog.showModal();
  (refuse ? $<HTMLTextAreaElement>('#refuse-reason') : $<HTMLInputElement>('#accept-role')).focus();
}

function card(devis: SpaceDevis): HTMLLIElement {
  const item = element('li', '', 'space-card');
  const meta = element('p', `Envoyé le ${devis.date}, valable jusqu’au ${devis.validUntil} `, 'space-meta');
  meta.append(badge(devis.stateLabel, devis.tone));
  item.append(element('h2', `Devis ${devis.number}`), meta, element('p', `Total\u00a0: ${devis.totalTTC} TTC`));
  if (devis.answerText) item.append(element('p', devis.answerText, 'space-answer'));
  const actions = element('div', '', 'space-actions');
  const pdf = element('a', 'Télécharger le PDF', 'btn btn-secondary');
  pdf.href = spaceDevisPath(devis.requestId, devis.version, 'pdf');
  pdf.download = `Devis-${devis.number}.pdf`;
  pdf.setAttribute('aria-label', `Télécharger le PDF du devis ${devis.number}`);
  actions.append(pdf);
  if (devis.answerable) {
    for (const [label, refuse] of [['Accepter', false], ['Refuser', true]] as const) {
      const button = element('button', label, refuse ? 'btn btn-secondary' : 'btn btn-primary');
      button.type = 'button';
      button.setAttribute('aria-label', `${label} le devis ${devis.number}`);
      button.addEventListener('click', () => open(devis, button, refuse));
      actions.append(button);
    }
  }
  item.append(actions);
  return item;
}

const load = () => spaceCall<SpaceDevis[]>(spaceApi.devis).then((answer) => showAnswer(answer, card));

async function send(form: HTMLFormElement, prefix: 'accept' | 'refuse', payload: AnswerPayload) {
  if (!answering) return;
  const button = form.querySelector('button')!;
  button.disabled = true;
  const answer = await spaceCall<PublicDevis>(spaceDevisPath(answering.devis.requestId, answering.devis.version, 'reponse'), payload);
  button.disabled = false;
  fieldErrors(prefix, answer.ok ? {} : answer.fields);
  $(`#${prefix}-error`).textContent = answer.ok || answer.fields ? '' : answer.error;
  if (!answer.ok) return;
  dialog.close();
  const notice = $('[data-space-notice]');
  notice.textContent = answer.data.answer?.text ?? '';
  notice.hidden = false;
  await load();
  notice.focus();
}

// The forms live in the dialog, shown whenever it is open.
$('#devis-forms').hidden = false;
$('[data-dialog-close]').addEventListener('click', () => dialog.close());
dialog.addEventListener('close', () => {
  if (answering?.opener.isConnected) answering.opener.focus();
});
acceptForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const read = readAcceptance(acceptForm);
  if (!read.ok) {
    fieldErrors('accept', read.fields);
    $('#accept-error').textContent = '';
    return;
  }
  void send(acceptForm, 'accept', read.payload);
});
refuseForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void send(refuseForm, 'refuse', readRefusal(refuseForm));
});
void signedIn.then((answer) => {
  const name = $<HTMLInputElement>('#accept-name');
  if (answer.ok && !name.value) name.value = answer.data.person.name;
});
void load();
