/**
 * « Mes réparations »: the company's repairs as cards — state badge, reference and device, the steps with
 * their dates, what was left and reported, the diagnosis, the devis (« Accepter » / « Refuser » open the
 * space's answer dialog), the loan, the report and its PDF, the deposit slip. The card named by `?id=` is brought into
 * view and focused.
 */
import { spaceDevisPath } from '../../lib/paths';
import { answerButtons, devisAnswerDialog, noticeThenReload } from '../space/devis-answer-dialog';
import { badge, element, showAnswer, spaceCall, totalsList } from '../space/space-client';
import type { CustomerRepair } from './model';
import { spaceRepairApi } from '../../lib/repair-paths';
import { repairStateOf, warrantyLabel, type RepairDevisState } from './states';
import { moment } from '../../records/moment';

const DEVIS_WORDS: Record<RepairDevisState, string> = {
  aucun: 'Ce devis n’attend plus de réponse.',
  envoye: 'Ce devis attend votre réponse\u00a0: la réparation commence dès votre accord.',
  accepte: 'Vous avez accepté ce devis.',
  refuse: 'Vous avez refusé ce devis.',
};


const load = () =>
  spaceCall<CustomerRepair[]>(spaceRepairApi.list).then((answer) => {
    showAnswer(answer, card);
    const wanted = new URLSearchParams(location.search).get('id');
    const target = wanted ? document.getElementById(`reparation-${wanted}`) : null;
    if (target) {
      target.scrollIntoView({ block: 'start' });
      target.focus();
    }
  });

const open = devisAnswerDialog(noticeThenReload(load));

/** A label and its value, as a line of the card. */
const fact = (label: string, value: string) => {
  const line = element('p', '', 'space-meta');
  line.append(element('strong', `${label}\u00a0: `), value);
  return line;
};

function card(repair: CustomerRepair): HTMLLIElement {
  // The repair's days and times in its territory's time, whatever the browser's zone.
  const on = (iso: string) => moment(iso, repair.territory, { as: 'date' });
  const item = element('li', '', 'space-card repair-card');
  item.id = `reparation-${repair.id}`;
  item.tabIndex = -1;
  const state = repairStateOf(repair.state);
  const title = element('h2', `${repair.reference}\u00a0· ${repair.device.model}`);
  const meta = element('p', `${repair.receivedAt ? `Déposé le ${on(repair.receivedAt)}` : `Attendu à l’atelier depuis le ${on(repair.openedAt)}`} `, 'space-meta');
  meta.append(badge(state.label, state.tone));
  item.append(title, meta);
  if (repair.device.serial) item.append(fact('N°\u00a0de série', repair.device.serial));
  item.append(fact('Accessoires', repair.accessories || 'aucun'), fact('Panne signalée', repair.fault), fact('Garantie', warrantyLabel(repair.warranty)));
  const steps = element('ol', '', 'repair-steps');
  steps.setAttribute('aria-label', `Étapes de la réparation ${repair.reference}`);
  for (const step of repair.steps) {
    const line = element('li', `${repairStateOf(step.state).label} — `);
    const time = element('time', moment(step.at, repair.territory));
    time.dateTime = step.at;
    line.append(time);
    steps.append(line);
  }
  item.append(steps);
  if (repair.diagnosis) item.append(fact('Diagnostic', repair.diagnosis));
  if (repair.devis) {
    const { devis } = repair;
    item.append(fact(`Devis ${devis.number}`, `valable jusqu’au ${devis.validUntil}. ${DEVIS_WORDS[devis.state]}`), totalsList(devis.totals, `Totaux du devis ${devis.number}`));
  }
  if (repair.loan) item.append(fact('Appareil de prêt', `${repair.loan.model} (n°\u00a0${repair.loan.serial}), prêté le ${on(repair.loan.lentAt)}${repair.loan.returnedAt ? `, rendu le ${on(repair.loan.returnedAt)}` : ''}`));
  if (repair.report) {
    const report = element('div', '', 'repair-report');
    report.append(element('h3', 'Rapport de réparation'), fact('Travail effectué', repair.report.work));
    if (repair.report.parts.length > 0) report.append(fact('Pièces', repair.report.parts.map((part) => `${part.quantity} × ${part.name}`).join(', ')));
    report.append(fact('Tests', repair.report.tests));
    item.append(report);
  }
  const actions = element('div', '', 'space-actions');
  if (repair.hasSlip) {
    const slip = element('a', 'Bon de dépôt (PDF)', 'btn btn-secondary');
    slip.href = spaceRepairApi.slip(repair.id);
    slip.setAttribute('aria-label', `Bon de dépôt de la réparation ${repair.reference} (PDF)`);
    actions.append(slip);
  }
  if (repair.hasReport) {
    const report = element('a', 'Rapport de réparation (PDF)', 'btn btn-secondary');
    report.href = spaceRepairApi.report(repair.id);
    report.setAttribute('aria-label', `Rapport de la réparation ${repair.reference} (PDF)`);
    actions.append(report);
  }
  if (repair.devis) {
    const { devis } = repair;
    const pdf = element('a', 'Devis (PDF)', 'btn btn-secondary');
    pdf.href = spaceDevisPath(devis.requestId, devis.version, 'pdf');
    pdf.setAttribute('aria-label', `Télécharger le devis ${devis.number} (PDF)`);
    actions.append(pdf);
  }
  if (actions.childElementCount > 0) item.append(actions);
  if (repair.devis?.answerable) {
    const { devis } = repair;
    item.append(answerButtons({ requestId: devis.requestId, version: devis.version, number: devis.number, facts: `${devis.totalTTC} TTC, valable jusqu’au ${devis.validUntil}` }, open));
  }
  return item;
}

void load();
