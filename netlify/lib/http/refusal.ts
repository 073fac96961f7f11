/**
 * One way for any library to refuse an operation: `throw new Refusal('account_disabled')`, nothing changed.
 * The refusal carries a code of the error table (errors.ts), which holds its status and its French
 * sentence; `endpoint()` answers it with `{ success: false, error, code, fields? }` (`refusalAnswer`), so no
 * route catches it to translate it.
 */
import { apiErrorEntry, apiErrorMessage, type ApiErrorCode, type ApiErrorValues, type PlainErrorCode, type ThrottleCode } from './errors.ts';
import { apiError, throttled } from './http.ts';

/**
 * A refused operation: an error table code, and the values of its sentence's placeholders; a throttle's
 * refusal (429) also carries the time until the caller may come back, its answer's Retry-After.
 */
export class Refusal extends Error {
  // Fields declared, not constructor parameter properties: scripts load this file with Node's type stripping.
  readonly code: ApiErrorCode;
  readonly values: ApiErrorValues;
  readonly retryAfterMs: number | undefined;

  constructor(code: PlainErrorCode, values?: ApiErrorValues);
  constructor(code: ThrottleCode, values: ApiErrorValues, retryAfterMs: number);
  constructor(code: ApiErrorCode, values: ApiErrorValues = {}, retryAfterMs?: number) {
    super(apiErrorMessage(code, values));
    this.code = code;
    this.values = values;
    this.retryAfterMs = retryAfterMs;
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

/** The answer of a refusal: its status, its sentence, its code and, for a refusal about a form field, that field; a throttle's with Retry-After. */
export const refusalAnswer = (refusal: Refusal): Response =>
  // The constructor gives a throttle's code its wait, and no other code one.
  refusal.retryAfterMs === undefined
    ? apiError(refusal.code as PlainErrorCode, { code: refusal.answerCode }, {}, refusal.values)
    : throttled(refusal.code as ThrottleCode, refusal.retryAfterMs, refusal.values, { code: refusal.answerCode });
