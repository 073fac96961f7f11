/**
 * The contact form's markup, with no JavaScript of its own: the page renders it at build time (no island),
 * and the API renders it again for a form sent without JavaScript, with what was typed and the server's
 * French sentences (netlify/lib/requests/contact-form-post.ts). Seven required fields checked by the browser, a message under the
 * send button (the success with the request's reference, or the error). The form posts to the API itself, so
 * it works without JavaScript; with it, contact-form.ts sends it as JSON and shows the sending state.
 * Labels, options and messages come from fields.ts.
 */
import { FormNotice } from './FormNotice';
import { CONTACT_LABELS, CONTACT_MESSAGES, CONTACT_PLACEHOLDERS, CONTACT_SELECT_LABELS, DEADLINE_OPTIONS, REQUIRED_FIELDS, SERVICE_OPTIONS, type ContactPayload } from './fields';
import { FieldError, Honeypot, TextField } from './FormField';
import { ReferenceSentence } from './ReferenceSentence';
import { CONTACT_ENDPOINT } from './send';

/** The form's id: its fields are contact-name, contact-email… */
const CONTACT_FORM_ID = 'contact';

/** What the server answered a form sent without JavaScript: stored (with its reference), or refused with its sentences. */
export type ContactAnswer = { sent: true; reference: string } | { sent: false; error: string; fields: Record<string, string> };

interface ContactFormProps {
  /** How long a request is kept, from the lifetimes table (computed by the page or the API, never in the browser). */
  requestKeptFor: string;
  /** What the fields hold (a form sent back with its errors keeps what was typed). */
  values?: Partial<ContactPayload>;
  answer?: ContactAnswer;
}

export default function ContactForm({ requestKeptFor, values = {}, answer }: ContactFormProps) {
  const fields = answer && !answer.sent ? answer.fields : {};
  // Without JavaScript the answer is a new page: the browser brings the focused element into view, the first
  // field to correct (read with its sentence) or else the message.
  const firstWrong = REQUIRED_FIELDS.contact.find((name) => fields[name]);
  const field = (name: 'name' | 'email' | 'phone' | 'company' | 'message') => (
    <TextField form={CONTACT_FORM_ID} name={name} required placeholder={CONTACT_PLACEHOLDERS[name]} defaultValue={values[name]} error={fields[name]} autoFocus={firstWrong === name} />
  );
  return (
    <form className="contact-form" method="post" action={CONTACT_ENDPOINT} aria-label="Formulaire de contact" data-contact-form>
      <div className="contact-form-grid">
        {field('name')}
        {field('email')}
        {field('phone')}
        {field('company')}
        <ChoiceField name="subject" label={CONTACT_SELECT_LABELS.subject} placeholder={CONTACT_LABELS.subject} options={SERVICE_OPTIONS} value={values.subject} error={fields.subject} autoFocus={firstWrong === 'subject'} />
        <ChoiceField name="delai" label={CONTACT_SELECT_LABELS.delai} placeholder={CONTACT_LABELS.delai} options={DEADLINE_OPTIONS} value={values.delai} error={fields.delai} autoFocus={firstWrong === 'delai'} />
        {field('message')}
      </div>
      <Honeypot form={CONTACT_FORM_ID} />
      <div className="contact-form-footer">
        <button type="submit" className="btn btn-primary contact-form-submit">
          Envoyer le message
        </button>
        <p className="contact-form-note">Tous les champs sont obligatoires.</p>
      </div>
      <FormNotice purpose="répondre à votre demande" keptFor={requestKeptFor} />
      <div role="status" className="contact-form-status">
        {answer?.sent && (
          <p tabIndex={-1} autoFocus className="contact-form-message contact-form-message--success" data-answer>
            {CONTACT_MESSAGES.success}
            {answer.reference && (
              <>
                {' '}
                <span className="contact-form-reference">
                  <ReferenceSentence reference={answer.reference} />
                </span>
              </>
            )}
          </p>
        )}
      </div>
      {answer && !answer.sent && (
        <p tabIndex={-1} autoFocus={!firstWrong} role="alert" className="contact-form-message contact-form-message--error" data-answer>
          {answer.error}
        </p>
      )}
    </form>
  );
}

/** A required select that starts on its disabled placeholder option (or on the option sent back). */
function ChoiceField({ name, label, placeholder, options, value, error, autoFocus }: { name: 'subject' | 'delai'; label: string; placeholder: string; options: readonly string[]; value?: string; error?: string; autoFocus: boolean }) {
  const id = `${CONTACT_FORM_ID}-${name}`;
  const chosen = value && options.includes(value) ? value : '';
  return (
    <div className="field field--wide">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} required defaultValue={chosen} autoFocus={autoFocus || undefined} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}
