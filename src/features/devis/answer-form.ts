/**
 * Reading the answer forms of DevisAnswerForms.astro, in the browser, for the devis' page and the
 * customers' space alike: the acceptance is checked here first (the same rules the server applies with
 * validateAnswer: name and role filled, one line, nothing invisible, « Bon pour accord » ticked), and the
 * fields' errors are shown under each field.
 */
import { forbiddenCharacter, labelledCharacterMessage } from '../../lib/characters';
import { ANSWER_LABELS, BON_POUR_ACCORD_MISSING, requiredMessage } from './messages';

/** The body of an answer, as POST …/reponse takes it. */
export type AnswerPayload = { decision: 'accepte'; name: string; role: string; bonPourAccord: true } | { decision: 'refuse'; reason: string };

/** Shows each field's error (« accept-name-error »…) and marks the field invalid; an absent error clears it. */
export function fieldErrors(prefix: 'accept' | 'refuse', fields: Record<string, string> = {}): void {
  for (const node of document.querySelectorAll<HTMLElement>(`[id^="${prefix}-"][id$="-error"]`)) {
    const name = node.id.slice(prefix.length + 1, -'-error'.length);
    const key = name === 'bpa' ? 'bonPourAccord' : name;
    node.textContent = fields[key] ?? '';
    const input = document.getElementById(`${prefix}-${name}`);
    if (input && name !== '') input.setAttribute('aria-invalid', String(Boolean(fields[key])));
  }
}

/** The acceptance form's answer, or the errors of its fields. */
export function readAcceptance(form: HTMLFormElement): { ok: true; payload: AnswerPayload } | { ok: false; fields: Record<string, string> } {
  const name = (form.elements.namedItem('name') as HTMLInputElement).value.trim();
  const role = (form.elements.namedItem('role') as HTMLInputElement).value.trim();
  const box = (form.elements.namedItem('bonPourAccord') as HTMLInputElement).checked;
  const fields: Record<string, string> = {};
  if (!name) fields.name = requiredMessage(ANSWER_LABELS.name);
  if (!role) fields.role = requiredMessage(ANSWER_LABELS.role);
  // The server's rule on characters, said before sending: one line, nothing invisible.
  const nameCharacter = forbiddenCharacter(name, 'line');
  const roleCharacter = forbiddenCharacter(role, 'line');
  if (nameCharacter) fields.name = labelledCharacterMessage(ANSWER_LABELS.name, nameCharacter);
  if (roleCharacter) fields.role = labelledCharacterMessage(ANSWER_LABELS.role, roleCharacter);
  if (!box) fields.bonPourAccord = BON_POUR_ACCORD_MISSING;
  return Object.keys(fields).length ? { ok: false, fields } : { ok: true, payload: { decision: 'accepte', name, role, bonPourAccord: true } };
}

/** The refusal form's answer (its reason may be empty). */
export const readRefusal = (form: HTMLFormElement): AnswerPayload => ({ decision: 'refuse', reason: (form.elements.namedItem('reason') as HTMLTextAreaElement).value.trim() });
