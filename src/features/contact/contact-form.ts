/**
 * The contact form's behaviour in the browser, a few lines of plain TypeScript over the page's own markup
 * (ContactForm.tsx; no framework). The form works without it: it posts to the API, which answers a French page.
 * With it: forbidden characters and a phone that is not one are flagged as typed, with the server's
 * sentences; the send goes as JSON with the submission's idempotency key (a retry of the same text sends the
 * same key, so a request whose answer was lost is not stored twice); the button reads « Envoi en cours... »
 * and is disabled meanwhile; then the success message with the reference (the form cleared) or the error
 * message (what was typed kept), brought into view and focused (below the fold on a phone). A customer signed
 * in to the space finds the fields the account knows filled, and a line saying who is signed in.
 */
import { flagForbiddenCharacters } from '../../lib/characters';
import { accountValues, signedInCustomer, signedInSentence } from '../customers/signed-in';
import { CONTACT_MESSAGES, fieldSubject } from './fields';
import { contactBody, sendContact } from './send';
import { REFERENCE_SENTENCE, SubmissionKey } from './submission';

/** An element with a class and its children (texts or elements). */
function element(tag: string, className: string, ...children: (string | Node)[]): HTMLElement {
  const made = document.createElement(tag);
  made.className = className;
  made.append(...children);
  return made;
}

/** The success message, with the reference of the request when the server gave one. */
function successMessage(reference: string): HTMLElement {
  const message = element('p', 'contact-form-message contact-form-message--success', CONTACT_MESSAGES.success);
  if (reference) {
    message.append(' ', element('span', 'contact-form-reference', REFERENCE_SENTENCE.before, element('span', 'reference', reference), REFERENCE_SENTENCE.after));
  }
  return message;
}

/** Shows an answer under the button (replacing the previous one), brings it into view and moves the focus to it. */
function show(form: HTMLFormElement, message: HTMLElement, where: 'status' | 'alert'): void {
  for (const old of form.querySelectorAll('[data-answer]')) old.remove();
  message.dataset.answer = '';
  message.tabIndex = -1;
  if (where === 'alert') {
    message.setAttribute('role', 'alert');
    form.append(message);
  } else form.querySelector('[role="status"]')?.append(message);
  message.scrollIntoView({ block: 'nearest' });
  message.focus({ preventScroll: true });
}

/** The sentences the server put under fields (a form sent without JavaScript): gone once the form is sent again. */
function clearFieldErrors(form: HTMLFormElement): void {
  for (const error of form.querySelectorAll('.field-error')) error.remove();
  for (const field of form.querySelectorAll('[aria-invalid]')) {
    field.removeAttribute('aria-invalid');
    field.removeAttribute('aria-describedby');
  }
}

/** Fills the empty fields the account knows (still editable; a reset brings them back) and says who is signed in. */
async function fillFromAccount(form: HTMLFormElement): Promise<void> {
  const me = await signedInCustomer();
  if (!me) return;
  for (const [name, value] of Object.entries(accountValues(me))) {
    const field = form.elements.namedItem(name);
    if (!(field instanceof HTMLInputElement) || !value) continue;
    field.defaultValue = value;
    if (field.value === '') field.value = value;
  }
  const sentence = signedInSentence(me);
  form.prepend(element('p', 'signed-in-line', sentence.before, element('strong', '', sentence.name), sentence.after));
}

function attach(form: HTMLFormElement): void {
  const submission = new SubmissionKey();
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const label = button?.textContent ?? '';

  // A changed text is a new submission (its own key); forbidden characters are flagged as typed.
  form.addEventListener('input', (event) => {
    submission.reset();
    flagForbiddenCharacters(event, fieldSubject);
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (button?.disabled) return;
    if (button) {
      button.disabled = true;
      button.textContent = CONTACT_MESSAGES.sending;
    }
    form.setAttribute('aria-busy', 'true');
    const outcome = await sendContact(contactBody(new FormData(form), submission.current()));
    form.removeAttribute('aria-busy');
    if (button) {
      button.disabled = false;
      button.textContent = label;
    }
    if (outcome.ok) {
      clearFieldErrors(form);
      form.reset();
      submission.reset();
      show(form, successMessage(outcome.reference), 'status');
    } else show(form, element('p', 'contact-form-message contact-form-message--error', CONTACT_MESSAGES.error), 'alert');
  });

  void fillFromAccount(form);
  form.dataset.ready = 'true';
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-contact-form]')) attach(form);
