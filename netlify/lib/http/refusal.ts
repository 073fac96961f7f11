/**
 * One way for any library to refuse an operation: `throw new Refusal('account_disabled')`, nothing changed.
 * The refusal carries a code of the error table (errors.ts), which holds its status and its French
 * sentence; `endpoint()` answers it with `{ success: false, error, code, fields? }` (`refusalAnswer`), so no
 * route catches it to translate it.
 */
import { apiErrorEntry, apiErrorMessage, type ApiErrorCode, type ApiErrorValues } from './errors.ts';
import { apiError } from './http.ts';

/** A refused operation: an error table code, and the values of its sentence's placeholders. */
export class Refusal extends Error {
  // Fields declared, not constructor parameter properties: scripts load this file with Node's type stripping.
  readonly code: ApiErrorCode;
  readonly values: ApiErrorValues;

  constructor(code: ApiErrorCode, values: ApiErrorValues = {}) {
    super(apiErrorMessage(code, values));
    this.code = code;
    this.values = values;
    this.name = 'Refusal';
  }

  /** The HTTP status of the refusal. */
  get status(): number {
    return apiErrorEntry(this.code).status;
  }

  /** The code its answer carries: the row's family code (`etat`…) where it has one, else its own. */
  get answerCode(): string {
    return apiErrorEntry(this.code).code ?? this.code;
  }
}

/** The answer of a refusal: its status, its sentence, its code and, for a refusal about a form field, that field. */
export const refusalAnswer = (refusal: Refusal): Response => apiError(refusal.code, { code: refusal.answerCode }, {}, refusal.values);
