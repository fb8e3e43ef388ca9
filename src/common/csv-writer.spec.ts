import { describe, expect, it } from '@jest/globals';
import { csvCell, csvLine } from './csv-writer.js';

describe('csvCell', () => {
  it('neutralises text a spreadsheet would run as a formula', () => {
    for (const formula of ['=HYPERLINK("http://x")', '+1', '-1+2', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvCell(formula, ';').replace(/^"/, '').startsWith("'")).toBe(true);
    }
  });

  it('quotes cells holding the separator, quotes or line breaks, doubling the quotes', () => {
    expect(csvCell('López; Ana', ';')).toBe('"López; Ana"');
    expect(csvCell('Ana "la jefa"', ';')).toBe('"Ana ""la jefa"""');
    expect(csvCell('a\nb', ';')).toBe('"a\nb"');
    expect(csvCell('a,b', ';')).toBe('a,b');
  });

  it('writes numbers as they are, negative ones too', () => {
    expect(csvLine([-5, 'x', 0], ';')).toBe('-5;x;0\r\n');
    expect(csvLine([true, null, 'R-7KQ2M4XA'], ';')).toBe('true;;R-7KQ2M4XA\r\n');
  });
});
