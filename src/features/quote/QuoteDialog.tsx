/**
 * The quote dialog of the cart page: a native modal <dialog> with name,
 * company, phone, e-mail, an optional client code and the hidden honeypot. An empty required field shows
 * the inline alert « Veuillez remplir tous les champs » and sends nothing; sending shows « Envoi en
 * cours... » on the disabled button; a success shows its message, then the dialog closes and the form
 * resets after QUOTE_CLOSE_DELAY_MS, the reference going to the cart page; a failure shows the error
 * message (sendQuote logs it). A retry of the same form and cart sends the same idempotency key
 * (contact/submission.ts), so a quote whose answer was lost is not stored twice.
 * The request is built by quote.ts, the module the server prices with.
 */
import { FormNotice } from '../contact/FormNotice';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { ReferenceSentence } from '../contact/ReferenceSentence';
import { SubmissionKey } from '../contact/submission';
import { SignedInLine, useSignedInForm } from '../contact/SignedIn';
import { QUOTE_CLOSE_DELAY_MS } from '../../lib/constants';
import { formatCents } from '../../lib/price';
import { HONEYPOT_FIELD, REQUIRED_FIELDS, fieldSubject } from '../contact/fields';
import { flagForbiddenCharacters } from '../../lib/characters';
import { Honeypot, TextField } from '../contact/FormField';
import '../contact/FormField.css';
import type { QuoteDialogProps } from '../cart/CartContents';
import { territoryOf } from '../../lib/territories';
import { QUOTE_MESSAGES, quoteRequestBody, type QuoteCustomer } from './quote';
import { sendQuote } from './send';
import './QuoteDialog.css';

type Status = 'idle' | 'missing' | 'sending' | 'success' | 'error';

export default function QuoteDialog({ open, cart, totals, onClose, onSent, requestKeptFor }: QuoteDialogProps & { requestKeptFor: string }) {
  const { units, subtotalHTCents, territory } = totals;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const [status, setStatus] = useState<Status>('idle');
  const [reference, setReference] = useState('');
  const submission = useRef(new SubmissionKey());
  // Signed in to the customers' space: the fields the account knows are filled (client code included).
  const me = useSignedInForm(formRef);
  const id = useId();
  const field = (name: string) => `${id}-${name}`;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // Start on the first field rather than on « Fermer ».
      formRef.current?.querySelector<HTMLInputElement>('input[name="name"]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  // Another cart or territory is another quote: it gets its own idempotency key.
  useEffect(() => submission.current.reset(), [cart, territory]);

  // On a phone the message may sit below the fold of the dialog: bring it into view.
  useEffect(() => {
    if (status === 'missing' || status === 'error' || status === 'success') {
      dialogRef.current?.querySelector('.form-message')?.scrollIntoView({ block: 'nearest' });
    }
  }, [status]);

  /** The dialog closed (any way): a sent request leaves a fresh form behind. */
  function handleClose() {
    window.clearTimeout(closeTimer.current);
    if (status === 'success') formRef.current?.reset();
    if (status !== 'sending') setStatus('idle');
    onClose();
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'sending' || status === 'success') return;
    const data = new FormData(event.currentTarget);
    const read = (name: string) => String(data.get(name) ?? '').trim();
    if (REQUIRED_FIELDS.quote.some((name) => read(name) === '')) {
      setStatus('missing');
      return;
    }
    // A field holding a forbidden character says so in the browser's own words, as the contact form does.
    if (!event.currentTarget.reportValidity()) return;
    const customer: QuoteCustomer = { name: read('name'), company: read('company'), phone: read('phone'), email: read('email'), clientCode: read('clientCode') };
    setStatus('sending');
    const outcome = await sendQuote({ ...quoteRequestBody(customer, cart, territory, read(HONEYPOT_FIELD)), idempotencyKey: submission.current.current() });
    if (!outcome.ok) {
      setStatus('error');
      return;
    }
    submission.current.reset();
    setReference(outcome.reference);
    setStatus('success');
    onSent(outcome.reference);
    closeTimer.current = window.setTimeout(() => {
      formRef.current?.reset();
      setStatus('idle');
      dialogRef.current?.close();
    }, QUOTE_CLOSE_DELAY_MS);
  }

  const busy = status === 'sending' || status === 'success';
  const titleId = field('title');

  return (
    <dialog ref={dialogRef} className="cart-dialog quote-dialog" aria-labelledby={titleId} onClose={handleClose}>
      <div className="cart-dialog-head">
        <div>
          <p className="eyebrow">Sans engagement</p>
          <h2 id={titleId}>Demander un devis</h2>
        </div>
        <button type="button" className="dialog-close cart-dialog-close" onClick={() => dialogRef.current?.close()}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span className="cart-dialog-close-text">Fermer</span>
        </button>
      </div>
      <p className="quote-dialog-lead">
        Votre demande porte sur {units} article{units > 1 ? 's' : ''} pour un total de {formatCents(subtotalHTCents)} HT, livraison en{' '}
        {territoryOf(territory).label} ({formatCents(totals.totalTTCCents)} TTC). Un conseiller vous répond avec un devis détaillé et les
        délais de livraison.
      </p>
      <form ref={formRef} className="quote-form" onSubmit={onSubmit} onInput={(event) => {
          submission.current.reset();
          flagForbiddenCharacters(event, fieldSubject);
        }} noValidate aria-busy={status === 'sending'}>
        <SignedInLine me={me} />
        <div className="quote-form-grid">
          <TextField form={id} name="name" required />
          <TextField form={id} name="company" required />
          <TextField form={id} name="phone" required />
          <TextField form={id} name="email" required />
          <TextField form={id} name="clientCode" required={false} wide hint="Indiquez-le si vous êtes déjà client&nbsp;: nous appliquerons vos conditions." />
        </div>
        <Honeypot form={id} />
        {status === 'missing' && (
          <p role="alert" className="form-message form-message--error">
            {QUOTE_MESSAGES.missing}
          </p>
        )}
        {status === 'error' && (
          <p role="alert" className="form-message form-message--error">
            {QUOTE_MESSAGES.error}
          </p>
        )}
        <div role="status" className="quote-form-status">
          {status === 'success' && (
            <p className="form-message form-message--success">
              {QUOTE_MESSAGES.success}
              {reference && (
                <>
                  {' '}
                  <ReferenceSentence reference={reference} />
                </>
              )}
            </p>
          )}
        </div>
        <div className="quote-form-footer">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {status === 'sending' ? QUOTE_MESSAGES.sending : 'Envoyer la demande'}
          </button>
          <p className="field-hint">* Champs obligatoires</p>
        </div>
        <FormNotice purpose="établir et suivre votre devis" keptFor={requestKeptFor} />
      </form>
    </dialog>
  );
}
