/**
 * A modal confirmation (native <dialog>): a question, what it means, a button that does it and one that
 * cancels. Escape and « Annuler » close it without doing anything; focus starts on « Annuler ».
 */
import { useId, useRef, type ReactNode } from 'react';
import { useModal } from './modal';

interface Props {
  title: string;
  text: string;
  confirmLabel: string;
  /** The confirm button's text while the action runs. */
  busyLabel: string;
  busy?: boolean;
  error?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** A field the action needs (a reason), between the text and the buttons. */
  children?: ReactNode;
  /** « danger » (the default) for what undoes or removes, « primary » for what sends. */
  tone?: 'danger' | 'primary';
}

export default function ConfirmDialog({ title, text, confirmLabel, busyLabel, busy = false, error, onConfirm, onCancel, children, tone = 'danger' }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  useModal(ref, cancelRef);

  return (
    <dialog
      ref={ref}
      className="admin-dialog admin-confirm"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={`${id}-title`} className="admin-confirm-title">
        {title}
      </h2>
      <p id={`${id}-text`}>{text}</p>
      {children}
      {error && (
        <p className="admin-alert" role="alert">
          {error}
        </p>
      )}
      <div className="admin-confirm-actions">
        <button ref={cancelRef} type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
          Annuler
        </button>
        <button type="button" className={tone === 'danger' ? 'btn admin-btn-danger' : 'btn btn-primary'} onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
