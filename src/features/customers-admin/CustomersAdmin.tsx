/**
 * /admin/clients: the customer companies by name, with a search (name, client code, a person's name or
 * address, a serial number), a territory filter with its counts, each company's contract badge, pages of
 * 50 with « Afficher plus », and « Nouvelle société » (for those who may write customers: the server says).
 */
import { latestAnswer } from '../../lib/latest-answer';
import { useCallback, useEffect, useState, type SubmitEvent } from 'react';
import { TERRITORIES, territoryOf } from '../../lib/territories';
import { customersPages, type CompanyListAnswer } from '../customers/admin-api';
import type { CompanySummary } from '../customers/model';
import StaffGate, { type GateSignal } from '../team/StaffGate';
import { createCompany, loadCompanies } from './customers-client';
import { CompanyFields, ContractBadge, ItemForm, NoticeLine, type CompanyDraft, type FormState, type Notice } from './parts';

const EMPTY: CompanyDraft = { name: '', clientCode: '', territory: 'martinique', contractEndsOn: '' };
const plural = (count: number, one: string, many: string) => `${count.toLocaleString('fr-FR')}\u00a0${count > 1 ? many : one}`;

function NewCompany({ token, signal, onCancel }: { token: string; signal: (what: GateSignal) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState<CompanyDraft>(EMPTY);

  async function submit(): Promise<FormState | undefined> {
    const result = await createCompany(token, draft);
    if (result.ok) return void window.location.assign(customersPages.company(result.value.data.id));
    if (result.unauthorized) signal('unauthorized');
    return { busy: false, error: result.message, fields: result.fields ?? {} };
  }

  return (
    <section className="clients-panel" aria-labelledby="clients-new-title">
      <h2 id="clients-new-title">Nouvelle société</h2>
      <ItemForm title="Nouvelle société" submit={submit} onCancel={onCancel} submitLabel="Créer la société">
        {(fields) => <CompanyFields draft={draft} onChange={setDraft} fields={fields} />}
      </ItemForm>
    </section>
  );
}

function CompanyCard({ company }: { company: CompanySummary }) {
  return (
    <li className="admin-card clients-card">
      <div className="admin-card-head">
        <h3 className="admin-card-title">
          <a href={customersPages.company(company.id)}>{company.name}</a>
        </h3>
        <ContractBadge contractEndsOn={company.contractEndsOn} />
      </div>
      <p className="admin-card-company">
        {company.clientCode}&nbsp;· {territoryOf(company.territory).label}&nbsp;· {plural(company.people, 'personne', 'personnes')}&nbsp;· {plural(company.equipment, 'équipement', 'équipements')}
      </p>
    </li>
  );
}

function Companies({ token, signal }: { token: string; signal: (what: GateSignal) => void }) {
  const [filter, setFilter] = useState({ q: '', territoire: 'tous' });
  const [draftQuery, setDraftQuery] = useState('');
  const [answer, setAnswer] = useState<{ list: CompanyListAnswer; rows: CompanySummary[] } | undefined>();
  const [notice, setNotice] = useState<Notice>();
  const [creating, setCreating] = useState(false);

  // A slow answer to an older filter never replaces a newer one's list (« Afficher plus » included).
  const [latest] = useState(latestAnswer);
  const load = useCallback(
    async (page: number) => {
      const stillLatest = page === 0 ? latest.start() : latest.current();
      const result = await loadCompanies(token, { ...filter, page });
      if (!stillLatest()) return;
      if (!result.ok) {
        if (result.unauthorized) return signal('unauthorized');
        if (result.status === 403) return signal('forbidden');
        return setNotice({ tone: 'error', text: result.message });
      }
      setNotice(undefined);
      setAnswer((before) => ({ list: result.value, rows: page === 0 ? result.value.data : [...(before?.rows ?? []), ...result.value.data] }));
    },
    [token, signal, filter, latest],
  );

  useEffect(() => {
    void load(0);
  }, [load]);

  function search(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFilter({ ...filter, q: draftQuery });
  }

  const counts = answer?.list.counts;
  return (
    <div className="clients">
      <div className="clients-toolbar">
        <form className="admin-search" role="search" onSubmit={search}>
          <label htmlFor="clients-q">Rechercher une société</label>
          <div className="admin-search-row">
            <input id="clients-q" type="search" placeholder="Nom, code client, personne, e-mail, n°&nbsp;de série" value={draftQuery} onChange={(event) => setDraftQuery(event.target.value)} />
            <button type="submit" className="btn btn-primary">
              Rechercher
            </button>
          </div>
        </form>
        <div className="admin-field">
          <label htmlFor="clients-territory">Territoire</label>
          <select id="clients-territory" value={filter.territoire} onChange={(event) => setFilter({ ...filter, territoire: event.target.value })}>
            <option value="tous">Tous{counts ? ` (${counts.total})` : ''}</option>
            {TERRITORIES.map((territory) => (
              <option key={territory.id} value={territory.id}>
                {territory.label}
                {counts ? ` (${counts.territories[territory.id] ?? 0})` : ''}
              </option>
            ))}
          </select>
        </div>
        {!creating && answer?.list.mayCreate && (
          <button type="button" className="btn btn-primary clients-new" onClick={() => setCreating(true)}>
            Nouvelle société
          </button>
        )}
      </div>
      {creating && <NewCompany token={token} signal={signal} onCancel={() => setCreating(false)} />}
      <NoticeLine notice={notice} />
      {!answer && !notice && <p className="admin-status-line">Chargement…</p>}
      {answer && (
        <section aria-labelledby="clients-list-title">
          <h2 id="clients-list-title" className="clients-count" aria-live="polite">
            {plural(answer.list.counts.matching, 'société', 'sociétés')}, dont {answer.list.counts.underContract} sous contrat
          </h2>
          {answer.rows.length === 0 ? (
            <p className="admin-empty">Aucune société ne correspond.</p>
          ) : (
            <ul className="admin-list">
              {answer.rows.map((company) => (
                <CompanyCard key={company.id} company={company} />
              ))}
            </ul>
          )}
          {answer.list.nextPage !== null && (
            <button type="button" className="btn btn-secondary admin-more" onClick={() => void load(answer.list.nextPage!)}>
              Afficher plus
            </button>
          )}
        </section>
      )}
    </div>
  );
}

export default function CustomersAdmin() {
  return <StaffGate>{(token, signal) => <Companies token={token} signal={signal} />}</StaffGate>;
}
