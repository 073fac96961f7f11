/**
 * « Créer un ticket » in a contact request's view: the request of a visitor without an account becomes a
 * ticket of a company chosen by its name or client code, with an impact; the request's text becomes the
 * description. Once made, a link opens the ticket; the request gets a note naming it (the server's).
 * Given to the inbox's request view through its actions context (admin/request-actions.ts), so the inbox
 * does not depend on the tickets.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { call, checked } from '../../lib/api-client';
import { companyListAnswerSchema, customersApi } from '../customers/admin-api';
import type { CompanySummary } from '../customers/model';
import type { RequestActionProps } from '../admin/request-actions';
import { ticketFromRequestAnswerSchema } from './staff';
import { TICKET_IMPACTS, type TicketImpact } from './states';
import { ticketApi, ticketPages } from './ticket-paths';

export default function RequestTicket({ request, token, failure, onChanged }: RequestActionProps) {
  const requestId = request.id;
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [companies, setCompanies] = useState<CompanySummary[]>();
  const [companyId, setCompanyId] = useState('');
  const [impact, setImpact] = useState<TicketImpact>('degrade');
  const [error, setError] = useState('');
  const [made, setMade] = useState<{ id: string; reference: string }>();

  async function search(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setError('');
    const answer = checked(await call(token, `${customersApi.list}?q=${encodeURIComponent(query.trim())}`), companyListAnswerSchema);
    if (!answer.ok) return setError(failure(answer));
    setCompanies(answer.value.data);
    setCompanyId(answer.value.data[0]?.id ?? '');
  }

  async function create() {
    setError('');
    const answer = checked(await call(token, ticketApi.fromRequest(requestId), { method: 'POST', body: JSON.stringify({ companyId, impact }) }), ticketFromRequestAnswerSchema);
    if (!answer.ok) return setError(failure(answer));
    setMade(answer.value.data);
    onChanged();
  }

  if (made) {
    return (
      <p className="admin-success" role="status">
        Ticket <a href={ticketPages.view(made.id)}>{made.reference}</a> créé.
      </p>
    );
  }
  if (request.kind !== 'contact') return null;
  if (!open) {
    return (
      <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
        Créer un ticket
      </button>
    );
  }
  return (
    <section className="admin-view-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Créer un ticket</h3>
      <form className="admin-search" role="search" onSubmit={search}>
        <label htmlFor={`${id}-q`}>Société (nom ou code client)</label>
        <div className="admin-search-row">
          <input id={`${id}-q`} type="search" value={query} maxLength={200} onChange={(event) => setQuery(event.target.value)} />
          <button type="submit" className="btn btn-secondary">
            Chercher
          </button>
        </div>
      </form>
      {companies && companies.length === 0 && <p className="admin-empty">Aucune société ne correspond.</p>}
      {companies && companies.length > 0 && (
        <div className="admin-routing">
          <div className="admin-field">
            <label htmlFor={`${id}-company`}>Société</label>
            <select id={`${id}-company`} value={companyId} onChange={(event) => setCompanyId(event.target.value)}>
              {companies.map((company) => (
                <option key={company.id} value={company.id}>
                  {company.name} ({company.clientCode})
                </option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label htmlFor={`${id}-impact`}>Impact</label>
            <select id={`${id}-impact`} value={impact} onChange={(event) => setImpact(event.target.value as TicketImpact)}>
              {TICKET_IMPACTS.map((one) => (
                <option key={one.id} value={one.id}>
                  {one.description}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="btn btn-primary" onClick={() => void create()} disabled={!companyId}>
            Créer le ticket
          </button>
        </div>
      )}
      {error && (
        <p className="admin-alert" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
