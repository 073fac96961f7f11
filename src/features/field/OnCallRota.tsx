/**
 * « Astreinte » (/admin/astreinte): a territory's on-call rota, week by week from this one, and who is on
 * call each week — set by administrators (a choice per week, saved at once), read by the technicians. The
 * person on call is woken by a « Bloquant » ticket at any hour. Only active accounts can be chosen: the
 * invited ones are listed as not yet choosable (greyed in each choice), and when nobody can be chosen the
 * screen says why.
 */
import { useEffect, useId, useState } from 'react';
import { call } from '../../lib/api-client';
import ErrorAlert from '../../lib/ErrorAlert';
import FilterButtons from '../../lib/FilterButtons';
import { TERRITORIES, territoryOf, type TerritoryId } from '../../lib/territories';
import StaffGate from '../team/StaffGate';
import { tokenRole } from '../../lib/token-role';
import { can } from '../team/roles';
import { choosableNote, rotaApi, type Rota } from './on-call';
import './OnCallRota.css';
import { useNoticeInView } from '../../lib/notice-in-view';
import { calendarDay } from '../../records/moment';

interface RotaView {
  rota: Rota;
  weeks: { week: string; monday: string }[];
  people: { id: string; name: string }[];
  /** The territory's invited technicians and administrators: choosable once their account is activated. */
  invited?: { id: string; name: string }[];
}


const weekLabel = (monday: string): string => {
  const start = new Date(`${monday}T12:00:00Z`);
  const end = new Date(start.getTime() + 6 * 86_400_000);
  return `du ${calendarDay(start, 'day-month')} au ${calendarDay(end, 'day-month')}`;
};

function RotaScreen({ token }: { token: string }) {
  const id = useId();
  const [territory, setTerritory] = useState<TerritoryId>(TERRITORIES[0]!.id);
  const [view, setView] = useState<RotaView>();
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const noticeRef = useNoticeInView<HTMLParagraphElement>(notice);
  const role = tokenRole(token);
  // The owner's token names no role; an unreadable one (null) may do nothing.
  const administrator = role === undefined || (role !== null && can(role, 'rota.manage'));

  useEffect(() => {
    let current = true;
    setView(undefined);
    setError('');
    void call(token, rotaApi(territory)).then((answer) => {
      if (!current) return;
      if (answer.ok) setView(answer.value.data as RotaView);
      else setError(answer.message);
    });
    return () => {
      current = false;
    };
  }, [token, territory]);

  async function choose(week: string, accountId: string) {
    setNotice('');
    const answer = await call(token, rotaApi(territory), { method: 'PUT', body: JSON.stringify({ week, accountId: accountId || null }) });
    if (!answer.ok) return setError(answer.message);
    setError('');
    setView(answer.value.data as RotaView);
    setNotice('Astreinte enregistrée.');
  }

  return (
    <>
      <FilterButtons name="Territoire" prefix="Territoire&nbsp;:" options={TERRITORIES.map((one) => ({ value: one.id, label: one.label }))} value={territory} onChoose={setTerritory} />
      <ErrorAlert text={error} />
      <p ref={noticeRef} tabIndex={-1} className="admin-success" role="status" hidden={!notice}>
        {notice}
      </p>
      {!view && !error && <p className="admin-status-line">Chargement de l’astreinte…</p>}
      {view && administrator && choosableNote(territoryOf(territory).label, view.people, view.invited ?? []) && (
        <p className={view.people.length === 0 ? 'admin-alert on-call-note' : 'admin-status-line on-call-note'} role={view.people.length === 0 ? 'alert' : undefined}>
          {choosableNote(territoryOf(territory).label, view.people, view.invited ?? [])}
        </p>
      )}
      {view && (
        <table className="on-call-table">
          <caption className="visually-hidden">Personne d’astreinte, semaine par semaine</caption>
          <thead>
            <tr>
              <th scope="col">Semaine</th>
              <th scope="col">D’astreinte</th>
            </tr>
          </thead>
          <tbody>
            {view.weeks.map(({ week, monday }) => {
              const who = view.rota.weeks[week] ?? '';
              const name = view.people.find((person) => person.id === who)?.name ?? (who ? 'Compte désactivé' : 'Personne');
              return (
                <tr key={week}>
                  <th scope="row">{weekLabel(monday)}</th>
                  <td>
                    {administrator ? (
                      <>
                        <label className="visually-hidden" htmlFor={`${id}-${week}`}>
                          D’astreinte {weekLabel(monday)}
                        </label>
                        <select id={`${id}-${week}`} value={who} onChange={(event) => void choose(week, event.target.value)}>
                          {[{ id: '', name: 'Personne' }, ...view.people].map((person) => (
                            <option key={person.id || 'personne'} value={person.id}>
                              {person.name}
                            </option>
                          ))}
                          {(view.invited ?? []).map((person) => (
                            <option key={person.id} value={person.id} disabled>
                              {`${person.name} — compte pas encore activé`}
                            </option>
                          ))}
                        </select>
                      </>
                    ) : (
                      name
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </>
  );
}

export default function OnCallRota() {
  return <StaffGate>{(token) => <RotaScreen token={token} />}</StaffGate>;
}
