/**
 * A repair for the staff (/admin/atelier/reparation?id=…): its state and the moves allowed now (the states
 * table: out of warranty, « En réparation » waits for the accepted devis), the device, what was left and
 * said at the counter with its photos, the deposit slip and the label to print; the diagnosis; the repair's
 * devis (parts and labour with their HT / TVA / TTC totals, confirmed before it is sent with the devis
 * machinery, then shown as sent) and where it stands; « Réparé » with its report (work, the parts with their
 * references, tests); the technician; the loan device; a note; the history. Each change says what it did.
 * Sales read it; the workshop writes.
 */
import { useCallback, useEffect, useState, type InputHTMLAttributes, type SubmitEvent } from 'react';
import type { Failure } from '../../lib/api-client';
import ConfirmDialog from '../../lib/ConfirmDialog';
import StaffPhoto from '../../lib/StaffPhoto';
import ActionNotices from '../../lib/ActionNotices';
import ErrorAlert from '../../lib/ErrorAlert';
import { formatCents } from '../../lib/price';
import type { TerritoryId } from '../../lib/territories';
import { moment } from '../../records/moment';
import { DEVIS_LIMITS, devisLineTotalHTCents, devisTotals, essentialTotalRows, formatDay, type DevisDraft } from '../devis/devis';
import StaffGate, { type GateSignal } from '../team/StaffGate';
import { useGateFailure } from '../tickets/staff-client';
import { SelectField } from '../tickets/StaffTicketBadges';
import { LOAN_DEVICE_STATES, type Repair, type StaffRepair } from './model';
import { changeRepairCall, lendCall, loadRepair, openRepairFile, returnCall, sendRepairDevisCall, type Result } from './repair-client';
import { draftFromForm, formFromDraft, LABOUR_REFERENCE, type DevisFormLine } from './repair-draft';
import { repairApi, repairPages } from '../../lib/repair-paths';
import { RepairStateBadge } from './RepairBadges';
import { DEVIS_FROM_STATES, repairStateOf, warrantyLabel, type RepairDevisState } from './states';
import '../devis/devis-totals.css';
import '../tickets/TicketsAdmin.css';
import './repairs-admin.css';

const DEVIS_STATE_LABELS: Record<RepairDevisState, string> = { aucun: 'Aucun devis en cours', envoye: 'Devis envoyé, en attente de la réponse du client', accepte: 'Devis accepté par le client', refuse: 'Devis refusé par le client' };

const emptyLine = (): DevisFormLine => ({ reference: '', designation: '', quantity: '1', price: '' });

/** A devis' totals as every devis shows them: total HT, the territory's VAT line, total TTC. */
/** « Retirer » on a line of the repair's forms, named for the line it removes. */
function RemoveLine({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <button type="button" className="btn btn-secondary" aria-label={label} onClick={onRemove}>
      Retirer
    </button>
  );
}

/** A secondary button on a row of its own (add a line, open a document, prepare a new version). */
function ButtonRow({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <p>
      <button type="button" className="btn btn-secondary" onClick={onClick}>
        {children}
      </button>
    </p>
  );
}

/** A labelled input of the repair's forms (its label above it, as the back office's fields). */
function RepairInput({ id, label, ...input }: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="repair-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} />
    </div>
  );
}

function DevisTotals({ draft }: { draft: Pick<DevisDraft, 'lines' | 'shippingHTCents' | 'territory'> }) {
  return (
    <dl className="admin-devis-totals devis-totals repair-devis-totals" aria-label="Totaux du devis" aria-live="polite">
      {essentialTotalRows(devisTotals(draft)).map((row, index, rows) => (
          <div key={row.label} className={index === rows.length - 1 ? 'admin-devis-total' : undefined}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** The devis as sent, read-only: its lines (references whole) and its totals. */
function SentDevis({ sent, territory }: { sent: NonNullable<StaffRepair['sentDevis']>; territory: TerritoryId }) {
  return (
    <div className="repair-sent-devis">
      <div className="tickets-table-wrap">
        <table className="tickets-table repair-devis-table">
          <caption>
            Devis {sent.number} envoyé le {moment(sent.sentAt, territory)}, valable jusqu’au {formatDay(sent.validUntil)}
          </caption>
          <thead>
            <tr>
              <th scope="col">Référence</th>
              <th scope="col">Désignation</th>
              <th scope="col" className="repair-number">Qté</th>
              <th scope="col" className="repair-number">Prix unitaire HT</th>
              <th scope="col" className="repair-number">Total HT</th>
            </tr>
          </thead>
          <tbody>
            {sent.draft.lines.map((line, index) => (
              <tr key={index}>
                <td className="repair-reference">{line.reference || '—'}</td>
                <td>{line.designation}</td>
                <td className="repair-number">{line.quantity}</td>
                <td className="repair-number">{formatCents(line.unitPriceHTCents)}</td>
                <td className="repair-number">{formatCents(devisLineTotalHTCents(line))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <DevisTotals draft={sent.draft} />
    </div>
  );
}

/**
 * The repair devis editor: parts (reference, designation, quantity, unit price HT) and the labour's
 * minutes, its HT / TVA / TTC totals following the typing, and a confirmation before it is sent.
 */
function DevisForm({ repair, initial, send }: { repair: Repair; initial?: ReturnType<typeof formFromDraft>; send: (draft: DevisDraft) => Promise<boolean> }) {
  const [lines, setLines] = useState<DevisFormLine[]>(initial && initial.lines.length > 0 ? initial.lines : [emptyLine()]);
  const [minutes, setMinutes] = useState(initial?.minutes ?? '60');
  const [problem, setProblem] = useState('');
  const [confirming, setConfirming] = useState<DevisDraft>();
  const [busy, setBusy] = useState(false);
  const { draft, problem: pending } = draftFromForm(lines, minutes, repair.territory, repair.reference);
  const change = (index: number, patch: Partial<DevisFormLine>) => setLines((current) => current.map((line, at) => (at === index ? { ...line, ...patch } : line)));
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    setProblem(pending);
    if (!pending) setConfirming(draft);
  };
  const confirm = async () => {
    if (!confirming) return;
    setBusy(true);
    const sent = await send(confirming);
    setBusy(false);
    if (sent) setConfirming(undefined);
  };
  return (
    <form className="repair-form" onSubmit={submit} aria-label="Devis de réparation">
      <div className="repair-lines">
        {lines.map((line, index) => (
          <div className="repair-line" key={index}>
            <RepairInput id={`devis-ref-${index}`} label="Référence" value={line.reference} maxLength={DEVIS_LIMITS.reference} onChange={(event) => change(index, { reference: event.target.value })} />
            <RepairInput id={`devis-designation-${index}`} label="Pièce" value={line.designation} maxLength={DEVIS_LIMITS.designation} onChange={(event) => change(index, { designation: event.target.value })} />
            <RepairInput id={`devis-quantity-${index}`} label="Qté" inputMode="numeric" value={line.quantity} onChange={(event) => change(index, { quantity: event.target.value })} />
            <RepairInput id={`devis-price-${index}`} label="Prix unitaire HT (€)" inputMode="decimal" value={line.price} onChange={(event) => change(index, { price: event.target.value })} />
            <RemoveLine label={`Retirer la ligne ${index + 1}`} onRemove={() => setLines((current) => current.filter((_, at) => at !== index))} />
          </div>
        ))}
      </div>
      <ButtonRow onClick={() => setLines((current) => [...current, emptyLine()])}>Ajouter une pièce</ButtonRow>
      <div className="repair-field repair-field--short">
        <label htmlFor="devis-minutes">Main-d’œuvre atelier (minutes)</label>
        <input id="devis-minutes" inputMode="numeric" value={minutes} onChange={(event) => setMinutes(event.target.value)} />
      </div>
      <DevisTotals draft={draft} />
      <ErrorAlert text={problem} />
      <p>
        <button type="submit" className="btn btn-primary">
          Envoyer le devis de réparation
        </button>
      </p>
      {confirming && (
        <ConfirmDialog
          tone="primary"
          title="Envoyer le devis de réparation ?"
          text={`Le devis de ${formatCents(devisTotals(confirming).totalTTCCents)} TTC part par e-mail à ${repair.companyName}, avec son PDF et son lien pour l’accepter. Une fois envoyé, il ne se modifie plus : seule une nouvelle version peut le remplacer.`}
          confirmLabel="Envoyer le devis"
          busyLabel="Envoi…"
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(undefined)}
        />
      )}
    </form>
  );
}

/** The repair's devis: where it stands, the one sent (read-only), and the editor while one may be sent. */
function DevisPanel({ view, send }: { view: StaffRepair; send: (draft: DevisDraft) => Promise<boolean> }) {
  const { repair, devisState, sentDevis, mayWrite } = view;
  const [revising, setRevising] = useState(false);
  const sendable = mayWrite && DEVIS_FROM_STATES.includes(repair.state) && devisState !== 'accepte';
  // While one awaits the customer's answer, it stays as sent; a new version is prepared on purpose.
  const editing = sendable && (devisState !== 'envoye' || revising);
  return (
    <section className="ticket-panel" aria-labelledby="repair-devis">
      <h2 id="repair-devis">Devis de réparation</h2>
      <p>
        {DEVIS_STATE_LABELS[devisState]}
        {repair.devis ? ` (${repair.devis.number})` : ''}.
      </p>
      {sentDevis && !editing && <SentDevis sent={sentDevis} territory={repair.territory} />}
      {sendable && devisState === 'envoye' && !revising && (
        <ButtonRow onClick={() => setRevising(true)}>Préparer une nouvelle version du devis</ButtonRow>
      )}
      {editing && (
        <DevisForm
          repair={repair}
          initial={sentDevis ? formFromDraft(sentDevis.draft) : undefined}
          send={async (draft) => {
            const sent = await send(draft);
            if (sent) setRevising(false);
            return sent;
          }}
        />
      )}
    </section>
  );
}

interface PartRow {
  reference: string;
  name: string;
  quantity: string;
}

/** The parts of the accepted devis (its labour aside), as the report's rows to start from. */
const partsOfDevis = (sent: StaffRepair['sentDevis']): PartRow[] =>
  (sent?.draft.lines ?? []).filter((line) => line.reference !== LABOUR_REFERENCE).map((line) => ({ reference: line.reference, name: line.designation, quantity: String(line.quantity) }));

/** « Réparé »: the work done, the parts used (reference, designation, quantity — the devis' to start with), the tests made. */
function RepairedForm({ initialParts, done }: { initialParts: PartRow[]; done: (report: { work: string; tests: string; parts: Array<{ reference: string | null; name: string; quantity: number }> }) => Promise<void> }) {
  const [work, setWork] = useState('');
  const [parts, setParts] = useState<PartRow[]>(initialParts);
  const [tests, setTests] = useState('');
  const [problem, setProblem] = useState('');
  const change = (index: number, patch: Partial<PartRow>) => setParts((current) => current.map((part, at) => (at === index ? { ...part, ...patch } : part)));
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const used = parts.filter((part) => part.name.trim()).map((part) => ({ reference: part.reference.trim() || null, name: part.name.trim(), quantity: Number(part.quantity) }));
    const wrong = used.findIndex((part) => !Number.isInteger(part.quantity) || part.quantity < 1);
    setProblem(wrong >= 0 ? `Pièce ${wrong + 1}\u00a0: indiquez une quantité entière.` : '');
    if (wrong < 0) await done({ work, tests, parts: used });
  };
  return (
    <form className="repair-form" onSubmit={(event) => void submit(event)} aria-label="Rapport de réparation">
      <div className="repair-field">
        <label htmlFor="report-work">Travail effectué</label>
        <textarea id="report-work" rows={3} value={work} onChange={(event) => setWork(event.target.value)} />
      </div>
      <fieldset className="repair-parts">
        <legend>Pièces remplacées</legend>
        {parts.length === 0 && <p className="admin-status-line">Aucune pièce pour l’instant.</p>}
        <div className="repair-lines">
          {parts.map((part, index) => (
            <div className="repair-line" key={index}>
              <RepairInput id={`report-ref-${index}`} label={`Référence de la pièce ${index + 1}`} value={part.reference} maxLength={DEVIS_LIMITS.reference} onChange={(event) => change(index, { reference: event.target.value })} />
              <RepairInput id={`report-part-${index}`} label={`Désignation de la pièce ${index + 1}`} value={part.name} maxLength={DEVIS_LIMITS.designation} onChange={(event) => change(index, { name: event.target.value })} />
              <RepairInput id={`report-quantity-${index}`} label="Qté" inputMode="numeric" value={part.quantity} onChange={(event) => change(index, { quantity: event.target.value })} />
              <RemoveLine label={`Retirer la pièce ${index + 1}`} onRemove={() => setParts((current) => current.filter((_, at) => at !== index))} />
            </div>
          ))}
        </div>
        <ButtonRow onClick={() => setParts((current) => [...current, { reference: '', name: '', quantity: '1' }])}>Ajouter une pièce remplacée</ButtonRow>
      </fieldset>
      <div className="repair-field">
        <label htmlFor="report-tests">Tests réalisés</label>
        <textarea id="report-tests" rows={2} value={tests} onChange={(event) => setTests(event.target.value)} />
      </div>
      <ErrorAlert text={problem} />
      <p>
        <button type="submit" className="btn btn-primary">
          Marquer «&nbsp;Réparé&nbsp;»
        </button>
      </p>
    </form>
  );
}

function RepairPage({ token, signal, id }: { token: string; signal: (what: GateSignal) => void; id: string }) {
  const failed = useGateFailure(signal);
  const [view, setView] = useState<StaffRepair>();
  const [error, setError] = useState('');
  const [diagnosis, setDiagnosis] = useState('');
  const [note, setNote] = useState('');
  const [deviceId, setDeviceId] = useState('');
  const [notice, setNotice] = useState('');

  /** Shows the answer of a change: the repair as it is now and what was done (`done`), or the refusal. */
  const apply = useCallback(
    (result: Result<StaffRepair>, done = '') => {
      if (!result.ok) {
        const refusal = result as Failure;
        setNotice('');
        setError(failed(refusal) + (refusal.fields ? ` ${Object.values(refusal.fields).join(' ')}` : ''));
        return false;
      }
      setError('');
      setNotice(done);
      setView(result.value);
      setDiagnosis(result.value.repair.diagnosis);
      return true;
    },
    [failed],
  );

  useEffect(() => {
    void loadRepair(token, id).then(apply);
  }, [token, id, apply]);

  if (!view) return error ? <ErrorAlert text={error} /> : <p className="admin-status-line">Chargement de la réparation…</p>;
  const { repair, mayWrite, nextStates, loanDevices, technicians } = view;
  const available = loanDevices.filter((device) => device.state === 'disponible');
  const loanOut = repair.loan && repair.loan.returnedAt === null;

  return (
    <div className="repair-page">
      <p>
        <a href={repairPages.board}>← Atelier</a>
      </p>
      <h1 className="admin-title">
        Réparation {repair.reference} <RepairStateBadge state={repair.state} />
      </h1>
      <ActionNotices error={error} notice={notice} />
      <div className="repair-view">
        <div>
          <section className="ticket-panel" aria-labelledby="repair-device">
            <h2 id="repair-device">Appareil</h2>
            <dl className="staff-ticket-facts">
              <dt>Société</dt>
              <dd>{repair.companyName}</dd>
              <dt>Appareil</dt>
              <dd>{repair.device.model}</dd>
              <dt>N°&nbsp;de série</dt>
              <dd>{repair.device.serial || '—'}</dd>
              <dt>Accessoires</dt>
              <dd>{repair.accessories || 'Aucun'}</dd>
              <dt>Panne signalée</dt>
              <dd>{repair.fault}</dd>
              <dt>Garantie</dt>
              <dd>{warrantyLabel(repair.warranty)}</dd>
              <dt>Technicien</dt>
              <dd>{repair.technician?.name ?? 'Pas encore attribuée'}</dd>
              {repair.reception && (
                <>
                  <dt>État au dépôt</dt>
                  <dd>{repair.reception.condition}</dd>
                  <dt>Bon de dépôt</dt>
                  <dd>
                    Signé par {repair.reception.signedBy} le {moment(repair.reception.at, repair.territory, { as: 'long' })}&nbsp;· empreinte <code>{repair.reception.fingerprint.slice(0, 16)}…</code>
                  </dd>
                </>
              )}
            </dl>
            {repair.reception && (
              <>
                <div className="repair-photos">
                  {repair.reception.photos.map((photo, index) => (
                    <StaffPhoto key={photo.id} token={token} url={repairApi.photo(repair.id, photo.id)} alt={`Photo ${index + 1} de l’appareil au dépôt`} pending={`Photo ${index + 1}…`} />
                  ))}
                </div>
                <div className="repair-buttons">
                  <button type="button" className="btn btn-secondary" onClick={() => void openRepairFile(token, repairApi.slip(repair.id))}>
                    Bon de dépôt (PDF)
                  </button>
                  <button type="button" className="btn btn-secondary" onClick={() => void openRepairFile(token, repairApi.label(repair.id))}>
                    Étiquette (PDF)
                  </button>
                </div>
              </>
            )}
            {!repair.reception && mayWrite && (
              <p>
                <a className="btn btn-primary" href={repairPages.receive(repair.id)}>
                  L’appareil est arrivé&nbsp;: le réceptionner au comptoir
                </a>
              </p>
            )}
          </section>

          <section className="ticket-panel" aria-labelledby="repair-diagnosis">
            <h2 id="repair-diagnosis">Diagnostic</h2>
            {mayWrite && (repair.state === 'recu' || repair.state === 'diagnostic') ? (
              <form
                className="repair-form"
                onSubmit={(event) => {
                  event.preventDefault();
                  void changeRepairCall(token, repair.id, { action: 'diagnostic', diagnosis }).then((result) => apply(result, 'Diagnostic enregistré.'));
                }}
              >
                <label htmlFor="repair-diagnosis-text">Ce que le technicien a trouvé</label>
                <textarea id="repair-diagnosis-text" rows={3} value={diagnosis} onChange={(event) => setDiagnosis(event.target.value)} />
                <p>
                  <button type="submit" className="btn btn-primary">
                    Enregistrer le diagnostic
                  </button>
                </p>
              </form>
            ) : (
              <p>{repair.diagnosis || 'Pas encore de diagnostic.'}</p>
            )}
          </section>

          <DevisPanel view={view} send={async (draft) => apply(await sendRepairDevisCall(token, repair.id, draft), 'Devis de réparation envoyé au client.')} />

          {repair.report && (
            <section className="ticket-panel" aria-labelledby="repair-report">
              <h2 id="repair-report">Rapport de réparation</h2>
              <p>{repair.report.work}</p>
              {repair.report.parts.length > 0 && (
                <ul>
                  {repair.report.parts.map((part, index) => (
                    <li key={index}>
                      {part.quantity} × {part.name}
                      {part.reference ? ` (réf. ${part.reference})` : ''}
                    </li>
                  ))}
                </ul>
              )}
              <p>Tests&nbsp;: {repair.report.tests}</p>
              {repair.report.pdf && (
                <ButtonRow onClick={() => void openRepairFile(token, repairApi.report(repair.id))}>Rapport de réparation (PDF)</ButtonRow>
              )}
            </section>
          )}
          {mayWrite && repair.state === 'en_reparation' && (
            <section className="ticket-panel" aria-labelledby="repair-done-form">
              <h2 id="repair-done-form">Réparation terminée</h2>
              <RepairedForm initialParts={partsOfDevis(view.devisState === 'accepte' ? view.sentDevis : null)} done={async (report) => void apply(await changeRepairCall(token, repair.id, { action: 'repare', ...report }), 'Réparation terminée : le rapport est fait.')} />
            </section>
          )}
        </div>

        <aside>
          <section className="ticket-panel" aria-labelledby="repair-state">
            <h2 id="repair-state">État</h2>
            <p>
              <RepairStateBadge state={repair.state} /> depuis le {moment(repair.stateSince, repair.territory, { as: 'long' })}
            </p>
            {mayWrite && repair.state !== 'restitue' && (
              <SelectField
                id="repair-technician"
                label="Technicien"
                value={repair.technician?.id ?? ''}
                options={[{ value: '', label: 'Pas encore attribuée' }, ...technicians.map((person) => ({ value: person.id, label: person.name }))]}
                onChange={(technicianId) => void changeRepairCall(token, repair.id, { action: 'technicien', technicianId: technicianId || null }).then((result) => apply(result, technicianId ? 'Technicien attribué.' : 'La réparation n’est plus attribuée.'))}
              />
            )}
            {mayWrite && nextStates.length > 0 && (
              <div className="repair-buttons" role="group" aria-label="Changer l’état">
                {nextStates
                  .filter((to) => to !== 'repare')
                  .map((to) => (
                    <button key={to} type="button" className="btn btn-secondary" onClick={() => void changeRepairCall(token, repair.id, { action: 'etat', to }).then((result) => apply(result, `État changé : « ${repairStateOf(to).label} ».`))}>
                      {repairStateOf(to).label}
                    </button>
                  ))}
              </div>
            )}
          </section>

          <section className="ticket-panel" aria-labelledby="repair-loan">
            <h2 id="repair-loan">Appareil de prêt</h2>
            {repair.loan ? (
              <p>
                {repair.loan.model} (n° {repair.loan.serial}), prêté le {moment(repair.loan.lentAt, repair.territory, { as: 'long' })}
                {repair.loan.returnedAt ? `, rendu le ${moment(repair.loan.returnedAt, repair.territory, { as: 'long' })}` : ''}.
              </p>
            ) : (
              <p>Aucun appareil prêté.</p>
            )}
            {mayWrite && loanOut && (
              <button type="button" className="btn btn-secondary" onClick={() => void returnCall(token, repair.id).then(apply)}>
                Enregistrer le retour du prêt
              </button>
            )}
            {mayWrite && !loanOut && (
              <form
                className="repair-form"
                onSubmit={(event) => {
                  event.preventDefault();
                  void lendCall(token, repair.id, deviceId).then(apply);
                }}
              >
                <label htmlFor="repair-loan-device">Prêter un appareil du parc de la société</label>
                <select id="repair-loan-device" value={deviceId} onChange={(event) => setDeviceId(event.target.value)}>
                  <option value="">{available.length > 0 ? 'Choisir un appareil' : 'Aucun appareil disponible'}</option>
                  {loanDevices.map((device) => (
                    <option key={device.id} value={device.id} disabled={device.state !== 'disponible'}>
                      {device.model} (n° {device.serial}) — {LOAN_DEVICE_STATES[device.state]}
                    </option>
                  ))}
                </select>
                <p>
                  <button type="submit" className="btn btn-secondary" disabled={!deviceId}>
                    Prêter
                  </button>
                </p>
              </form>
            )}
          </section>

          <section className="ticket-panel" aria-labelledby="repair-history">
            <h2 id="repair-history">Historique</h2>
            <ol className="ticket-history">
              {repair.history.map((change, index) => (
                <li key={index}>
                  <time dateTime={change.at}>{moment(change.at, repair.territory, { as: 'long' })}</time>&nbsp;· {change.kind === 'etat' ? `«\u00a0${repairStateOf(change.to).label}\u00a0»${change.because ? ` — ${change.because}` : ''}` : change.text}&nbsp;· {change.by.name}
                </li>
              ))}
            </ol>
            {mayWrite && (
              <form
                className="repair-form"
                onSubmit={(event) => {
                  event.preventDefault();
                  void changeRepairCall(token, repair.id, { action: 'note', text: note }).then((result) => apply(result) && setNote(''));
                }}
              >
                <label htmlFor="repair-note">Note interne</label>
                <textarea id="repair-note" rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
                <p>
                  <button type="submit" className="btn btn-secondary">
                    Ajouter la note
                  </button>
                </p>
              </form>
            )}
          </section>
        </aside>
      </div>
    </div>
  );
}

export default function RepairAdminView() {
  const id = typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('id') ?? '');
  return <StaffGate>{(token, signal) => (id ? <RepairPage token={token} signal={signal} id={id} /> : <ErrorAlert text="Aucune réparation n’est indiquée dans l’adresse." />)}</StaffGate>;
}
