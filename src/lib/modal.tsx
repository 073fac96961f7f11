/**
 * A modal `<dialog>` of the back office (a request's view, the devis editor, a confirmation): its opening
 * and closing with the view, and the cross that closes it. Written once, so every dialog behaves alike.
 */
import { useEffect, type RefObject } from 'react';

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
