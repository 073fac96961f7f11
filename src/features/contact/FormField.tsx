/**
 * The fields of the visitor's forms, written once for the contact form and the quote dialog: a labelled
 * text field whose label, type, autocomplete and length limit come from fields.ts (« Nom * » when
 * required, « Code client (facultatif) » when not), and the honeypot.
 */
import { FIELDS, HONEYPOT_FIELD, MAX_LENGTH, fieldLabel, type TextFieldName } from './fields';

interface TextFieldProps {
  /** The id of the form: each field's id is `<form>-<name>`. */
  form: string;
  name: TextFieldName;
  required: boolean;
  placeholder?: string;
  /** A sentence under the field, read with it. */
  hint?: string;
  /** Across both columns of the form's grid. */
  wide?: boolean;
  /** What the field holds when the page is made (a form sent back with its errors keeps what was typed). */
  defaultValue?: string;
  /** The server's French sentence about this field, shown under it. */
  error?: string;
  /** The field the page opens on (the first to correct). */
  autoFocus?: boolean;
}

export function TextField({ form, name, required, placeholder, hint, wide = false, defaultValue, error, autoFocus }: TextFieldProps) {
  const id = `${form}-${name}`;
  const { type, autoComplete } = FIELDS[name];
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const common = { id, name, required, maxLength: MAX_LENGTH[name], placeholder, defaultValue, autoFocus: autoFocus || undefined, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined };
  return (
    <div className={wide || type === 'textarea' ? 'field field--wide' : 'field'}>
      <label htmlFor={id}>{fieldLabel(name, required)}</label>
      {type === 'textarea' ? <textarea rows={6} {...common} /> : <input type={type} autoComplete={autoComplete} {...common} />}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The server's sentence about a field, under it (`<id>-error`, which the field names in aria-describedby). */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="field-error">
      {error}
    </p>
  );
}

/** The honeypot: hidden from people and assistive technologies, filled only by robots (the server drops those). */
export function Honeypot({ form }: { form: string }) {
  const id = `${form}-${HONEYPOT_FIELD}`;
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label htmlFor={id}>Ne pas remplir ce champ</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
