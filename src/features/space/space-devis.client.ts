/**
 * « Mes devis »: lists the company's devis versions; « Accepter » and « Refuser » open the answer dialog
 * (devis-answer-dialog.ts) and the list is read again after an answer.
 */
import { spaceDevisPath } from '../../lib/paths';
import { spaceApi } from './space-paths';
import type { SpaceDevis } from './answers';
import { answerButtons, devisAnswerDialog, noticeThenReload } from './devis-answer-dialog';
import { badge, element, showAnswer, spaceCall, totalsList } from './space-client';

const load = () => spaceCall<SpaceDevis[]>(spaceApi.devis).then((answer) => showAnswer(answer, card));

const open = devisAnswerDialog(noticeThenReload(load));

function card(devis: SpaceDevis): HTMLLIElement {
  const item = element('li', '', 'space-card');
  const meta = element('p', `Envoyé le ${devis.date}, valable jusqu’au ${devis.validUntil} `, 'space-meta');
  meta.append(badge(devis.stateLabel, devis.tone));
  item.append(element('h2', `Devis ${devis.number}`), meta, totalsList(devis.totals, `Totaux du devis ${devis.number}`));
  if (devis.answerText) item.append(element('p', devis.answerText, 'space-answer'));
  const actions = element('div', '', 'space-actions');
  const pdf = element('a', 'Télécharger le PDF', 'btn btn-secondary');
  pdf.href = spaceDevisPath(devis.requestId, devis.version, 'pdf');
  pdf.download = `Devis-${devis.number}.pdf`;
  pdf.setAttribute('aria-label', `Télécharger le PDF du devis ${devis.number}`);
  actions.append(pdf);
  item.append(actions);
  if (devis.answerable) item.append(answerButtons({ requestId: devis.requestId, version: devis.version, number: devis.number, facts: `${devis.totalTTC} TTC, valable jusqu’au ${devis.validUntil}` }, open));
  return item;
}

void load();
