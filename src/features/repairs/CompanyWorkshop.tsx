/**
 * The workshop on a company's page: « Ouvrir une réparation » (the counter's form for this company), its
 * repairs (state, days, a loan out), and its pool of loan devices (model, serial, state, who has it) with
 * « Ajouter un appareil de prêt ». Loaded when the page opens; sales read it, the workshop writes.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import ErrorAlert from '../../lib/ErrorAlert';
import { DEFAULT_TERRITORY } from '../../lib/territories';
import { moment } from '../../records/moment';
import { LOAN_DEVICE_STATES, type LoanDevice, type RepairRow } from './model';
import { addLoanDeviceCall, loadCompanyWorkshop } from './repair-client';
import { repairPages } from '../../lib/repair-paths';
import { RepairStateBadge } from './RepairBadges';

export default function CompanyWorkshop({ token, companyId }: { token: string; companyId: string }) {
  const [repairs, setRepairs] = useState<RepairRow[]>();
  const [pool, setPool] = useState<LoanDevice[]>([]);
  const [error, setError] = useState('');
  const [model, setModel] = useState('');
  const [serial, setSerial] = useState('');

  useEffect(() => {
    void loadCompanyWorkshop(token, companyId).then((result) => {
      if (!result.ok) return setError(result.message);
      setRepairs(result.value.repairs);
      setPool(result.value.pool);
    });
  }, [token, companyId]);

  const add = async (event: SubmitEvent) => {
    event.preventDefault();
    const result = await addLoanDeviceCall(token, companyId, { model, serial });
    if (!result.ok) return setError(`${result.message}${result.fields ? ` ${Object.values(result.fields).join(' ')}` : ''}`);
    setError('');
    setPool(result.value.pool);
    setModel('');
    setSerial('');
  };

  return (
    <section className="clients-panel" aria-labelledby="clients-workshop-title">
      <h2 id="clients-workshop-title">Atelier</h2>
      <p>
        <a className="btn btn-secondary" href={`${repairPages.counter}?societe=${encodeURIComponent(companyId)}`}>
          Ouvrir une réparation
        </a>
      </p>
      <ErrorAlert text={error} />
      {repairs && repairs.length === 0 && <p>Aucune réparation pour cette société.</p>}
      {repairs && repairs.length > 0 && (
        <ul>
          {repairs.map((row) => (
            <li key={row.id}>
              <a href={repairPages.view(row.id)}>{row.reference}</a>&nbsp;· {row.model} <RepairStateBadge state={row.state} />
              {row.onLoan ? '\u00a0· prêt en cours' : ''}
            </li>
          ))}
        </ul>
      )}
      <h3>Appareils de prêt</h3>
      {pool.length === 0 ? (
        <p>Aucun appareil de prêt pour cette société.</p>
      ) : (
        <ul>
          {pool.map((device) => {
            const out = device.loans.find((loan) => loan.returnedAt === null);
            return (
              <li key={device.id}>
                {device.model} (n° {device.serial}) — {LOAN_DEVICE_STATES[device.state]}
                {out ? `, pour ${out.reference} depuis le ${moment(out.lentAt, repairs?.find((row) => row.reference === out.reference)?.territory ?? DEFAULT_TERRITORY)}` : ''}
              </li>
            );
          })}
        </ul>
      )}
      <form className="repair-buttons" onSubmit={(event) => void add(event)} aria-label="Ajouter un appareil de prêt">
        <label>
          Modèle <input value={model} onChange={(event) => setModel(event.target.value)} />
        </label>
        <label>
          N°&nbsp;de série <input value={serial} onChange={(event) => setSerial(event.target.value)} />
        </label>
        <button type="submit" className="btn btn-secondary">
          Ajouter un appareil de prêt
        </button>
      </form>
    </section>
  );
}
