/** « Mes équipements »: each piece with its serial number, shop, contract, product page and documents. */
import { spaceApi } from './space-paths';
import type { SpaceEquipment } from './answers';
import { badge, element, showAnswer, spaceCall } from './space-client';

function card(equipment: SpaceEquipment): HTMLLIElement {
  const item = element('li', '', 'space-card');
  const title = element('h2');
  if (equipment.productPath) {
    const link = element('a', equipment.model);
    link.href = equipment.productPath;
    title.append(link);
  } else title.textContent = equipment.model;
  const facts = element('dl', '', 'space-facts');
  for (const [term, value] of [['N°\u00a0de série', equipment.serial || '—'], ['Magasin', equipment.shop ?? '—']] as const) facts.append(element('dt', term), element('dd', value));
  // The contract on its own line, spaced from the documents' heading.
  const contract = element('p', '', 'space-equipment-contract');
  contract.append(badge(equipment.contractLabel, equipment.underContract ? 'green' : 'grey'));
  item.append(title, facts, contract);
  if (equipment.documents.length > 0) {
    item.append(element('h3', 'Documentation', 'space-equipment-documents'));
    const list = element('ul', '', 'space-documents');
    for (const document of equipment.documents) {
      const link = element('a', `${document.title} (PDF)`);
      link.href = document.href;
      const entry = element('li');
      entry.append(link);
      list.append(entry);
    }
    item.append(list);
  }
  return item;
}

void spaceCall<SpaceEquipment[]>(spaceApi.equipment).then((answer) => showAnswer(answer, card));
