/**
 * One request in the inbox: reference, kind and status badges, who wrote, when, the start of the
 * message (for a quote, its first lines and total HT), the quote's territory, a warning when its notification mail failed, the status select and
 * the button that opens the whole request.
 */
import { useId } from 'react';
import { formatCents } from '../../lib/price';
import type { RequestStatus } from '../../lib/statuses';
import { territoryOf } from '../../lib/territories';
import { moment } from '../../records/moment';
import { requestTerritory, type RequestSummary } from '../contact/request';
import { telHref } from './request-text';
import { StatusBadge, StatusSelect } from './parts';

interface Props {
  request: RequestSummary;
  onStatusChange: (id: string, statut: RequestStatus) => void;
  onOpen: (id: string) => void;
}

export default function RequestCard({ request, onStatusChange, onOpen }: Props) {
  const id = useId();
  const isQuote = request.kind === 'devis';
  const modified = request.updated_at && request.updated_at !== request.created_at;
  return (
    <li className="admin-card">
      <article aria-labelledby={`${id}-title`}>
        <header className="admin-card-head">
          <div className="admin-card-who">
            {request.reference && (
              <p className="admin-card-ref">
                <span className="visually-hidden">Référence&nbsp;: </span>
                {request.reference}
              </p>
            )}
            <h2 className="admin-card-title" id={`${id}-title`}>
              {request.name || 'Sans nom'}
              {request.company && <span className="admin-card-company"> — {request.company}</span>}
            </h2>
            <p className="admin-card-dates">
              Reçue le {moment(request.created_at, requestTerritory(request), { as: 'long' }) || 'date inconnue'}
              {modified && <>&nbsp;· modifiée le {moment(request.updated_at, requestTerritory(request), { as: 'long' })}</>}
            </p>
          </div>
          <div className="admin-badges">
            {isQuote && <span className="admin-badge admin-badge--quote">Devis</span>}
            <StatusBadge status={request.statut} />
          </div>
        </header>

        <dl className="admin-card-fields">
          <div>
            <dt>E-mail</dt>
            <dd>{request.email ? <a className="admin-card-email" href={`mailto:${request.email}`} title={request.email}>{request.email}</a> : '—'}</dd>
          </div>
          <div>
            <dt>Téléphone</dt>
            <dd>{request.phone ? <a href={telHref(request.phone)}>{request.phone}</a> : '—'}</dd>
          </div>
          <div>
            <dt>{isQuote ? 'Objet' : 'Solution'}</dt>
            <dd>{request.subject || '—'}</dd>
          </div>
          <div>
            <dt>Échéance</dt>
            <dd>{request.delai || '—'}</dd>
          </div>
          {request.clientCode && (
            <div>
              <dt>Code client</dt>
              <dd>{request.clientCode}</dd>
            </div>
          )}
          <div>
            {/* A quote's territory is where it is delivered; a contact's, the agency it belongs to. */}
            <dt>{isQuote ? 'Livraison' : 'Territoire'}</dt>
            <dd>{territoryOf(requestTerritory(request)).label}</dd>
          </div>
          {request.assignedTo && (
            <div>
              <dt>Assigné à</dt>
              <dd>{request.assignedTo.name}</dd>
            </div>
          )}
        </dl>

        {request.quote ? (
          <div className="admin-card-message admin-card-quote">
            <h3>Produits</h3>
            <ul>
              {request.quote.lines.map((line, index) => (
                <li key={index}>
                  {line.name} × {line.quantity}
                </li>
              ))}
              {request.quote.more > 0 && <li>et {request.quote.more === 1 ? 'un autre produit' : `${request.quote.more} autres produits`}</li>}
            </ul>
            <p className="admin-card-total">
              Total HT&nbsp;: <strong>{formatCents(request.quote.totalHTCents)}</strong>
            </p>
          </div>
        ) : (
          <div className="admin-card-message">
            <h3>Message</h3>
            <p>{request.message || '—'}</p>
          </div>
        )}

        {request.mail_status === 'echec' && (
          <p className="admin-card-warning">La notification e-mail de cette demande n’a pas pu être envoyée.</p>
        )}

        <footer className="admin-card-foot">
          <div className="admin-card-status">
            <StatusSelect id={`${id}-status`} value={request.statut} onChange={(status) => onStatusChange(request.id, status)} />
          </div>
          <button type="button" className="btn btn-secondary admin-card-open" data-opens-request={request.id} onClick={() => onOpen(request.id)}>
            Voir la demande<span className="visually-hidden"> de {request.name || 'sans nom'}</span>
          </button>
        </footer>
      </article>
    </li>
  );
}
