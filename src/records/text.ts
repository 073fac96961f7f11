/**
 * The one way an input schema takes a typed text: `line({ label, max })` for a one-line text (a name, a
 * model, a serial number, an id), `lines({ label, max })` for one that keeps its line breaks (a message, a
 * fault, a condition, a note). Each trims the text, bounds its length and applies the characters rule
 * (src/lib/characters.ts): a one-line text holds no control character (tab included), line break,
 * bidirectional or invisible character; a multi-line text keeps its line breaks and turns each tab into a
 * space (a list pasted from a spreadsheet is no fault), and is refused the rest. Every sentence is French
 * and names the field (« Modèle : 120 caractères au plus. »).
 *
 * Each schema made here carries a mark (zod metadata, kept by the checks and refinements added after it),
 * and `unruledTexts` walks an input schema for the strings that lack it: the API's inputs are walked by a
 * test, so a schema cannot take a text without the rule.
 */
import { forbiddenCharacter, labelledCharacterMessage, type ForbiddenCharacter, type TextKind } from '../lib/characters.ts';
import { z } from './zod.ts';

/** The metadata key the builder's schemas carry, its value the text's kind; `maxLength` beside it. */
export const CHARACTERS_RULE = 'charactersRule';

/** What a text field is: its label (« Modèle »), its length limits, and any sentence worded otherwise. */
export interface TextOptions {
  /** The field's name as the form shows it, which starts each sentence. */
  label: string;
  /** The most characters, once trimmed. */
  max: number;
  /** The fewest characters once trimmed (1: required; default 0). */
  min?: number;
  /** What its characters must look like beyond the rule (an id, a code), with the sentence when they do not. */
  pattern?: { regex: RegExp; message: string };
  /** Sentences worded otherwise than « Label : … » (the contact form's own). */
  messages?: {
    /** A value absent (undefined). */
    missing?: string;
    /** A value empty once trimmed, when it is required (`min: 1`); the `missing` sentence otherwise. */
    empty?: string;
    notText?: string;
    tooLong?: string;
    tooShort?: string;
    forbidden?: (found: ForbiddenCharacter) => string;
  };
}

/** A text schema of one kind: trimmed, bounded, the characters rule applied, marked. */
function text(kind: TextKind, { label, max, min = 0, pattern, messages = {} }: TextOptions) {
  const missing = messages.missing ?? `${label}\u00a0: ce champ est obligatoire.`;
  const notText = messages.notText ?? `${label}\u00a0: un texte est attendu.`;
  let schema = z.string({ error: (issue) => (issue.input === undefined ? missing : notText) });
  // A tab in a multi-line text (cells pasted from a spreadsheet) becomes a space; a one-line text refuses it.
  if (kind === 'lines') schema = schema.overwrite((value) => value.replace(/\t/g, ' '));
  schema = schema.trim().max(max, { error: messages.tooLong ?? `${label}\u00a0: ${max} caractères au plus.` });
  if (min > 0) schema = schema.min(min, { error: min === 1 ? (messages.empty ?? missing) : (messages.tooShort ?? `${label}\u00a0: écrivez au moins ${min} caractères.`) });
  const ruled = schema.superRefine((value, context) => {
    const found = forbiddenCharacter(value, kind);
    if (found) {
      context.addIssue({ code: 'custom', message: messages.forbidden ? messages.forbidden(found) : labelledCharacterMessage(label, found) });
      return;
    }
    if (pattern && value !== '' && !pattern.regex.test(value)) context.addIssue({ code: 'custom', message: pattern.message });
  });
  return ruled.meta({ [CHARACTERS_RULE]: kind, maxLength: max });
}

/** A one-line text: no control character (tab included), line break, bidirectional or invisible character. */
export const line = (options: TextOptions) => text('line', options);

/** A multi-line text: line breaks kept (LF or CR LF), tabs turned into spaces, any other forbidden character refused. */
export const lines = (options: TextOptions) => text('lines', options);

/**
 * What the builder says of a field's schema (under any default, optional or nullable): its kind and its
 * longest length; undefined for a schema it did not make.
 */
export function textField(schema: z.ZodType | undefined): { kind: TextKind; maxLength: number } | undefined {
  for (let node = schema; node; node = (node as unknown as { _zod: { def: Definition } })._zod.def.innerType) {
    const meta = z.globalRegistry.get(node) as { [CHARACTERS_RULE]?: TextKind; maxLength?: number } | undefined;
    if (meta?.[CHARACTERS_RULE] && meta.maxLength !== undefined) return { kind: meta[CHARACTERS_RULE], maxLength: meta.maxLength };
  }
  return undefined;
}

/** Whether a schema was made by `line` or `lines` (or derives from one by a refinement). */
export const carriesCharactersRule = (schema: z.ZodType): boolean => {
  const meta = z.globalRegistry.get(schema) as Record<string, unknown> | undefined;
  return meta?.[CHARACTERS_RULE] === 'line' || meta?.[CHARACTERS_RULE] === 'lines';
};

/** Whether a schema, or the first stage of the pipes it starts, carries the rule. */
function startsRuled(schema: z.ZodType): boolean {
  if (carriesCharactersRule(schema)) return true;
  const def = (schema as unknown as { _zod: { def: Definition } })._zod.def;
  return def.type === 'pipe' && !!def.in && startsRuled(def.in);
}

/** String formats strict enough to hold no forbidden character (an address, an id, a date in ISO form). */
const STRICT_FORMATS: ReadonlySet<string> = new Set(['email', 'uuid', 'guid', 'datetime', 'date', 'time', 'base64', 'base64url', 'e164']);

/** The definition zod keeps on every schema, as far as the walk needs it. */
interface Definition {
  type: string;
  format?: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  getter?: () => z.ZodType;
}

/**
 * The paths (« device.model », « parts[].name ») of the strings of an input schema that do not carry the
 * characters rule: a bare `z.string()`, or a string with a format that could hold any character. A schema
 * made by `line`/`lines`, and a pipe that starts with one, are ruled; enums and literals hold only their
 * own values.
 */
export function unruledTexts(schema: z.ZodType, path = '', seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  if (carriesCharactersRule(schema)) return [];
  const def = (schema as unknown as { _zod: { def: Definition } })._zod.def;
  const at = (child: z.ZodType | undefined | null, suffix = ''): string[] => (child ? unruledTexts(child, `${path}${suffix}`, seen) : []);
  switch (def.type) {
    case 'string':
      return def.format && STRICT_FORMATS.has(def.format) ? [] : [path || '(racine)'];
    case 'template_literal':
      return [path || '(racine)'];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, child]) => at(child, path ? `.${key}` : key));
    case 'array':
    case 'set':
      return at(def.element ?? def.valueType, '[]');
    case 'record':
    case 'map':
      return [...at(def.keyType, '{clé}'), ...at(def.valueType, '{}')];
    case 'tuple':
      return [...(def.items ?? []).flatMap((item, index) => at(item, `[${index}]`)), ...at(def.rest, '[]')];
    case 'union':
      return (def.options ?? []).flatMap((option) => at(option));
    case 'intersection':
      return [...at(def.left), ...at(def.right)];
    case 'pipe':
      // What comes out of a pipe went in through its first stage: ruled when that stage is.
      return startsRuled(schema) ? [] : [...at(def.in), ...at(def.out)];
    case 'lazy':
      return at(def.getter?.());
    default:
      return at(def.innerType);
  }
}
