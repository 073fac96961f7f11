/**
 * The actions the signed-in person wrote on this device for a ticket, with their state (« En attente
 * d'envoi », « Envoyé », a refusal with the server's sentence and the text kept to resend or copy): loaded
 * by the ticket screen only when there is one (FieldApp.tsx's QueuedActionsIfAny).
 */
import { useCallback, useState } from 'react';
import { ticketStateOf, type TicketState } from '../states';
import { QUEUED_KIND_LABELS, QUEUED_STATE_LABELS, type QueuedAction } from './field-model';
import { forgetQueued, queuedFor, saveQueued } from './field-store';
import { fieldEvents, sessionOf } from './field-sync';
import { useFieldData } from './FieldApp';

/** The text an action carries (what is kept to copy or resend). */
const textOf = (action: QueuedAction): string => {
  const { payload } = action;
  if (payload.kind === 'reply' || payload.kind === 'note') return payload.text;
  if (payload.kind === 'resolution') return payload.workDone;
  return '';
};

/**
 * The actions the signed-in person wrote on this device for a ticket, with their state (« Sur cet
 * appareil »: a phone, a tablet or a computer alike).
 */
export default function QueuedActions({ token, ticketId }: { token: string; ticketId: string }) {
  const read = useCallback(() => queuedFor(ticketId, sessionOf(token)?.accountId), [token, ticketId]);
  const actions = useFieldData(read);
  if (!actions || actions.length === 0) return null;
  return (
    <section className="field-queue" aria-label="Actions écrites sur cet appareil">
      <h2>Sur cet appareil</h2>
      <ul>
        {actions.map((action) => (
          <QueuedRow key={action.seq} action={action} />
        ))}
      </ul>
    </section>
  );
}

function QueuedRow({ action }: { action: QueuedAction }) {
  const [copied, setCopied] = useState(false);
  const text = textOf(action);
  const resend = async () => {
    // A new key: the server refused the first one, and applies this one if the ticket allows it now. Sent
    // again by choice, having read the refusal: the ticket's new holder no longer stops it (seenAssignee).
    await saveQueued({ ...action, idempotencyKey: crypto.randomUUID(), state: 'waiting', reason: undefined, seenAssignee: undefined });
    fieldEvents.dispatchEvent(new Event('change'));
    window.dispatchEvent(new Event('online'));
  };
  const forget = async () => {
    await forgetQueued(action.seq!);
    fieldEvents.dispatchEvent(new Event('change'));
  };
  return (
    <li className={`field-action field-action--${action.state}`}>
      <p className="field-action-head">
        <strong>{QUEUED_KIND_LABELS[action.payload.kind]}</strong>
        <span className="field-action-state">{QUEUED_STATE_LABELS[action.state]}</span>
      </p>
      {action.payload.kind === 'state' && <p>{`Passer à «\u00a0${ticketStateOf(action.payload.state as TicketState).label}\u00a0»`}</p>}
      {text && <p className="field-action-text">{text}</p>}
      {action.payload.kind === 'resolution' && action.payload.signature && <img className="field-signature" src={action.payload.signature} alt={`Signature de ${action.payload.signedBy || 'client'}`} />}
      {action.state === 'refused' && (
        <>
          <p className="admin-alert" role="alert">
            Refusé par le serveur&nbsp;: {action.reason}
          </p>
          <p className="field-action-buttons">
            {text && (
              <button type="button" className="btn btn-secondary" onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}>
                {copied ? 'Texte copié' : 'Copier le texte'}
              </button>
            )}
            <button type="button" className="btn btn-secondary" onClick={() => void resend()}>
              Renvoyer
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => void forget()}>
              Retirer
            </button>
          </p>
        </>
      )}
      {action.state === 'sent' && (
        <p className="field-action-buttons">
          <button type="button" className="btn btn-secondary" onClick={() => void forget()}>
            Retirer de la liste
          </button>
        </p>
      )}
    </li>
  );
}

