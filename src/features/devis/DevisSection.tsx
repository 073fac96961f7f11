/**
 * The devis part of a quote request's view: « Préparer le devis » (or a new version), each sent version
 * with its state (envoyé, accepté, refusé, expiré, remplacé), its total, its answer, its PDF and, while it
 * stands, the customer's link with « Copier le lien » (customers here often get it by text message) and
 * « Révoquer le lien », « Annuler l'acceptation » (with a reason) on an accepted version, and the devis'
 * history.
 */
import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { devisStateOf } from '../../lib/devis-states';
import { downloadFile } from '../../lib/download';
import { moment } from '../../records/moment';
import { formatCents } from '../../lib/price';
import { fetchDevis, fetchDevisPdf, revokeDevisLink, voidDevisAcceptance, type AdminDevis, type AdminDevisVersion } from './admin-api';
import type { Failure, Result } from '../../lib/api-client';
import ConfirmDialog from '../../lib/ConfirmDialog';
import { formatDay } from './devis';

// The editor opens only to write a devis: the inbox loads it then, not with the page (the admin's JS budget).
const DevisEditor = lazy(() => import('./DevisEditor'));

interface Props {
  token: string;
  requestId: string;
  reference: string;
  email: string;
  failure: (result: Failure) => string;
  /** A version was sent: the inbox reloads (counters, filter). */
  onChanged: () => void;
}

type Load = { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'ready'; devis: AdminDevis };

export default function DevisSection({ token, requestId, reference, email, failure, onChanged }: Props) {
  const id = useId();
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState('');

  const fetchIt = useCallback(async () => {
    setLoad({ phase: 'loading' });
    const result = await fetchDevis(token, requestId);
    setLoad(result.ok ? { phase: 'ready', devis: result.value } : { phase: 'failed', message: failure(result) });
  }, [token, requestId, failure]);

  useEffect(() => {
    void fetchIt();
  }, [fetchIt]);

  const devis = load.phase === 'ready' ? load.devis : undefined;
  const versions = devis ? [...devis.versions].reverse() : [];

  return (
    <section className="admin-view-section admin-devis-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Devis</h3>
      {load.phase === 'loading' && <p className="admin-status-line">Chargement du devis…</p>}
      {load.phase === 'failed' && (
        <p className="admin-alert" role="alert">
          Le devis n’a pas pu être chargé&nbsp;: {load.message}{' '}
          <button type="button" className="btn btn-secondary" onClick={() => void fetchIt()}>
            Réessayer
          </button>
        </p>
      )}
      {devis && (
        <>
          {notice && (
            <p className="admin-success" role="status">
              {notice}
            </p>
          )}
          <p>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                setNotice('');
                setEditing(true);
              }}
            >
              {versions.length ? 'Préparer une nouvelle version du devis' : 'Préparer le devis'}
            </button>
          </p>
          {versions.length === 0 ? (
            <p className="admin-view-empty">{devis.draftSavedAt ? `Brouillon enregistré le ${moment(devis.draftSavedAt, devis.draft.territory)}, pas encore envoyé.` : 'Aucun devis envoyé pour cette demande.'}</p>
          ) : (
            <ol className="admin-devis-versions" aria-label="Versions envoyées">
              {versions.map((version) => (
                <Version
                  key={version.version}
                  version={version}
                  token={token}
                  requestId={requestId}
                  failure={failure}
                  onChanged={(next) => {
                    setLoad({ phase: 'ready', devis: next });
                    onChanged();
                  }}
                />
              ))}
            </ol>
          )}
          {devis.events.length > 0 && (
            <>
              <h4 className="admin-devis-subtitle">Historique du devis</h4>
              <ol className="admin-history">
                {devis.events.map((event) => (
                  <li key={`${event.at}-${event.text}`}>
                    {moment(event.at, devis.draft.territory)}&nbsp;: {event.text}
                  </li>
                ))}
              </ol>
            </>
          )}
        </>
      )}
      {editing && devis && (
        <Suspense fallback={<p className="admin-status-line">Chargement de l’éditeur…</p>}>
          <DevisEditor
            token={token}
            requestId={requestId}
            reference={reference}
            email={email}
            devis={devis}
            failure={failure}
            onSaved={(next, sent) => {
              setLoad({ phase: 'ready', devis: next });
              if (!sent) return;
              setEditing(false);
              setNotice(`Devis ${next.versions.at(-1)?.number ?? ''} envoyé à ${email}.`);
              onChanged();
            }}
            onClose={() => setEditing(false)}
          />
        </Suspense>
      )}
    </section>
  );
}

interface VersionProps {
  version: AdminDevisVersion;
  token: string;
  requestId: string;
  failure: (result: Failure) => string;
  onChanged: (devis: AdminDevis) => void;
}

/** The confirmation open on a version, if any. */
type Asking = 'revoke' | 'void' | undefined;

function Version({ version, token, requestId, failure, onChanged }: VersionProps) {
  const linkId = useId();
  const reasonId = useId();
  const [asking, setAsking] = useState<Asking>(undefined);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState('');
  const [copied, setCopied] = useState('');
  const [pdfError, setPdfError] = useState('');
  const state = devisStateOf(version.state);
  const answer = version.answer;

  async function copy() {
    if (!version.link) return;
    try {
      await navigator.clipboard.writeText(version.link);
      setCopied('Lien copié\u00a0: collez-le dans un SMS ou un e-mail.');
    } catch {
      (document.getElementById(linkId) as HTMLInputElement | null)?.select();
      setCopied('Le lien est sélectionné\u00a0: copiez-le avec Ctrl+C.');
    }
  }

  async function act(run: () => Promise<Result<AdminDevis>>) {
    setBusy(true);
    setActionError('');
    const result = await run();
    setBusy(false);
    if (!result.ok) return setActionError(failure(result));
    setAsking(undefined);
    setReason('');
    onChanged(result.value);
  }

  function confirmVoid() {
    if (!reason.trim()) return setActionError('Indiquez le motif de l’annulation.');
    void act(() => voidDevisAcceptance(token, requestId, version.version, reason.trim()));
  }

  async function download() {
    setPdfError('');
    const result = await fetchDevisPdf(token, requestId, version.version);
    if (!result.ok) return setPdfError(`Le PDF n’a pas pu être téléchargé\u00a0: ${failure(result)}`);
    downloadFile(result.value, `Devis-${version.number}.pdf`);
  }

  return (
    <li className="admin-devis-version">
      <p className="admin-devis-version-head">
        <strong>{version.number}</strong>
        <span className={`admin-badge admin-badge--${state.tone}`}>
          <span className="visually-hidden">État&nbsp;: </span>
          {state.label}
        </span>
        <span>{formatCents(version.totalTTCCents)} TTC</span>
      </p>
      <p className="admin-devis-version-meta">
        Envoyé le {moment(version.sentAt, version.draft.territory)}&nbsp;· valable jusqu’au {formatDay(version.validUntil)}
      </p>
      {answer?.decision === 'accepte' && (
        <p className="admin-devis-answer admin-devis-answer--ok">
          Accepté le {moment(answer.at, version.draft.territory)} par {answer.name} ({answer.role}), «&nbsp;Bon pour accord&nbsp;».
        </p>
      )}
      {answer?.decision === 'refuse' && (
        <p className="admin-devis-answer admin-devis-answer--no">
          Refusé le {moment(answer.at, version.draft.territory)}
          {answer.reason ? `\u00a0: «\u00a0${answer.reason}\u00a0»` : ' (sans motif)'}.
        </p>
      )}
      <div className="admin-view-buttons">
        <button type="button" className="btn btn-secondary" onClick={() => void download()}>
          Télécharger le PDF<span className="visually-hidden"> du devis {version.number}</span>
        </button>
        {version.state === 'accepte' && (
          <button type="button" className="btn btn-secondary" onClick={() => setAsking('void')}>
            Annuler l’acceptation<span className="visually-hidden"> du devis {version.number}</span>
          </button>
        )}
        {version.link && (
          <button type="button" className="btn btn-secondary" onClick={() => setAsking('revoke')}>
            Révoquer le lien<span className="visually-hidden"> du devis {version.number}</span>
          </button>
        )}
      </div>
      {version.voided && (
        <p className="admin-devis-answer">
          Acceptation annulée le {moment(version.voided.at, version.draft.territory)} par {version.voided.by}&nbsp;: «&nbsp;{version.voided.reason}&nbsp;».
        </p>
      )}
      {version.linkRevokedAt && <p className="admin-devis-answer">Lien révoqué le {moment(version.linkRevokedAt, version.draft.territory)}&nbsp;: il ne s’ouvre plus.</p>}
      {asking === 'revoke' && (
        <ConfirmDialog
          title={`Révoquer le lien du devis ${version.number}\u202f?`}
          text={"Le lien envoyé au client ne s’ouvrira plus\u00a0: il ne pourra plus consulter ni accepter ce devis en ligne. Cette action est définitive."}
          confirmLabel="Révoquer le lien"
          busyLabel="Révocation…"
          busy={busy}
          error={actionError}
          onConfirm={() => void act(() => revokeDevisLink(token, requestId, version.version))}
          onCancel={() => {
            setAsking(undefined);
            setActionError('');
          }}
        />
      )}
      {asking === 'void' && (
        <ConfirmDialog
          title={`Annuler l’acceptation du devis ${version.number}\u202f?`}
          text={"L’acceptation reste dans l’historique avec son PDF\u202f; une nouvelle version du devis pourra être envoyée."}
          confirmLabel="Annuler l’acceptation"
          busyLabel="Annulation…"
          busy={busy}
          error={actionError}
          onConfirm={confirmVoid}
          onCancel={() => {
            setAsking(undefined);
            setActionError('');
          }}
        >
          <div className="admin-devis-field">
            <label htmlFor={reasonId}>Motif de l’annulation (obligatoire)</label>
            <textarea
              id={reasonId}
              rows={3}
              required
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setActionError('');
              }}
            />
          </div>
        </ConfirmDialog>
      )}
      {pdfError && (
        <p className="admin-alert" role="alert">
          {pdfError}
        </p>
      )}
      {version.link && (
        <div className="admin-devis-link">
          <label htmlFor={linkId}>Lien personnel du client</label>
          <div className="admin-search-row">
            <input id={linkId} readOnly value={version.link} onFocus={(e) => e.target.select()} />
            <button type="button" className="btn btn-secondary" onClick={() => void copy()}>
              Copier le lien
            </button>
          </div>
          <p className="admin-field-hint" role="status">
            {copied}
          </p>
        </div>
      )}
    </li>
  );
}
