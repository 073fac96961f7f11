/**
 * « Résoudre »: the intervention report the technician fills in before a ticket becomes « Résolu » — the
 * work done, the time spent, the parts (a catalogue reference looked up in the catalogue, as the equipment's model is, or a
 * part typed), and the customer's signature drawn on the screen with their name (optional). Loaded only when
 * opened.
 */
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { call, checked } from '../../lib/api-client';
import { CloseButton, useModal } from '../../lib/modal';
import { customersApi, productChoicesAnswerSchema } from '../customers/admin-api';
import type { Ticket } from './model';
import { REPORT_LIMITS, type ResolutionBody } from './staff';
import { keptPart } from './offline/field-store';
import SignaturePad from './SignaturePad';
import ErrorAlert from '../../lib/ErrorAlert';

interface Part {
  reference: string | null;
  name: string;
  quantity: number;
}

interface Props {
  token: string;
  ticket: Ticket;
  onClose: () => void;
  /** Sends the report (or keeps it on the phone to send); returns the sentence to show when it was refused. */
  onResolve: (body: ResolutionBody) => Promise<string | undefined>;
}

export default function ResolveDialog({ token, ticket, onClose, onResolve }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useModal(ref);
  const [workDone, setWorkDone] = useState('');
  const [minutes, setMinutes] = useState('');
  const [parts, setParts] = useState<Part[]>([]);
  const [reference, setReference] = useState('');
  const [typed, setTyped] = useState('');
  const [lookupError, setLookupError] = useState('');
  const [signedBy, setSignedBy] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [state, setState] = useState({ sending: false, error: '' });

  async function addByReference() {
    setLookupError('');
    const wanted = reference.trim();
    if (!wanted) return setLookupError('Saisissez une référence du catalogue.');
    // The catalogue's search puts the product whose reference (or code) is the text first.
    const answer = checked(await call(token, customersApi.products(wanted)), productChoicesAnswerSchema);
    if (!answer.ok && answer.status === 0) {
      // Without network: the catalogue's references kept on the phone.
      const kept = await keptPart(wanted);
      if (!kept) return setLookupError('Hors ligne\u00a0: aucune référence gardée sur cet appareil ne correspond.');
      setParts((current) => [...current, { reference: kept.reference, name: kept.name, quantity: 1 }]);
      return setReference('');
    }
    if (!answer.ok) return setLookupError(answer.message);
    const product = answer.value.data.find((one) => one.reference.toLowerCase() === wanted.toLowerCase() || one.code?.toLowerCase() === wanted.toLowerCase());
    if (!product) return setLookupError('Aucun produit du catalogue n’a cette référence.');
    setParts((current) => [...current, { reference: product.reference, name: product.name, quantity: 1 }]);
    setReference('');
  }

  function addTyped() {
    const name = typed.trim();
    if (!name) return setLookupError('Nommez la pièce à ajouter.');
    setParts((current) => [...current, { reference: null, name, quantity: 1 }]);
    setTyped('');
    setLookupError('');
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setState({ sending: true, error: '' });
    const error = await onResolve({
      workDone,
      minutes: Number(minutes),
      parts,
      signedBy: signature ? signedBy.trim() || null : null,
      signature,
    });
    setState({ sending: false, error: error ?? '' });
  }

  return (
    <dialog ref={ref} className="admin-dialog admin-view" aria-labelledby={`${id}-title`} onCancel={onClose}>
      <div className="admin-view-head">
        <h2 id={`${id}-title`} className="admin-view-title">
          Résoudre <span className="reference">{ticket.reference}</span>
        </h2>
        <CloseButton label="Fermer sans résoudre" onClick={onClose} />
      </div>
      <form className="admin-view-body ticket-reply" onSubmit={submit}>
        <div className="admin-field">
          <label htmlFor={`${id}-work`}>Travail effectué</label>
          <textarea id={`${id}-work`} required maxLength={REPORT_LIMITS.workDone} value={workDone} onChange={(event) => setWorkDone(event.target.value)} />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-minutes`}>Temps passé (minutes)</label>
          <input id={`${id}-minutes`} type="number" inputMode="numeric" min={1} max={REPORT_LIMITS.minutes} required value={minutes} onChange={(event) => setMinutes(event.target.value)} />
        </div>
        <fieldset className="ticket-parts">
          <legend>Pièces utilisées</legend>
          {parts.length > 0 && (
            <ul>
              {parts.map((part, index) => (
                <li key={index} className="ticket-part">
                  <span>
                    {part.reference ? `${part.reference} — ` : ''}
                    {part.name}
                  </span>
                  <label className="visually-hidden" htmlFor={`${id}-qty-${index}`}>
                    Quantité de {part.name}
                  </label>
                  <input
                    id={`${id}-qty-${index}`}
                    type="number"
                    min={1}
                    max={999}
                    value={part.quantity}
                    onChange={(event) => setParts((current) => current.map((one, at) => (at === index ? { ...one, quantity: Number(event.target.value) } : one)))}
                  />
                  <button type="button" className="btn btn-secondary" onClick={() => setParts((current) => current.filter((_, at) => at !== index))} aria-label={`Retirer ${part.name}`}>
                    Retirer
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="admin-field">
            <label htmlFor={`${id}-reference`}>Référence du catalogue</label>
            <input id={`${id}-reference`} value={reference} onChange={(event) => setReference(event.target.value)} />
            <button type="button" className="btn btn-secondary" onClick={() => void addByReference()}>
              Ajouter depuis le catalogue
            </button>
          </div>
          <div className="admin-field">
            <label htmlFor={`${id}-typed`}>Ou une pièce hors catalogue</label>
            <input id={`${id}-typed`} value={typed} onChange={(event) => setTyped(event.target.value)} />
            <button type="button" className="btn btn-secondary" onClick={addTyped}>
              Ajouter la pièce
            </button>
          </div>
          {lookupError && (
            <p className="admin-field-error" role="alert">
              {lookupError}
            </p>
          )}
        </fieldset>
        <fieldset className="ticket-parts">
          <legend>Signature du client (facultative)</legend>
          <SignaturePad onChange={setSignature} />
          <div className="admin-field">
            <label htmlFor={`${id}-signer`}>Nom du signataire</label>
            <input id={`${id}-signer`} value={signedBy} onChange={(event) => setSignedBy(event.target.value)} required={signature !== null} maxLength={120} />
          </div>
        </fieldset>
        <ErrorAlert text={state.error} />
        <button type="submit" className="btn btn-primary" disabled={state.sending}>
          {state.sending ? 'Enregistrement…' : 'Résoudre et envoyer le rapport'}
        </button>
      </form>
    </dialog>
  );
}
