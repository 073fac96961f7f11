/**
 * « Territoire » and « Assigné à » in a request's view: two selects that save as soon as one changes
 * (PATCH …/attribution). The people offered are the active staff (GET /api/admin/personnes); a request
 * still assigned to someone no longer active keeps that person as the current choice.
 */
import { useEffect, useId, useState } from 'react';
import { isTerritoryId } from '../../lib/territories';
import TerritoryOptions from '../../lib/TerritoryOptions';
import { requestTerritory, type Actor, type ContactRequest, type RoutingChangeBody } from '../contact/request';
import { changeRouting, fetchAssignees, type Failure } from './api';

interface Props {
  request: ContactRequest;
  token: string;
  failure: (result: Failure) => string;
  /** The request as saved after a change. */
  onChanged: (request: ContactRequest) => void;
}

/** The value of « Personne » in the select. */
const NOBODY = '';

export default function RequestRouting({ request, token, failure, onChanged }: Props) {
  const id = useId();
  const [people, setPeople] = useState<Actor[]>();
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let current = true;
    void fetchAssignees(token).then((result) => {
      if (!current) return;
      if (result.ok) setPeople(result.value);
      else setError(`La liste de l’équipe n’a pas pu être chargée\u00a0: ${failure(result)}`);
    });
    return () => {
      current = false;
    };
  }, [token, failure]);

  async function save(change: RoutingChangeBody) {
    setSaving(true);
    setError('');
    const result = await changeRouting(token, request.id, change);
    setSaving(false);
    if (!result.ok) return setError(`Le changement n’a pas été enregistré\u00a0: ${result.fields?.territory ?? result.fields?.assignedTo ?? failure(result)}`);
    onChanged(result.value);
  }

  const assigned = request.assignedTo ?? undefined;
  const choices = people && assigned && !people.some((person) => person.id === assigned.id) ? [...people, assigned] : (people ?? (assigned ? [assigned] : []));

  return (
    <div className="admin-routing">
      <div className="admin-routing-field">
        <label htmlFor={`${id}-territory`}>Territoire</label>
        <select
          id={`${id}-territory`}
          value={requestTerritory(request)}
          disabled={saving}
          onChange={(event) => isTerritoryId(event.target.value) && void save({ territory: event.target.value })}
        >
          <TerritoryOptions />
        </select>
      </div>
      <div className="admin-routing-field">
        <label htmlFor={`${id}-assignee`}>Assigné à</label>
        <select
          id={`${id}-assignee`}
          value={assigned?.id ?? NOBODY}
          disabled={saving || !people}
          onChange={(event) => void save({ assignedTo: event.target.value === NOBODY ? null : event.target.value })}
        >
          <option value={NOBODY}>Personne</option>
          {choices.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <p className="admin-alert" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
