/**
 * Decap CMS fields derived from the content schemas (zod), so a rule is written once: a required field,
 * a length limit, a format, the choices of a list, a default. What the schema cannot say (a French label,
 * the widget of a field) is given beside it as its presentation.
 */
import type { z } from 'astro/zod';

/** A Decap field as config.yml writes it. */
export type DecapField = Record<string, unknown> & { name: string; label: string; widget: string };

/** How a field shows in the CMS: its label, and anything the schema cannot say (widget, hint, options). */
export type Presentation = { label: string; widget?: string } & Record<string, unknown>;

type AnySchema = z.ZodType;
interface Def {
  type: string;
  innerType?: AnySchema;
  defaultValue?: unknown;
  in?: AnySchema;
  out?: AnySchema;
  options?: AnySchema[];
  element?: AnySchema;
  shape?: Record<string, AnySchema>;
  entries?: Record<string, string>;
  checks?: { _zod: { def: { check: string; format?: string; pattern?: RegExp; minimum?: number; maximum?: number; value?: number; error?: (issue?: unknown) => unknown } } }[];
}
const defOf = (schema: AnySchema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional/default wrappers, with whether it was optional and its default. */
function unwrap(schema: AnySchema): { inner: AnySchema; optional: boolean; fallback?: unknown } {
  let inner = schema;
  let optional = false;
  let fallback: unknown;
  for (;;) {
    const def = defOf(inner);
    if (def.type === 'optional' || def.type === 'nullable') optional = true;
    else if (def.type === 'default') fallback = typeof def.defaultValue === 'function' ? (def.defaultValue as () => unknown)() : def.defaultValue;
    else if (def.type === 'pipe' && def.in) {
      inner = def.in;
      continue;
    } else break;
    inner = def.innerType!;
  }
  return { inner, optional, fallback };
}

/** A check's own French message, when the schema wrote one. */
const messageOf = (check: NonNullable<Def['checks']>[number]): string | undefined => {
  const message = check._zod.def.error?.();
  return typeof message === 'string' ? message : undefined;
};

const capitalise = (text: string): string => text.charAt(0).toLocaleUpperCase('fr') + text.slice(1);

/**
 * A text field's rule as one Decap pattern with a French message: its format (a regular expression of the
 * schema) or its length limits. Decap checks it before saving, so the file it writes passes the build.
 */
function stringPattern(schema: AnySchema): [string, string] | undefined {
  const checks = defOf(schema).checks ?? [];
  const format = checks.find((check) => check._zod.def.format === 'regex' && check._zod.def.pattern);
  const min = checks.find((check) => check._zod.def.check === 'min_length');
  const max = checks.find((check) => check._zod.def.check === 'max_length');
  const lower = min?._zod.def.minimum;
  const upper = max?._zod.def.maximum;
  if (format) {
    const pattern = format._zod.def.pattern!.source;
    return [pattern, capitalise(messageOf(format) ?? 'format non valable')];
  }
  if (lower === undefined && upper === undefined) return undefined;
  // Zod trims the text before counting: the text between the first and the last visible character is counted.
  const pattern =
    lower !== undefined && lower >= 2
      ? `^\\s*\\S[\\s\\S]{${lower - 2},${upper === undefined ? '' : upper - 2}}\\S\\s*$`
      : `^[\\s\\S]{${lower ?? 0},${upper ?? ''}}$`;
  const messages = [min && messageOf(min), max && messageOf(max)].filter((message): message is string => Boolean(message));
  // Decap ends the message with its own full stop.
  const generated = upper === undefined ? `Au moins ${lower} caractères` : lower === undefined ? `Au plus ${upper} caractères` : `Entre ${lower} et ${upper} caractères`;
  return [pattern, messages.length > 0 ? capitalise(messages.join(' ; ')) : generated];
}

/** The Decap field of one schema field; `presentation` gives the label and what the schema cannot say. */
export function decapField(name: string, schema: AnySchema, presentation: Presentation): DecapField {
  const { inner, optional, fallback } = unwrap(schema);
  const def = defOf(inner);
  const description = (schema as { description?: string }).description ?? (inner as { description?: string }).description;
  const field: DecapField = { name, label: presentation.label, widget: 'string' };
  if (optional || fallback !== undefined) field.required = false;
  if (fallback !== undefined && !(Array.isArray(fallback) && fallback.length === 0)) field.default = fallback;
  if (description) field.hint = description;

  switch (def.type) {
    case 'string': {
      const pattern = stringPattern(inner);
      if (pattern) field.pattern = pattern;
      break;
    }
    case 'number': {
      field.widget = 'number';
      const checks = def.checks ?? [];
      field.value_type = checks.some((check) => check._zod.def.check === 'number_format') ? 'int' : 'float';
      const greater = checks.find((check) => check._zod.def.check === 'greater_than');
      if (greater) field.min = field.value_type === 'int' ? Number(greater._zod.def.value) + 1 : 0.01;
      break;
    }
    case 'boolean':
      field.widget = 'boolean';
      if (fallback === undefined && !optional) field.default = false;
      break;
    case 'date':
      // A calendar day, shown and written in the editor's own time (Martinique's, as the hints say): the value
      // has no time, so no zone can shift it, and « Maintenant » gives the editor's today, not UTC's.
      Object.assign(field, { widget: 'datetime', format: 'YYYY-MM-DD', date_format: 'DD/MM/YYYY', time_format: false, picker_utc: false });
      break;
    case 'enum':
      Object.assign(field, { widget: 'select', options: Object.values(def.entries ?? {}) });
      break;
    case 'array': {
      const element = unwrap(def.element!).inner;
      const elementDef = defOf(element);
      field.widget = 'list';
      const checks = def.checks ?? [];
      const min = checks.find((check) => check._zod.def.check === 'min_length')?._zod.def.minimum;
      const max = checks.find((check) => check._zod.def.check === 'max_length')?._zod.def.maximum;
      if (min !== undefined) field.min = min;
      if (max !== undefined) field.max = max;
      if (elementDef.type === 'object') {
        const rows = (presentation.fields ?? {}) as Record<string, Presentation>;
        field.fields = Object.entries(elementDef.shape ?? {}).map(([key, value]) => decapField(key, value, rows[key] ?? { label: key }));
      }
      break;
    }
    default:
      break;
  }
  const { fields: _rows, ...rest } = presentation;
  const decap = { ...field, ...rest, name, label: presentation.label } as DecapField;
  // An image is picked in Decap's media library, which writes its path itself: a pattern on the widget's
  // value would refuse every image (the build still checks the path).
  if (decap.widget === 'image') delete decap.pattern;
  return decap;
}
