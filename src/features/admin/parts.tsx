/**
 * Small pieces the inbox's views share: the status badge and select, a modal dialog's opening and close
 * button, the row of filter buttons and a file download. Each is written once here, so a card and a
 * request's view cannot drift apart.
 */
import { useEffect, type RefObject } from 'react';
import { STATUSES, type RequestStatus } from '../../lib/statuses';
import { statusLabel, statusTone } from './status';

/** The badge of a request's status, its word read out as « Statut : … ». */
export function StatusBadge({ status }: { status: RequestStatus }) {
  return (
    <span className={`admin-badge admin-badge--${statusTone(status)}`}>
      <span className="visually-hidden">Statut&nbsp;: </span>
      {statusLabel(status)}
    </span>
  );
}

/** The « Statut » select of a request: every status of the one table, in its order. */
export function StatusSelect({ id, value, onChange }: { id: string; value: RequestStatus; onChange: (status: RequestStatus) => void }) {
  return (
    <>
      <label htmlFor={id}>Statut</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as RequestStatus)}>
        {STATUSES.map((status) => (
          <option key={status.value} value={status.value}>
            {status.label}
          </option>
        ))}
      </select>
    </>
  );
}

/**
 * Opens a `<dialog>` as modal when the view mounts and closes it when it unmounts; `focus`, when given,
 * takes the focus instead of the dialog's first control (a confirmation focuses « Annuler »).
 */
export function useModal(dialog: RefObject<HTMLDialogElement | null>, focus?: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    focus?.current?.focus();
    return () => element.close();
  }, [dialog, focus]);
}

/** The cross that closes a view, named for what it closes (« Fermer la demande »). */
export function CloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="admin-view-close" onClick={onClick} aria-label={label}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}

/** A row of filter buttons, the chosen one pressed; `prefix` is a visible word the group's name already says. */
export function FilterButtons<T extends string>({
  name,
  prefix,
  options,
  value,
  onChoose,
}: {
  name: string;
  prefix?: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChoose: (value: T) => void;
}) {
  return (
    <div className="admin-filters" role="group" aria-label={name}>
      {prefix && (
        <span className="admin-filters-label" aria-hidden="true">
          {prefix}
        </span>
      )}
      {options.map((item) => (
        <button key={item.value || 'tous'} type="button" className="admin-filter" aria-pressed={value === item.value} onClick={() => onChoose(item.value)}>
          {item.label}
        </button>
      ))}
    </div>
  );
}

/** Saves a file the browser holds (an export, a PDF) under `name`, as a click on a download link would. */
export function downloadFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started once the click returns; the address is freed a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
