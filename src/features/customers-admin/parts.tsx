/**
 * The small pieces the « Clients » screens share: a labelled field with its French error, the company's
 * own fields (new company and « Modifier »), a form with « Enregistrer » and « Annuler », the contract
 * badge, and the notice of the last action.
 */
import { useId, useState, type InputHTMLAttributes, type ReactNode, type SubmitEvent } from 'react';
import { calendarDay } from '../../records/moment';
import TerritoryOptions from '../../lib/TerritoryOptions';
import { antillesDay } from '../customers/admin-api';
import { contractRunsOn } from '../customers/model';
import { useNoticeInView } from '../../lib/notice-in-view';

/** A labelled input with the server's sentence for it, tied by aria-describedby. */
export function Field({ label, error, ...input }: { label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {error && (
        <p id={`${id}-error`} className="admin-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The company's own fields as a form edits them. */
export interface CompanyDraft {
  name: string;
  clientCode: string;
  territory: string;
  contractEndsOn: string;
}

/** Name, client code, territory and contract end (empty: no contract). */
export function CompanyFields({ draft, onChange, fields }: { draft: CompanyDraft; onChange: (draft: CompanyDraft) => void; fields: Record<string, string> }) {
  const id = useId();
  const set = (name: keyof CompanyDraft) => (event: { target: { value: string } }) => onChange({ ...draft, [name]: event.target.value });
  return (
    <div className="clients-form-grid">
      <Field label="Nom de la société" name="name" required autoComplete="off" value={draft.name} onChange={set('name')} error={fields.name} />
      <Field label="Code client" name="clientCode" required autoComplete="off" value={draft.clientCode} onChange={set('clientCode')} error={fields.clientCode} />
      <div className="admin-field">
        <label htmlFor={`${id}-territory`}>Territoire</label>
        <select id={`${id}-territory`} name="territory" value={draft.territory} onChange={set('territory')}>
          <TerritoryOptions />
        </select>
        {fields.territory && <p className="admin-field-error">{fields.territory}</p>}
      </div>
      <Field label="Fin du contrat de maintenance (vide si aucun)" name="contractEndsOn" type="date" value={draft.contractEndsOn} onChange={set('contractEndsOn')} error={fields.contractEndsOn} />
    </div>
  );
}

/** « Sous contrat jusqu’au 31 décembre 2026 », « Contrat terminé le … » or « Sans contrat ». */
export function ContractBadge({ contractEndsOn }: { contractEndsOn: string | null }) {
  if (contractEndsOn === null) return <span className="admin-badge admin-badge--grey">Sans contrat</span>;
  const day = calendarDay(contractEndsOn);
  return contractRunsOn({ contractEndsOn }, antillesDay()) ? (
    <span className="admin-badge admin-badge--green">Sous contrat jusqu’au {day}</span>
  ) : (
    <span className="admin-badge admin-badge--amber">Contrat terminé le {day}</span>
  );
}

/** What the last action did, or why it failed. */
export type Notice = { tone: 'success' | 'error'; text: string } | undefined;

export function NoticeLine({ notice }: { notice: Notice }) {
  const ref = useNoticeInView<HTMLParagraphElement>(notice);
  if (!notice) return null;
  return notice.tone === 'success' ? (
    <p ref={ref} tabIndex={-1} className="admin-success" role="status">
      {notice.text}
    </p>
  ) : (
    <p ref={ref} tabIndex={-1} className="admin-alert" role="alert">
      {notice.text}
    </p>
  );
}

/** A form's state: sending, and the refusal (sentence and fields) to show. */
export type FormState = { busy: boolean; error: string; fields: Record<string, string> };
export const IDLE: FormState = { busy: false, error: '', fields: {} };

/** What a form of the page sends, and what it does with a success. */
export type Submit = (body: unknown) => Promise<FormState | undefined>;

/** A form of the page: its fields, « Enregistrer » and « Annuler ». */
export function ItemForm({ title, submit, onCancel, children, submitLabel = 'Enregistrer' }: { title: string; submit: () => Promise<FormState | undefined>; onCancel: () => void; children: (fields: Record<string, string>) => ReactNode; submitLabel?: string }) {
  const [state, setState] = useState<FormState>(IDLE);
  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setState({ ...IDLE, busy: true });
    setState((await submit()) ?? IDLE);
  }
  return (
    <form className="clients-form" onSubmit={onSubmit} noValidate aria-label={title}>
      {state.error && (
        <p className="admin-alert" role="alert">
          {state.error}
        </p>
      )}
      {children(state.fields)}
      <div className="admin-view-buttons">
        <button type="submit" className="btn btn-primary" disabled={state.busy}>
          {state.busy ? 'Enregistrement…' : submitLabel}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Annuler
        </button>
      </div>
    </form>
  );
}

