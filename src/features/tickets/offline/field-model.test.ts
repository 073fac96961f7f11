import { describe, expect, test } from 'vitest';
import { FIELD_RETRY, retryDelay } from './field-model';

describe('the retry timer of the queue', () => {
  test('starts at the first delay, doubles after each failed pass, and stops growing at the most', () => {
    expect(retryDelay(0)).toBe(FIELD_RETRY.firstMs);
    expect(retryDelay(1)).toBe(FIELD_RETRY.firstMs * 2);
    expect(retryDelay(2)).toBe(FIELD_RETRY.firstMs * 4);
    expect(retryDelay(50)).toBe(FIELD_RETRY.maxMs);
  });
});
