import { describe, expect, it } from 'vitest';
import { formatCode, nextCode } from './code';

describe('internal code', () => {
  it('is AR and a number on 5 digits', () => {
    expect(formatCode(1)).toBe('AR00001');
    expect(formatCode(12345)).toBe('AR12345');
  });
  it('of a new product is the highest code in use + 1, whatever the order or the gaps', () => {
    expect(nextCode(['AR00003', 'AR00101', 'AR00007'])).toBe('AR00102');
    expect(nextCode([])).toBe('AR00001');
  });
});
