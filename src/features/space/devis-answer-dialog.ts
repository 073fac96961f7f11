/**
 * The dialog that answers a devis from the customers' space (DevisAnswerDialog.astro): « Accepter » and
 * « Refuser » open the devis page's own answer forms (answer-form.ts, the same checks), prefilled with the
 * signed-in person's name, and post the answer to the space's devis path (the same records, PDF and e-mails
 * as the link). « Mes devis » and « Mes réparations » both use it; `answered` runs after a recorded answer.
 */
import { spaceDevisPath } from '../../lib/paths';
import type { PublicDevis } from '../devis/public-devis';
import { fieldErrors, readAcceptance, readRefusal, type AnswerPayload } from '../devis/answer-form';
import { element, signedIn, spaceCall } from './space-client';

/** The devis version the dialog answers, and the words that say which. */
export interface DevisToAnswer {
  requestId: string;
  version: number;
  number: string;
  /** « 1 234,56 € TTC, valable jusqu’au 21/06/2026 ». */
  facts: string;
}

/** Wires the dialog; answers the function that opens it for a version (from the button that opened it). */
export function devisAnswerDialog(answered: (text: string) => Promise<void>): (devis: DevisToAnswer, opener: HTMLElement, refuse: boolean) => void {
  const $ = <T extends HTMLElement = HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
  const dialog = $<HTMLDialogElement>('[data-space-dialog]');
  const acceptForm = $<HTMLFormElement>('#devis-accept');
  const refuseForm = $<HTMLFormElement>('#devis-refuse');
  let answering: { devis: DevisToAnswer; opener: HTMLElement } | undefined;

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
    await answered(answer.data.answer?.text ?? '');
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

  return (devis, opener, refuse) => {
    answering = { devis, opener };
    $('[data-dialog-number]').textContent = devis.number;
    $('[data-dialog-facts]').textContent = devis.facts;
    fieldErrors('accept');
    for (const id of ['accept-error', 'refuse-error']) $(`#${id}`).textContent = '';
    $<HTMLDetailsElement>('.devis-refuse').open = refuse;
    dialog.showModal();
    (refuse ? $<HTMLTextAreaElement>('#refuse-reason') : $<HTMLInputElement>('#accept-role')).focus();
  };
}

/** What a list does after an answer: the answer's sentence in its notice line, the list read again, the notice focused. */
export const noticeThenReload =
  (reload: () => Promise<void>) =>
  async (text: string): Promise<void> => {
    const notice = document.querySelector<HTMLElement>('[data-space-notice]')!;
    notice.textContent = text;
    notice.hidden = false;
    await reload();
    notice.focus();
  };

/** « Accepter » and « Refuser » buttons of a devis awaiting an answer, each opening the dialog. */
export function answerButtons(devis: DevisToAnswer, open: ReturnType<typeof devisAnswerDialog>): HTMLDivElement {
  // The answer is a row of its own, « Accepter » first: never wrapped among the documents' links.
  const group = element('div', '', 'space-answer-buttons');
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', `Répondre au devis ${devis.number}`);
  for (const [label, refuse] of [
    ['Accepter', false],
    ['Refuser', true],
  ] as const) {
    const button = element('button', label, refuse ? 'btn btn-secondary' : 'btn btn-primary');
    button.type = 'button';
    button.setAttribute('aria-label', `${label} le devis ${devis.number}`);
    button.addEventListener('click', () => open(devis, button, refuse));
    group.append(button);
  }
  return group;
}
