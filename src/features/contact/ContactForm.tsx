/**
 * The contact form: seven required fields checked by the browser (the phone a phone number), a sending state
 * (« Envoi en cours... », button disabled), then the success message with the request's reference and
 * the form cleared, or the error message with the visitor's text kept; either message is brought into view
 * and takes the focus (on a phone it appears below the fold). A retry of the same text sends
 * the same idempotency key (submission.ts), so a request whose answer was lost is not stored twice.
 * Labels, options and messages come from fields.ts.
 */
import { FormNotice } from './FormNotice';
import { useEffect, useRef, useState, type InputEvent, type SubmitEvent } from 'react';
import { CONTACT_LABELS, CONTACT_MESSAGES, CONTACT_PLACEHOLDERS, CONTACT_SELECT_LABELS, DEADLINE_OPTIONS, SERVICE_OPTIONS, fieldSubject } from './fields';
import { Honeypot, TextField } from './FormField';
import { flagForbiddenCharacters } from '../../lib/characters';
import { contactBody, sendContact } from './send';
import { ReferenceSentence } from './ReferenceSentence';
import { SubmissionKey } from './submission';
import { SignedInLine, useSignedInForm } from './SignedIn';
import './ContactForm.css';

type Status = 'idle' | 'sending' | 'success' | 'error';

/** The form's id: its fields are contact-name, contact-email… */
const FORM = 'contact';

/** `requestKeptFor`: how long a request is kept, from the lifetimes table (the page computes it at build time). */
export default function ContactForm({ requestKeptFor }: { requestKeptFor: string }) {
  const [ready, setReady] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const [reference, setReference] = useState('');
  const submission = useRef(new SubmissionKey());
  const messageRef = useRef<HTMLParagraphElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Signed in to the customers' space: the fields the account knows are filled.
  const me = useSignedInForm(formRef);
  // The button looks and is enabled from the first paint. Until the island is ready, the page's own script
  // (contact.astro) holds a send the browser's checks let through (no native submission that would put the
  // text in the address): it is sent here once ready.
  useEffect(() => setReady(true), []);
  useEffect(() => {
    const form = formRef.current;
    if (!ready || !form?.dataset.sendWhenReady) return;
    delete form.dataset.sendWhenReady;
    form.requestSubmit();
  }, [ready]);

  // The answer sits under the button, below the fold on a phone: bring it into view and move the focus to
  // it, so it is both seen and read out.
  useEffect(() => {
    if (status !== 'success' && status !== 'error') return;
    messageRef.current?.scrollIntoView({ block: 'nearest' });
    messageRef.current?.focus({ preventScroll: true });
  }, [status]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setStatus('sending');
    const outcome = await sendContact(contactBody(new FormData(form), submission.current.current()));
    if (outcome.ok) {
      form.reset();
      submission.current.reset();
      setReference(outcome.reference);
    }
    setStatus(outcome.ok ? 'success' : 'error');
  }

  /** A changed text is a new submission (its own key); forbidden characters are flagged as typed. */
  function onInput(event: InputEvent<HTMLFormElement>) {
    submission.current.reset();
    flagForbiddenCharacters(event, fieldSubject);
  }

  const sending = status === 'sending';

  return (
    <form ref={formRef} className="contact-form" onSubmit={onSubmit} onInput={onInput} aria-label="Formulaire de contact" aria-busy={sending} data-contact-form data-ready={ready ? 'true' : undefined}>
      <SignedInLine me={me} />
      <div className="contact-form-grid">
        <TextField form={FORM} name="name" required placeholder={CONTACT_PLACEHOLDERS.name} />
        <TextField form={FORM} name="email" required placeholder={CONTACT_PLACEHOLDERS.email} />
        <TextField form={FORM} name="phone" required placeholder={CONTACT_PLACEHOLDERS.phone} />
        <TextField form={FORM} name="company" required placeholder={CONTACT_PLACEHOLDERS.company} />
        <ChoiceField id={`${FORM}-subject`} name="subject" label={CONTACT_SELECT_LABELS.subject} placeholder={CONTACT_LABELS.subject} options={SERVICE_OPTIONS} />
        <ChoiceField id={`${FORM}-delai`} name="delai" label={CONTACT_SELECT_LABELS.delai} placeholder={CONTACT_LABELS.delai} options={DEADLINE_OPTIONS} />
        <TextField form={FORM} name="message" required placeholder={CONTACT_PLACEHOLDERS.message} />
      </div>
      <Honeypot form={FORM} />
      <div className="contact-form-footer">
        <button type="submit" className="btn btn-primary contact-form-submit" disabled={sending}>
          {sending ? CONTACT_MESSAGES.sending : 'Envoyer le message'}
        </button>
        <p className="contact-form-note">Tous les champs sont obligatoires.</p>
      </div>
      <FormNotice purpose="répondre à votre demande" keptFor={requestKeptFor} />
      <div role="status" className="contact-form-status">
        {status === 'success' && (
          <p ref={messageRef} tabIndex={-1} className="contact-form-message contact-form-message--success">
            {CONTACT_MESSAGES.success}
            {reference && (
              <>
                {' '}
                <span className="contact-form-reference">
                  <ReferenceSentence reference={reference} />
                </span>
              </>
            )}
          </p>
        )}
      </div>
      {status === 'error' && (
        <p ref={messageRef} tabIndex={-1} role="alert" className="contact-form-message contact-form-message--error">
          {CONTACT_MESSAGES.error}
        </p>
      )}
    </form>
  );
}

/** A required select that starts on its disabled placeholder option. */
function ChoiceField({ id, name, label, placeholder, options }: { id: string; name: string; label: string; placeholder: string; options: readonly string[] }) {
  return (
    <div className="field field--wide">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} required defaultValue="">
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
