/**
 * A repair for the staff (/admin/atelier/reparation?id=…): its state and the moves allowed now (the states
 * table: out of warranty, « En réparation » waits for the accepted devis), the device, what was left and
 * said at the counter with its photos, the deposit slip and the label to print; the diagnosis; the repair's
 * devis (parts and labour, sent with the devis machinery) and where it stands; « Réparé » with its report
 * (work, parts, tests); the loan device; a note; the history. Sales read it; the workshop writes.
 */
import { useCallback, useEffect, useState, type SubmitEvent } from 'react';
import type { Failure } from '../../lib/api-client';
import StaffPhoto from '../../lib/StaffPhoto';
import ErrorAlert from '../../lib/ErrorAlert';
import { moment } from '../../records/moment';
import { parseEuros } from '../devis/devis';
import StaffGate, { type GateSignal } from '../team/StaffGate';
import { useGateFailure } from '../tickets/staff-client';
import { LOAN_DEVICE_STATES, type Repair, type StaffRepair } from './model';
import { changeRepairCall, lendCall, loadRepair, openRepairFile, returnCall, sendRepairDevisCall, type Result } from './repair-client';
import { repairDraft } from './repair-draft';
import { repairApi, repairPages } from '../../lib/repair-paths';
import { RepairStateBadge } from './RepairBadges';
import { repairStateOf, warrantyLabel, type RepairDevisState } from './states';
import '../tickets/TicketsAdmin.css';
import './repairs-admin.css';

const DEVIS_STATE_LABELS: Record<RepairDevisState, string> = { aucun: 'Aucun devis en cours', envoye: 'Devis envoyé, en attente de la réponse du client', accepte: 'Devis accepté par le client', refuse: 'Devis refusé par le client' };

interface Line {
  reference: string;
  designation: string;
  quantity: string;
  price: string;
}
const emptyLine = (): Line => ({ reference: '', designation: '', quantity: '1', price: '' });

/** The repair devis: parts (catalogue reference, designation, quantity, unit price HT) and the labour's minutes. */
function DevisForm({ repair, send }: { repair: Repair; send: (draft: ReturnType<typeof repairDraft>) => Promise<void> }) {
  const [lines, setLines] = useState<Line[]>([emptyLine()]);
  const [minutes, setMinutes] = useState('60');
  const [problem, setProblem] = useState('');
  const change = (index: number, patch: Partial<Line>) => setLines((current) => current.map((line, at) => (at === index ? { ...line, ...patch } : line)));
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const parts = [];
    for (const [index, line] of lines.entries()) {
      if (!line.designation.trim()) continue;
      const cents = parseEuros(line.price);
      const quantity = Number(line.quantity);
      if (cents === undefined || !Number.isInteger(quantity) || quantity < 1) return setProblem(`Ligne ${index + 1}\u00a0: indiquez une quantité entière et un prix HT en euros.`);
      parts.push({ reference: line.reference.trim(), designation: line.designation.trim(), quantity, unitPriceHTCents: cents });
    }
    const labour = Number(minutes);
    if (!Number.isInteger(labour) || labour < 0) return setProblem('Main-d’œuvre\u00a0: indiquez un nombre entier de minutes.');
    setProblem('');
    await send(repairDraft(parts, labour, repair.territory, repair.reference));
  };
  return (
    <form className="repair-form" onSubmit={(event) => void submit(event)} aria-label="Devis de réparation">
      <div className="repair-lines">
        {lines.map((line, index) => (
          <div className="repair-line" key={index}>
            <div className="repair-field">
              <label htmlFor={`devis-ref-${index}`}>Référence</label>
              <input id={`devis-ref-${index}`} value={line.reference} onChange={(event) => change(index, { reference: event.target.value })} />
            </div>
            <div className="repair-field">
              <label htmlFor={`devis-designation-${index}`}>Pièce</label>
              <input id={`devis-designation-${index}`} value={line.designation} onChange={(event) => change(index, { designation: event.target.value })} />
            </div>
            <div className="repair-field">
              <label htmlFor={`devis-quantity-${index}`}>Qté</label>
              <input id={`devis-quantity-${index}`} inputMode="numeric" value={line.quantity} onChange={(event) => change(index, { quantity: event.target.value })} />
            </div>
            <div className="repair-field">
              <label htmlFor={`devis-price-${index}`}>Prix unitaire HT (€)</label>
              <input id={`devis-price-${index}`} inputMode="decimal" value={line.price} onChange={(event) => change(index, { price: event.target.value })} />
            </div>
            <button type="button" className="btn btn-secondary" aria-label={`Retirer la ligne ${index + 1}`} onClick={() => setLines((current) => current.filter((_, at) => at !== index))}>
              Retirer
            </button>
          </div>
        ))}
      </div>
      <p>
        <button type="button" className="btn btn-secondary" onClick={() => setLines((current) => [...current, emptyLine()])}>
          Ajouter une pièce
        </button>
      </p>
      <div className="repair-field">
        <label htmlFor="devis-minutes">Main-d’œuvre atelier (minutes)</label>
        <input id="devis-minutes" inputMode="numeric" value={minutes} onChange={(event) => setMinutes(event.target.value)} />
      </div>
      <ErrorAlert text={problem} />
      <p>
        <button type="submit" className="btn btn-primary">
          Envoyer le devis de réparation
        </button>
      </p>
    </form>
  );
}

/** « Réparé »: the work done, the parts used (one a line: « quantité × pièce »), the tests made. */
function RepairedForm({ done }: { done: (report: { work: string; tests: string; parts: Array<{ reference: null; name: string; quantity: number }> }) => Promise<void> }) {
  const [work, setWork] = useState('');
  const [parts, setParts] = useState('');
  const [tests, setTests] = useState('');
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const used = parts
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const match = /^(\d+)\s*[x×]\s*(.+)$/i.exec(line);
        return { reference: null, name: match ? match[2]!.trim() : line, quantity: match ? Number(match[1]) : 1 };
      });
    await done({ work, tests, parts: used });
  };
  return (
    <form className="repair-form" onSubmit={(event) => void submit(event)} aria-label="Rapport de réparation">
      <div className="repair-field">
        <label htmlFor="report-work">Travail effectué</label>
        <textarea id="report-work" rows={3} value={work} onChange={(event) => setWork(event.target.value)} />
      </div>
      <div className="repair-field">
        <label htmlFor="report-parts">Pièces remplacées (une par ligne, «&nbsp;2 × nappe&nbsp;»)</label>
        <textarea id="report-parts" rows={2} value={parts} onChange={(event) => setParts(event.target.value)} />
      </div>
      <div className="repair-field">
        <label htmlFor="report-tests">Tests réalisés</label>
        <textarea id="report-tests" rows={2} value={tests} onChange={(event) => setTests(event.target.value)} />
      </div>
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

  const apply = useCallback(
    (result: Result<StaffRepair>) => {
      if (!result.ok) {
        const refusal = result as Failure;
        setError(failed(refusal) + (refusal.fields ? ` ${Object.values(refusal.fields).join(' ')}` : ''));
        return false;
      }
      setError('');
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
  const { repair, mayWrite, nextStates, devisState, loanDevices } = view;
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
      <ErrorAlert text={error} />
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
              <dd>{repair.technician?.name ?? 'Personne'}</dd>
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
                <a className="btn btn-primary" href={`${repairPages.counter}?societe=${encodeURIComponent(repair.companyId)}`}>
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
                  void changeRepairCall(token, repair.id, { action: 'diagnostic', diagnosis }).then(apply);
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

          <section className="ticket-panel" aria-labelledby="repair-devis">
            <h2 id="repair-devis">Devis de réparation</h2>
            <p>
              {DEVIS_STATE_LABELS[devisState]}
              {repair.devis ? ` (${repair.devis.number})` : ''}.
            </p>
            {mayWrite && (repair.state === 'diagnostic' || repair.state === 'devis_envoye') && devisState !== 'accepte' && (
              <DevisForm repair={repair} send={async (draft) => void apply(await sendRepairDevisCall(token, repair.id, draft))} />
            )}
          </section>

          {repair.report && (
            <section className="ticket-panel" aria-labelledby="repair-report">
              <h2 id="repair-report">Rapport de réparation</h2>
              <p>{repair.report.work}</p>
              {repair.report.parts.length > 0 && (
                <ul>
                  {repair.report.parts.map((part, index) => (
                    <li key={index}>
                      {part.quantity} × {part.name}
                    </li>
                  ))}
                </ul>
              )}
              <p>Tests&nbsp;: {repair.report.tests}</p>
              {repair.report.pdf && (
                <p>
                  <button type="button" className="btn btn-secondary" onClick={() => void openRepairFile(token, repairApi.report(repair.id))}>
                    Rapport de réparation (PDF)
                  </button>
                </p>
              )}
            </section>
          )}
          {mayWrite && repair.state === 'en_reparation' && (
            <section className="ticket-panel" aria-labelledby="repair-done-form">
              <h2 id="repair-done-form">Réparation terminée</h2>
              <RepairedForm done={async (report) => void apply(await changeRepairCall(token, repair.id, { action: 'repare', ...report }))} />
            </section>
          )}
        </div>

        <aside>
          <section className="ticket-panel" aria-labelledby="repair-state">
            <h2 id="repair-state">État</h2>
            <p>
              <RepairStateBadge state={repair.state} /> depuis le {moment(repair.stateSince, repair.territory, { as: 'long' })}
            </p>
            {mayWrite && nextStates.length > 0 && (
              <div className="repair-buttons" role="group" aria-label="Changer l’état">
                {nextStates
                  .filter((to) => to !== 'repare')
                  .map((to) => (
                    <button key={to} type="button" className="btn btn-secondary" onClick={() => void changeRepairCall(token, repair.id, { action: 'etat', to }).then(apply)}>
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
