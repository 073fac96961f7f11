/** The space's home page: puts the summary's figures and their sentences in place. */
import { spaceApi } from './space-paths';
import type { SpaceSummary } from './answers';
import { spaceCall } from './space-client';

const plural = (count: number, one: string, many: string) => (count > 1 ? many : one);

void spaceCall<SpaceSummary>(spaceApi.summary).then((answer) => {
  const status = document.querySelector<HTMLElement>('[data-space-loading]')!;
  if (!answer.ok) {
    status.textContent = answer.error;
    status.classList.add('space-error');
    return;
  }
  const summary = answer.data;
  const texts: Record<string, string> = {
    devisWaiting: plural(summary.devisWaiting, 'devis attend votre réponse', 'devis attendent votre réponse'),
    equipment: `sur ${summary.equipment} ${plural(summary.equipment, 'équipement', 'équipements')}`,
    contract: summary.contractEndsOn ? `Contrat de maintenance jusqu’au ${summary.contractEndsOn}` : 'Pas de contrat de maintenance en cours',
    openTickets: plural(summary.openTickets, 'ticket en cours', 'tickets en cours'),
  };
  for (const node of document.querySelectorAll<HTMLElement>('[data-figure]')) node.textContent = String(summary[node.dataset.figure as 'devisWaiting' | 'equipmentUnderContract' | 'openTickets']);
  for (const node of document.querySelectorAll<HTMLElement>('[data-text]')) node.textContent = texts[node.dataset.text!] ?? '';
  status.hidden = true;
  document.querySelector<HTMLElement>('[data-space-summary]')!.hidden = false;
});
