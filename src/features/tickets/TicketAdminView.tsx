/**
 * A ticket for the staff (/admin/tickets/ticket?id=…): its thread, newest last, internal notes tinted and
 * labelled « Note interne »; a reply box that says whether it goes to the customer or stays internal;
 * the state (only the moves allowed now), the impact, the technician in charge; the company and the
 * equipment; the history; « Résoudre » (ResolveDialog) and the report once resolved. Every refusal shows
 * the server's French sentence.
 */
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { calendarDay, moment } from '../../records/moment';
import { fetchFile } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { territoryOf } from '../../lib/territories';
import StaffGate, { type GateSignal } from '../team/StaffGate';
import { TICKET_IMPACTS, ticketClosed, ticketStateOf, type TicketImpact, type TicketState } from './states';
import type { Ticket, TicketChange, TicketMessage } from './model';
import { MESSAGE_MAX_LENGTH, type ResolutionBody, type StaffTicket, type TicketChangeBody } from './staff';
import { ticketApi, ticketPages } from './ticket-paths';
import { repairPages } from '../../lib/repair-paths';
import { changeTicket, useGateFailure, type Result } from './staff-client';
import { act, loadTicketOrKept, type ActOutcome } from './offline/field-sync';
import { EquipmentDocuments, OfflineBanner, QueuedActionsIfAny, useFieldSync } from './offline/FieldApp';
import { keptFile } from './offline/field-store';
import { sessionOf } from './offline/field-sync';
import { resizePhotos } from './photo-upload';
import { ImpactBadge, SelectField, StateBadge, TimeLeft } from './StaffTicketBadges';
import './TicketsAdmin.css';
import ActionNotices from '../../lib/ActionNotices';
import ErrorAlert from '../../lib/ErrorAlert';
import StaffPhoto from '../../lib/StaffPhoto';

const ResolveDialog = lazy(() => import('./ResolveDialog'));

/** « Envoyer à l'atelier »: the counter's form for the ticket's company, device and ticket. */
const sendToWorkshop = (ticket: Ticket): string =>
  `${repairPages.counter}?${new URLSearchParams({ societe: ticket.companyId, ticket: ticket.id, ...(ticket.equipment.equipmentId ? { equipement: ticket.equipment.equipmentId } : {}) })}`;

const KIND_LABELS: Record<TicketMessage['kind'], string> = { client: 'Client', reponse: 'Réponse au client', note: 'Note interne' };

/** A photo of the thread: fetched with the session's token (never a public address), shown as a thumbnail. */
function Photo({ token, ticketId, photoId, index }: { token: string; ticketId: string; photoId: string; index: number }) {
  const kept = useCallback((url: string) => keptFile(url, sessionOf(token)), [token]);
  return <StaffPhoto token={token} url={ticketApi.photo(ticketId, photoId)} alt={`Photo ${index} du message`} pending={`Photo ${index}…`} kept={kept} />;
}

function Thread({ token, ticket }: { token: string; ticket: Ticket }) {
  return (
    <ol className="staff-ticket-thread">
      {ticket.messages.map((message) => (
        <li key={message.id} className={`staff-ticket-message staff-ticket-message--${message.kind}`}>
          <p className="staff-ticket-message-head">
            {message.kind === 'note' ? <span className="ticket-note-label">Note interne</span> : <strong>{KIND_LABELS[message.kind]}</strong>}
            <span>{message.by.name}</span>
            <time dateTime={message.at}>{moment(message.at, ticket.territory)}</time>
          </p>
          <p className="staff-ticket-message-text">{message.text}</p>
          {message.photos.length > 0 && (
            <ul className="staff-ticket-photos" aria-label="Photos">
              {message.photos.map((photo, index) => (
                <li key={photo.id}>
                  <Photo token={token} ticketId={ticket.id} photoId={photo.id} index={index + 1} />
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

/** « Réponse au client » or « Note interne », with up to 5 photos. */
function ReplyForm({ onSend }: { onSend: (form: FormData) => Promise<string | undefined> }) {
  const id = useId();
  const [kind, setKind] = useState<'reponse' | 'note'>('reponse');
  const [text, setText] = useState('');
  const [state, setState] = useState({ sending: false, error: '' });

  const photosInput = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<string[]>([]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // Kept before the wait: the event's currentTarget is gone once the handler awaits.
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setState({ sending: true, error: '' });
    const error = await onSend(form);
    setState({ sending: false, error: error ?? '' });
    if (!error) {
      setText('');
      formElement.reset();
      setChosen([]);
    }
  }

  return (
    <form className="ticket-reply" onSubmit={submit} aria-label="Écrire dans le fil">
      <fieldset className="ticket-kind">
        <legend className="visually-hidden">Destinataire</legend>
        <label>
          <input type="radio" name="kind" value="reponse" checked={kind === 'reponse'} onChange={() => setKind('reponse')} /> Réponse au client
        </label>
        <label>
          <input type="radio" name="kind" value="note" checked={kind === 'note'} onChange={() => setKind('note')} /> Note interne
        </label>
      </fieldset>
      <div className="admin-field">
        <label htmlFor={`${id}-text`}>{kind === 'note' ? 'Note interne (jamais montrée au client)' : 'Réponse au client (envoyée par e-mail)'}</label>
        <textarea id={`${id}-text`} name="text" required maxLength={MESSAGE_MAX_LENGTH} value={text} onChange={(event) => setText(event.target.value)} />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-photos`}>Photos (5 au plus, JPEG, PNG ou WebP)</label>
        {/* The browser's own file field says « No file chosen » in its own language: the field stays (labelled, filled by the button), drawn as a French button and the names chosen. */}
        <input
          ref={photosInput}
          id={`${id}-photos`}
          className="visually-hidden"
          tabIndex={-1}
          name="photos"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          onChange={(event) => setChosen([...(event.currentTarget.files ?? [])].map((file) => file.name))}
        />
        <button type="button" className="btn btn-secondary ticket-photos-choose" onClick={() => photosInput.current?.click()}>
          {chosen.length > 0 ? 'Choisir d’autres photos' : 'Ajouter des photos'}
        </button>
        {chosen.length > 0 && <p className="ticket-photos-chosen">{`${chosen.length === 1 ? '1 photo choisie' : `${chosen.length} photos choisies`}\u00a0: ${chosen.join(', ')}`}</p>}
      </div>
      <ErrorAlert text={state.error} />
      <button type="submit" className="btn btn-primary" disabled={state.sending}>
        {state.sending ? 'Envoi…' : kind === 'note' ? 'Ajouter la note' : 'Envoyer la réponse'}
      </button>
    </form>
  );
}

function historyText(change: TicketChange): string {
  if (change.kind === 'etat') return change.from ? `État\u00a0: ${ticketStateOf(change.from).label} → ${ticketStateOf(change.to).label}` : `Ouvert (${ticketStateOf(change.to).label})`;
  if (change.kind === 'impact') return `Impact\u00a0: ${TICKET_IMPACTS.find((one) => one.id === change.from)?.label} → ${TICKET_IMPACTS.find((one) => one.id === change.to)?.label}`;
  return change.to ? `Assigné à ${change.to.name}` : 'Plus assigné';
}

function Controls({ view, onChange }: { view: StaffTicket; onChange: (change: TicketChangeBody) => Promise<void> }) {
  const id = useId();
  const { ticket } = view;
  const movable = view.nextStates.filter((state) => state !== 'resolu') as TicketState[];
  return (
    <div className="ticket-controls">
      <SelectField
        id={`${id}-state`}
        label="État"
        value=""
        options={[{ value: '', label: `${ticketStateOf(ticket.state).label} (actuel)` }, ...movable.map((state) => ({ value: state, label: `Passer à «\u00a0${ticketStateOf(state).label}\u00a0»` }))]}
        onChange={(state) => state && void onChange({ state: state as TicketState })}
        disabled={movable.length === 0}
      />
      <SelectField
        id={`${id}-impact`}
        label="Impact"
        value={ticket.impact}
        options={TICKET_IMPACTS.map((impact) => ({ value: impact.id, label: impact.label }))}
        onChange={(impact) => void onChange({ impact: impact as TicketImpact })}
        disabled={ticketClosed(ticket.state)}
      />
      <SelectField
        id={`${id}-assignee`}
        label="Assigné à"
        value={ticket.assignedTo?.id ?? ''}
        options={[{ value: '', label: 'Personne' }, ...view.assignees.map((person) => ({ value: person.id, label: person.name }))]}
        onChange={(assignee) => void onChange({ assignedTo: assignee || null })}
        disabled={ticketClosed(ticket.state)}
      />
    </div>
  );
}

/** What the screen says of an action kept on the phone to be sent later. */
const QUEUED_NOTICE = 'Enregistré sur cet appareil\u00a0: en attente d’envoi (envoyé dès le retour du réseau).';

function TicketScreen({ token, signal, id }: { token: string; signal: (what: GateSignal) => void; id: string }) {
  const [view, setView] = useState<StaffTicket>();
  const [keptAt, setKeptAt] = useState<string>();
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [resolving, setResolving] = useState(false);

  const failed = useGateFailure(signal);

  const take = useCallback(
    (result: Result<StaffTicket>, done?: string): string | undefined => {
      if (!result.ok) {
        const message = failed(result);
        setError(message);
        return message;
      }
      setView(result.value);
      setError('');
      setNotice(done ?? '');
      return undefined;
    },
    [failed],
  );

  // Without network, the ticket as kept on the phone (the technicians' app, ./offline/).
  const load = useCallback(() => {
    void loadTicketOrKept(token, id).then(({ result, keptAt: kept }) => {
      setKeptAt(kept);
      take(result);
    });
  }, [token, id, take]);
  useEffect(load, [load]);
  useFieldSync(token, signal, load);

  if (!view) {
    return error ? (
      <p className="admin-alert" role="alert">
        {error} <a href={ticketPages.list}>Retour aux tickets</a>
      </p>
    ) : (
      <p className="admin-status-line">Chargement du ticket…</p>
    );
  }

  const { ticket } = view;
  /** An action's outcome: the new view, « en attente d'envoi », or the refusal's sentence (returned to the form). */
  const settle = (outcome: ActOutcome, done: string): string | undefined => {
    if (outcome.state === 'sent') return take({ ok: true, value: outcome.view }, done);
    if (outcome.state === 'queued') {
      setError('');
      setNotice(QUEUED_NOTICE);
      return undefined;
    }
    setError(outcome.reason);
    // Refused at once (closed, or given to someone else, since the screen was loaded): the ticket as it is now.
    void loadTicketOrKept(token, id).then(({ result }) => result.ok && setView(result.value));
    return outcome.reason;
  };
  /** Every time of the ticket in its territory's local time (the zone named in Guyane). */
  const when = (at: string) => moment(at, ticket.territory);
  const change = async (body: TicketChangeBody) => {
    // A state change may wait on the phone; an impact or an assignment is the office's and needs the network.
    if (body.state && body.impact === undefined && body.assignedTo === undefined) {
      settle(await act(token, ticket, { kind: 'state', state: body.state }), 'Modification enregistrée.');
      return;
    }
    take(await changeTicket(token, ticket.id, body), 'Modification enregistrée.');
  };
  const send = async (form: FormData) => {
    const kind = form.get('kind') === 'note' ? 'note' : 'reply';
    const photos = await resizePhotos(form.getAll('photos').filter((photo): photo is File => photo instanceof File && photo.size > 0));
    const outcome = await act(token, ticket, { kind, text: String(form.get('text') ?? ''), photos });
    return settle(outcome, kind === 'note' ? 'Note interne ajoutée.' : 'Réponse envoyée au client.');
  };
  const resolve = async (body: ResolutionBody) => {
    const outcome = await act(token, ticket, { kind: 'resolution', ...body, signedBy: body.signedBy ?? '' });
    const refused = settle(outcome, 'Ticket résolu\u00a0: le rapport est envoyé au client.');
    if (!refused) setResolving(false);
    return refused;
  };
  const report = async () => {
    const result = await fetchFile(token, `${ticketApi.ticket(ticket.id)}/rapport`);
    if (result.ok) downloadFile(result.value, `rapport-${ticket.reference}.pdf`);
    else setError(failed(result));
  };

  return (
    <>
      <p>
        <a href={ticketPages.list}>← Tous les tickets</a>
      </p>
      <h1 className="admin-title">
        {ticket.reference}&nbsp;· {ticket.companyName}
      </h1>
      <p className="admin-badges">
        <ImpactBadge impact={ticket.impact} /> <StateBadge state={ticket.state} /> <TimeLeft minutesLeft={view.minutesLeft} />
      </p>
      {keptAt && <OfflineBanner refreshedAt={keptAt} territories={[ticket.territory]} />}
      <p>
        <a className="btn btn-secondary" href={sendToWorkshop(ticket)}>
          Envoyer à l’atelier
        </a>
      </p>
      <ActionNotices error={error} notice={notice} />
      <div className="ticket-view">
        <section className="ticket-panel" aria-labelledby="ticket-thread-title">
          <h2 id="ticket-thread-title">Fil du ticket</h2>
          <Thread token={token} ticket={ticket} />
          <QueuedActionsIfAny token={token} ticketId={ticket.id} />
          {!ticketClosed(ticket.state) && <ReplyForm onSend={send} />}
        </section>
        <div className="ticket-side">
          <section className="ticket-panel" aria-labelledby="ticket-work-title">
            <h2 id="ticket-work-title">Suivi</h2>
            <Controls view={view} onChange={change} />
            {view.nextStates.includes('resolu') && (
              <p>
                <button type="button" className="btn btn-primary" onClick={() => setResolving(true)}>
                  Résoudre
                </button>
              </p>
            )}
            {ticket.report && (
              <p>
                <button type="button" className="btn btn-secondary" onClick={() => void report()}>
                  Télécharger le rapport d’intervention
                </button>
                {ticket.report.sha256 && (
                  <small className="staff-ticket-fingerprint">
                    {' '}
                    Empreinte SHA-256&nbsp;: <code>{ticket.report.sha256}</code>
                  </small>
                )}
              </p>
            )}
            <dl className="staff-ticket-facts">
              <dt>Prise en charge</dt>
              <dd>{ticket.takenInChargeAt ? when(ticket.takenInChargeAt) : view.due.priseEnCharge ? `avant le ${when(view.due.priseEnCharge)}` : '—'}</dd>
              <dt>Résolution</dt>
              <dd>{ticket.resolvedAt ? when(ticket.resolvedAt) : view.due.resolution ? `avant le ${when(view.due.resolution)}` : '—'}</dd>
            </dl>
          </section>
          <section className="ticket-panel" aria-labelledby="ticket-company-title">
            <h2 id="ticket-company-title">Société et équipement</h2>
            <dl className="staff-ticket-facts">
              <dt>Société</dt>
              <dd>
                {ticket.companyName}
                {view.company ? ` (${view.company.clientCode})` : ''}
              </dd>
              <dt>Territoire</dt>
              <dd>{territoryOf(ticket.territory).label}</dd>
              <dt>Contrat</dt>
              <dd>{view.company?.contractEndsOn ? `jusqu’au ${calendarDay(view.company.contractEndsOn)}` : 'aucun'}</dd>
              <dt>Magasin</dt>
              <dd>{ticket.shop.name || '—'}</dd>
              <dt>Équipement</dt>
              <dd>
                {ticket.equipment.model}
                {ticket.equipment.serial ? `, n°\u00a0${ticket.equipment.serial}` : ''}
                {view.equipment ? (view.equipment.underContract ? ' (sous contrat)' : ' (hors contrat)') : ''}
              </dd>
              <EquipmentDocuments token={token} ticketId={ticket.id} />
              <dt>Rappeler au</dt>
              <dd>
                <a href={`tel:${ticket.phone.replace(/\s+/g, '')}`}>{ticket.phone}</a>
              </dd>
              <dt>Ouvert</dt>
              <dd>
                {when(ticket.openedAt)} par {ticket.openedBy.name}
              </dd>
            </dl>
          </section>
          <section className="ticket-panel" aria-labelledby="ticket-history-title">
            <h2 id="ticket-history-title">Historique</h2>
            <ol className="ticket-history">
              {ticket.history.map((entry, index) => (
                <li key={index}>
                  {historyText(entry)}, {when(entry.at)}, par {entry.by.name}
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
      {resolving && (
        <Suspense fallback={<p className="admin-status-line">Chargement…</p>}>
          <ResolveDialog token={token} ticket={ticket} onClose={() => setResolving(false)} onResolve={resolve} />
        </Suspense>
      )}
    </>
  );
}

export default function TicketAdminView() {
  const [id] = useState(() => (typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('id') ?? '')));
  return <StaffGate>{(token, signal) => (id ? <TicketScreen token={token} signal={signal} id={id} /> : <p className="admin-alert" role="alert">Aucun ticket indiqué. <a href={ticketPages.list}>Retour aux tickets</a></p>)}</StaffGate>;
}
