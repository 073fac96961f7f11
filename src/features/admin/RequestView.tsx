/**
 * The whole request, in a modal dialog over the inbox: the message, the contact details, the status,
 * its territory and the person it is assigned to, the internal notes (and a form to add one), the history
 * (each line with who made it), the mails with « Renvoyer » on a
 * failure, « Répondre par e-mail » and « Supprimer » (after a confirmation). Focus goes into the dialog
 * when it opens; the inbox gives it back to the button that opened it.
 */
import { lazy, Suspense, useCallback, useContext, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import ConfirmDialog from '../../lib/ConfirmDialog';
import { NOTE_MAX_LENGTH } from '../../lib/constants';
import { mailStateOf } from '../../lib/mail-states';
import { CloseButton, useModal } from '../../lib/modal';
import type { RequestStatus } from '../../lib/statuses';
import { territoryOf } from '../../lib/territories';
import { noteError, requestTerritory, type ContactRequest } from '../contact/request';
import { moment } from '../../records/moment';
import { addNote, changeStatus, deleteRequest, fetchRequest, resendMail, type Failure, type RequestDetail, type RequestMail } from './api';
import { historyAuthor, mailKindLabel, historyLine, referenceOf, replyMailto, telHref } from './request-text';
import RequestRouting from './RequestRouting';
import { RequestActions } from './request-actions';
import { StatusBadge, StatusSelect } from './parts';

// A quote's devis section loads with the first quote opened, not with the inbox (the admin pages' JavaScript budget).
const DevisSection = lazy(() => import('../devis/DevisSection'));

interface Props {
  token: string;
  id: string;
  onClose: () => void;
  /** The request changed (status, note): the inbox reloads its list and counters. */
  onChanged: () => void;
  /** The request was deleted. */
  onDeleted: (request: ContactRequest) => void;
  /** The server refused the token: log out. */
  onUnauthorized: () => void;
}

type Load = { phase: 'loading' } | { phase: 'failed'; message: string; notFound: boolean } | { phase: 'ready'; detail: RequestDetail };

export default function RequestView({ token, id, onClose, onChanged, onDeleted, onUnauthorized }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  const [actionError, setActionError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState('');

  /**
   * Handles a failed call: logs out on 401, else returns the sentence to show. Stable across the inbox's
   * renders (it reads the latest `onUnauthorized`), so a list answer arriving meanwhile does not start the
   * request's loading over.
   */
  const unauthorizedNow = useRef(onUnauthorized);
  unauthorizedNow.current = onUnauthorized;
  const failure = useCallback((result: Failure): string => {
    if (result.unauthorized) unauthorizedNow.current();
    return result.message;
  }, []);

  const fetchDetail = useCallback(async () => {
    setLoad({ phase: 'loading' });
    const result = await fetchRequest(token, id);
    if (result.ok) setLoad({ phase: 'ready', detail: result.value });
    else setLoad({ phase: 'failed', message: failure(result), notFound: result.status === 404 });
  }, [token, id, failure]);

  useEffect(() => {
    void fetchDetail();
  }, [fetchDetail]);

  useModal(ref);

  const detail = load.phase === 'ready' ? load.detail : undefined;
  const setRequest = (request: ContactRequest) => setLoad((current) => (current.phase === 'ready' ? { phase: 'ready', detail: { ...current.detail, request } } : current));

  async function updateStatus(statut: RequestStatus) {
    setActionError('');
    const result = await changeStatus(token, id, statut);
    if (!result.ok) return setActionError(`Le statut n’a pas été enregistré\u00a0: ${failure(result)}`);
    setRequest(result.value);
    onChanged();
  }

  async function resend(mail: RequestMail) {
    setActionError('');
    const result = await resendMail(token, id, mail.id);
    if (!result.ok) return setActionError(`L’e-mail n’a pas été renvoyé\u00a0: ${failure(result)}`);
    setLoad((current) =>
      current.phase === 'ready' ? { phase: 'ready', detail: { ...current.detail, mails: current.detail.mails.map((m) => (m.id === mail.id ? result.value : m)) } } : current,
    );
  }

  async function confirmDelete() {
    if (!detail) return;
    setDeleting(true);
    setDeleteError('');
    const result = await deleteRequest(token, id);
    setDeleting(false);
    if (!result.ok) return setDeleteError(`La demande n’a pas été supprimée\u00a0: ${failure(result)}`);
    setConfirming(false);
    onDeleted(detail.request);
  }

  return (
    <dialog
      ref={ref}
      className="admin-dialog admin-view"
      aria-labelledby={titleId}
      aria-busy={load.phase === 'loading'}
      onCancel={(event) => {
        // Escape closes the view, through the inbox (which also updates the URL).
        event.preventDefault();
        if (!confirming) onClose();
      }}
    >
      <div className="admin-view-head">
        <div>
          {detail && (
            <p className="admin-view-ref">
              {referenceOf(detail.request)}
              {detail.request.kind === 'devis' && <span className="admin-badge admin-badge--quote">Devis</span>}
            </p>
          )}
          <h2 id={titleId} className="admin-view-title">
            {detail ? detail.request.name || 'Sans nom' : 'Demande'}
          </h2>
          {detail?.request.company && <p className="admin-view-company">{detail.request.company}</p>}
        </div>
        <CloseButton label="Fermer la demande" onClick={onClose} />
      </div>

      <div className="admin-view-body">
        {load.phase === 'loading' && (
          <p className="admin-status-line" role="status">
            Chargement de la demande…
          </p>
        )}
        {load.phase === 'failed' && (
          <div className="admin-load-error" role="alert">
            <p className="admin-load-error-title">{load.notFound ? 'Demande introuvable.' : 'Impossible de charger la demande.'}</p>
            {!load.notFound && <p>{load.message}</p>}
            {load.notFound ? (
              <p>Elle a peut-être été supprimée.</p>
            ) : (
              <button type="button" className="btn btn-secondary" onClick={() => void fetchDetail()}>
                Réessayer
              </button>
            )}
          </div>
        )}
        {detail && (
          <Details
            detail={detail}
            error={actionError}
            onStatusChange={updateStatus}
            onResend={resend}
            onRoutingChanged={(request) => {
              setRequest(request);
              onChanged();
            }}
            onTicketMade={() => {
              onChanged();
              void fetchRequest(token, id).then((result) => result.ok && setLoad({ phase: 'ready', detail: result.value }));
            }}
            onNoteAdded={(request) => {
              setRequest(request);
              onChanged();
            }}
            onDelete={() => {
              setDeleteError('');
              setConfirming(true);
            }}
            token={token}
            failure={failure}
            devis={
              detail.request.kind === 'devis' && (
                <Suspense fallback={<p className="admin-status-line">Chargement du devis…</p>}>
                  <DevisSection
                    token={token}
                    requestId={detail.request.id}
                    reference={referenceOf(detail.request)}
                    email={detail.request.email}
                    failure={failure}
                    onChanged={() => {
                      onChanged();
                      void fetchRequest(token, id).then((result) => result.ok && setLoad({ phase: 'ready', detail: result.value }));
                    }}
                  />
                </Suspense>
              )
            }
          />
        )}
      </div>

      {confirming && detail && (
        <ConfirmDialog
          title="Supprimer cette demande&#8239;?"
          text={`La demande ${referenceOf(detail.request)} de ${detail.request.name || 'sans nom'}, ses notes, son historique et ses e-mails seront effacés définitivement.`}
          confirmLabel="Supprimer définitivement"
          busyLabel="Suppression…"
          busy={deleting}
          error={deleteError}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </dialog>
  );
}

interface DetailsProps {
  detail: RequestDetail;
  error: string;
  token: string;
  failure: (result: Failure) => string;
  onStatusChange: (statut: RequestStatus) => void;
  onResend: (mail: RequestMail) => void;
  onNoteAdded: (request: ContactRequest) => void;
  onRoutingChanged: (request: ContactRequest) => void;
  /** An action of another feature changed the request (« Créer un ticket » added a note). */
  onTicketMade: () => void;
  onDelete: () => void;
  /** A quote request's devis section, shown under its message. */
  devis?: React.ReactNode;
}

function Details({ detail, error, token, failure, onStatusChange, onResend, onNoteAdded, onRoutingChanged, onTicketMade, onDelete, devis }: DetailsProps) {
  const { request, mails } = detail;
  const statusId = useId();
  const isQuote = request.kind === 'devis';
  const actions = useContext(RequestActions);
  return (
    <>
      <div className="admin-view-actions">
        <div className="admin-card-status">
          <StatusSelect id={statusId} value={request.statut} onChange={onStatusChange} />
          <StatusBadge status={request.statut} />
        </div>
        <div className="admin-view-buttons">
          {request.email && (
            <a className="btn btn-primary" href={replyMailto(request)}>
              Répondre par e-mail
            </a>
          )}
          <button type="button" className="btn admin-btn-danger-outline" onClick={onDelete}>
            Supprimer
          </button>
        </div>
      </div>
      <RequestRouting request={request} token={token} failure={failure} onChanged={onRoutingChanged} />
      {actions?.({ request, token, failure, onChanged: onTicketMade })}
      {error && (
        <p className="admin-alert" role="alert">
          {error}
        </p>
      )}

      <section className="admin-view-section" aria-labelledby={`${statusId}-message`}>
        <h3 id={`${statusId}-message`}>Message</h3>
        <p className="admin-view-message">{request.message || '—'}</p>
      </section>

      {devis}

      <section className="admin-view-section" aria-labelledby={`${statusId}-contact`}>
        <h3 id={`${statusId}-contact`}>Coordonnées et détails</h3>
        <dl className="admin-card-fields">
          <Field label="E-mail">{request.email ? <a href={`mailto:${request.email}`}>{request.email}</a> : '—'}</Field>
          <Field label="Téléphone">{request.phone ? <a href={telHref(request.phone)}>{request.phone}</a> : '—'}</Field>
          <Field label="Entreprise">{request.company || '—'}</Field>
          {request.clientCode && <Field label="Code client">{request.clientCode}</Field>}
          <Field label={isQuote ? 'Objet' : 'Solution'}>{request.subject || '—'}</Field>
          <Field label="Échéance">{request.delai || '—'}</Field>
          {isQuote && request.territory && <Field label="Livraison">{territoryOf(request.territory).label}</Field>}
          <Field label="Référence">{referenceOf(request)}</Field>
          <Field label="Reçue le">{moment(request.created_at, requestTerritory(request), { as: 'long' }) || '—'}</Field>
          <Field label="Modifiée le">{moment(request.updated_at, requestTerritory(request), { as: 'long' }) || '—'}</Field>
        </dl>
      </section>

      <Notes request={request} token={token} failure={failure} onNoteAdded={onNoteAdded} />

      <section className="admin-view-section" aria-labelledby={`${statusId}-history`}>
        <h3 id={`${statusId}-history`}>Historique</h3>
        {request.history.length === 0 ? (
          <p className="admin-view-empty">Aucun changement de statut depuis la réception.</p>
        ) : (
          <ol className="admin-history">
            {request.history.map((change, index) => (
              <li key={`${change.at}-${index}`}>
                <span>{historyLine(change, requestTerritory(request))}</span>
                {change.by && <span className="admin-history-by"> {historyAuthor(change)}</span>}
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="admin-view-section" aria-labelledby={`${statusId}-mails`}>
        <h3 id={`${statusId}-mails`}>E-mails</h3>
        {mails.length === 0 ? (
          <p className="admin-view-empty">Aucun e-mail enregistré pour cette demande.</p>
        ) : (
          <ul className="admin-mails">
            {mails.map((mail) => (
              <li key={mail.id} className={`admin-mail admin-mail--${mail.status}`}>
                <p className="admin-mail-head">
                  <strong>{mailKindLabel(mail)}</strong>&nbsp;· {mail.to}
                </p>
                <p className="admin-mail-status">
                  {mailStateOf(mail.status).label}
                  {(mail.attempts > 0 || !mailStateOf(mail.status).final) && <>&nbsp;· {mail.attempts} {mail.attempts > 1 ? 'tentatives' : 'tentative'}</>}
                  {mail.sentAt && <>&nbsp;· le {moment(mail.sentAt, requestTerritory(request))}</>}
                  {mail.status === 'en_attente' && mail.nextAttemptAt && <>&nbsp;· prochain essai le {moment(mail.nextAttemptAt, requestTerritory(request))}</>}
                </p>
                {mail.skipReason && <p className="admin-mail-skip">{mail.skipReason}</p>}
                {mail.lastError && <p className="admin-mail-error">Dernière erreur&nbsp;: {mail.lastError}</p>}
                {mailStateOf(mail.status).resendable && (
                  <button type="button" className="btn btn-secondary admin-mail-resend" onClick={() => onResend(mail)}>
                    Renvoyer<span className="visually-hidden"> l’e-mail {mailKindLabel(mail)}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

interface NotesProps {
  request: ContactRequest;
  token: string;
  failure: (result: Failure) => string;
  onNoteAdded: (request: ContactRequest) => void;
}

/** The internal notes of a request, oldest first, and the form that adds one. */
function Notes({ request, token, failure, onNoteAdded }: NotesProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = noteError(text);
    if (invalid) return setError(invalid);
    setSending(true);
    setError('');
    const result = await addNote(token, request.id, text.trim());
    setSending(false);
    if (!result.ok) return setError(result.fields?.text ?? failure(result));
    setText('');
    onNoteAdded(result.value);
  }

  return (
    <section className="admin-view-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Notes internes</h3>
      {request.notes.length === 0 ? (
        <p className="admin-view-empty">Aucune note pour l’instant.</p>
      ) : (
        <ol className="admin-notes">
          {request.notes.map((note) => (
            <li key={`${note.at}-${note.text.slice(0, 20)}`} className="admin-note">
              <p className="admin-note-text">{note.text}</p>
              <p className="admin-note-date">
                Le {moment(note.at, requestTerritory(request))}
                {note.by && <> {historyAuthor(note)}</>}
              </p>
            </li>
          ))}
        </ol>
      )}
      <form className="admin-note-form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-text`}>Nouvelle note</label>
        <textarea
          id={`${id}-text`}
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
        />
        {error ? (
          <p id={`${id}-error`} className="admin-field-error" role="alert">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="admin-field-hint">
            Visible seulement par l’équipe ({NOTE_MAX_LENGTH.toLocaleString('fr-FR')} caractères au plus).
          </p>
        )}
        <button type="submit" className="btn btn-secondary" disabled={sending}>
          {sending ? 'Enregistrement…' : 'Ajouter la note'}
        </button>
      </form>
    </section>
  );
}
