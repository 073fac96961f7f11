/**
 * « Déclarer une panne »: fills the equipment and shop lists from the space's API (« Autre équipement »
 * shows the model and serial fields; choosing a piece of equipment picks its shop), then sends the form with
 * its photos and an idempotency key — the same for every retry of one content, a new one as soon as the
 * form changes — and opens the new ticket's page.
 */
import { NETWORK_ERROR } from '../../lib/phrases';
import { photoPicker } from './photo-picker';
import type { SpaceTicket, SpaceTicketListAnswer } from './space-answers';
import { load, postTicketForm, showRefusal } from './space-ticket-client';
import { spaceTicketApi, spaceTicketPage } from './space-tickets';

const form = document.querySelector<HTMLFormElement>('[data-declare-form]')!;
const loading = document.querySelector<HTMLElement>('[data-declare-status]')!;
const result = document.querySelector<HTMLElement>('[data-declare-result]')!;
const equipmentSelect = form.querySelector<HTMLSelectElement>('[data-equipment-select]')!;
const shopSelect = form.querySelector<HTMLSelectElement>('[data-shop-select]')!;
const typed = form.querySelector<HTMLElement>('[data-typed-equipment]')!;
const photos = photoPicker(form.querySelector<HTMLInputElement>('[data-photos]')!);
const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;

let idempotencyKey = crypto.randomUUID();
let shopOf = new Map<string, string | null>();

const option = (value: string, label: string): HTMLOptionElement => {
  const node = document.createElement('option');
  node.value = value;
  node.textContent = label;
  return node;
};

/** The typed fields are shown for « Autre équipement » only; a listed piece picks its shop. */
function onEquipment(): void {
  typed.hidden = equipmentSelect.value !== '';
  const shop = shopOf.get(equipmentSelect.value);
  if (shop) shopSelect.value = shop;
}

void load<SpaceTicketListAnswer['data']>(spaceTicketApi.list, loading, ({ choices }) => {
  const { equipment, shops, phone } = choices;
  shopOf = new Map(equipment.map((piece) => [piece.id, piece.shopId]));
  equipmentSelect.append(...equipment.map((piece) => option(piece.id, piece.serial ? `${piece.model} (n° ${piece.serial})` : piece.model)), option('', 'Autre équipement (saisir le modèle)'));
  shopSelect.append(option('', 'Non précisé'), ...shops.map((shop) => option(shop.id, shop.name)));
  form.querySelector<HTMLInputElement>('[name="phone"]')!.value = phone;
  loading.hidden = true;
  form.hidden = false;
  onEquipment();
});

equipmentSelect.addEventListener('change', onEquipment);
// Another content is another declaration: a new key (a retry of the same content keeps it).
form.addEventListener('input', () => {
  idempotencyKey = crypto.randomUUID();
});

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const chosen = photos.files();
  const data = new FormData(form);
  const fields: Record<string, string> = { idempotencyKey };
  for (const [name, value] of data.entries()) if (typeof value === 'string') fields[name] = value;
  submit.disabled = true;
  result.className = 'space-status';
  result.textContent = chosen.length > 0 ? 'Préparation des photos et envoi…' : 'Envoi…';
  const answer = await postTicketForm<SpaceTicket>(spaceTicketApi.list, fields, chosen).catch(() => ({ ok: false as const, status: 0, error: NETWORK_ERROR }));
  if (answer.ok) {
    location.assign(spaceTicketPage(answer.data.id));
    return;
  }
  submit.disabled = false;
  showRefusal(form, result, answer);
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
});
