import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument, csvNumber, csvTextValue } from './csv';

describe('the CSV writer', () => {
  it('makes every formula-like text inert with an apostrophe: =, +, -, @, a tab or a carriage return at the start', () => {
    for (const text of ['=HYPERLINK("http://x")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(A1)', '\t=1+1', '\r=1+1', '=1']) {
      expect(csvCell(text, { quoteAll: false }).replace(/^"|"$/g, '').startsWith("'"), JSON.stringify(text)).toBe(true);
    }
  });

  it('leaves plain text, phone numbers and signed figures alone, and quotes only when needed unless asked', () => {
    expect(csvCell('Zebra ZT411', { quoteAll: false })).toBe('Zebra ZT411');
    expect(csvCell('+596 696 00 00 00', { quoteAll: false })).toBe('+596 696 00 00 00');
    expect(csvCell('a;b', { quoteAll: false })).toBe('"a;b"');
    expect(csvCell('Zebra ZT411')).toBe('"Zebra ZT411"');
  });

  it('writes numbers as numbers with a decimal comma, negative ones too, never neutralised', () => {
    expect(csvCell(csvNumber(1234.5, 2))).toBe('1234,50');
    expect(csvCell(csvNumber(-12.5, 2))).toBe('-12,50');
    expect(csvCell(csvNumber(3))).toBe('3');
    expect(() => csvCell(csvNumber(Number.NaN))).toThrow(RangeError);
  });

  it('a document has a byte-order mark, « ; » and CRLF after every line', () => {
    expect(csvDocument([['a', csvNumber(1, 2)], ['=b', '']], { quoteAll: false })).toBe("\uFEFFa;1,00\r\n'=b;\r\n");
  });

  it('reading back removes only the apostrophe the writer added', () => {
    expect(csvTextValue("'=HYPERLINK(1)")).toBe('=HYPERLINK(1)');
    expect(csvTextValue("'Aujourd'hui")).toBe("'Aujourd'hui");
    expect(csvTextValue("l'étiquette")).toBe("l'étiquette");
  });
});
