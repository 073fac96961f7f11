/**
 * The admin bar's « Se déconnecter », loaded at its click: when actions written on the device have not been
 * sent yet, the bar's dialog says so first (signing out erases them); then the session ends (session-end.ts).
 */
import { signOut, unsentSentence } from '../features/admin/session-end';
import { unsentCount } from '../features/tickets/offline/field-store';

/** Signs out once the person knows what would be lost (the bar's `[data-sign-out-confirm]` dialog). */
export async function askToSignOut(button: HTMLButtonElement): Promise<void> {
  const confirm = document.querySelector<HTMLDialogElement>('[data-sign-out-confirm]')!;
  const leave = () => {
    confirm.close();
    button.disabled = true;
    button.textContent = 'Déconnexion…';
    void signOut();
  };
  const unsent = await unsentCount().catch(() => 0);
  if (unsent === 0) return leave();
  confirm.querySelector('[data-sign-out-unsent]')!.textContent = unsentSentence(unsent);
  confirm.querySelector<HTMLButtonElement>('[data-sign-out-anyway]')!.onclick = leave;
  confirm.querySelector<HTMLButtonElement>('[data-sign-out-cancel]')!.onclick = () => confirm.close();
  confirm.showModal();
}
