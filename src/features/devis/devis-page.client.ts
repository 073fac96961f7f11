/**
 * The behaviour of the customer's devis page (DevisPage.astro), plain DOM: loads the devis of the link's
 * token and fills the page's fields, table and totals (the server sends every amount and date already
 * written in French), or shows why the link opens nothing; sends the acceptance (checked here first, then
 * by the server with the same rules) or the refusal, and moves focus to the answer it shows.
 */
import { devisPublicApiPath } from '../../lib/paths';
import type { PublicDevis as Devis } from './public-devis';
import { NETWORK_ERROR } from '../../lib/phrases';
import { DEVIS_CANNOT_OPEN, DEVIS_COLUMNS, DEVIS_LINK_INCOMPLETE, DEVIS_UNAVAILABLE_TITLE } from './messages';
import { fieldErrors, readAcceptance, readRefusal, type AnswerPayload } from './answer-form';

/** The signed token of the address (/devis/<jeton>): three base64url parts, or nothing worth asking the server about. */
const segment = location.pathname.split('/')[2] ?? '';
const token = /^[\w-]+\.[\w-]+\.[\w-]+$/.test(segment) ? segment : '';
const $ = (id: string) => document.getElementById(id)!;
const element = (tag: string, text = '', className = '') => {
  const node = document.createElement(tag);
  node.textContent = text;
  if (className) node.className = className;
  return node;
};

function refused(message: string) {
  $('devis-loading').hidden = true;
  $('devis-view').hidden = true;
  $('devis-refused-text').textContent = message;
  $('devis-refused').hidden = false;
  document.title = document.title.replace(/^[^|–-]*/, `${DEVIS_UNAVAILABLE_TITLE} `);
}

function show(devis: Devis) {
  $('devis-loading').hidden = true;
  for (const node of document.querySelectorAll<HTMLElement>('[data-field]')) {
    const field = node.dataset.field as keyof Devis;
    node.textContent = field === 'customer' ? [devis.customer.company, devis.customer.name].filter(Boolean).join(', ') : String(devis[field] ?? '');
  }
  const rows = devis.lines.map((line) => {
    const row = document.createElement('tr');
    const name = element('td');
    name.append(element('span', line.designation, 'devis-designation'), element('span', line.reference ? `Réf.\u00a0${line.reference}` : '', 'devis-ref'));
    row.append(name);
    for (const [label, value] of [[DEVIS_COLUMNS.quantity, line.quantity], [DEVIS_COLUMNS.unitPrice, line.unitPrice], [DEVIS_COLUMNS.discount, line.discount || '—'], [DEVIS_COLUMNS.total, line.total]] as const) {
      const cell = element('td', value, 'devis-num');
      cell.dataset.label = label;
      row.append(cell);
    }
    return row;
  });
  $('devis-lines').replaceChildren(...rows);
  $('devis-totals').replaceChildren(
    ...devis.totals.map((total) => {
      const row = element('div', '', total.strong ? 'devis-total-strong' : '');
      row.append(element('dt', total.label), element('dd', total.value));
      return row;
    }),
  );
  ($('devis-pdf') as HTMLAnchorElement).href = devisPublicApiPath(token, 'pdf');
  ($('devis-pdf') as HTMLAnchorElement).download = `Devis-${devis.number}.pdf`;
  const banner = $('devis-answer');
  banner.hidden = !devis.answer;
  banner.textContent = devis.answer?.text ?? '';
  banner.className = `devis-banner devis-banner--${devis.answer?.decision ?? ''}`;
  $('devis-forms').hidden = Boolean(devis.answer);
  $('devis-view').hidden = false;
  document.title = `Devis ${devis.number} – ${document.title.split('–').pop()?.trim() ?? ''}`;
}

async function request(url: string, init?: RequestInit) {
  try {
    const response = await fetch(url, { cache: 'no-store', ...init });
    return { status: response.status, body: (await response.json()) as { success: boolean; data?: Devis; error?: string; fields?: Record<string, string> } };
  } catch {
    return { status: 0, body: { success: false, error: NETWORK_ERROR } };
  }
}

async function load() {
  if (!token) return refused(DEVIS_LINK_INCOMPLETE);
  const { body } = await request(devisPublicApiPath(token));
  if (body.success && body.data) show(body.data);
  else refused(body.error ?? DEVIS_CANNOT_OPEN);
}

async function answer(form: HTMLFormElement, prefix: 'accept' | 'refuse', payload: AnswerPayload) {
  const button = form.querySelector('button')!;
  button.disabled = true;
  const { body } = await request(devisPublicApiPath(token, 'reponse'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) });
  button.disabled = false;
  fieldErrors(prefix, body.fields);
  $(`${prefix}-error`).textContent = body.success ? '' : body.fields ? '' : (body.error ?? '');
  if (body.success && body.data) {
    show(body.data);
    $('devis-answer').focus();
  } else if (!body.fields && body.error) {
    $(`${prefix}-error`).textContent = body.error;
  }
}

$('devis-answer').tabIndex = -1;
$('devis-accept').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = event.currentTarget as HTMLFormElement;
  const read = readAcceptance(form);
  if (!read.ok) {
    fieldErrors('accept', read.fields);
    $('accept-error').textContent = '';
    return;
  }
  void answer(form, 'accept', read.payload);
});
$('devis-refuse').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = event.currentTarget as HTMLFormElement;
  void answer(form, 'refuse', readRefusal(form));
});
void load();
