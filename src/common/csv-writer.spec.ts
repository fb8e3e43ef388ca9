import { campoCsv, lineaCsv } from './csv-writer.js';
import { parseCsv } from './csv.js';

describe('campoCsv', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+34 600', "'+34 600"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['a,b', '"a,b"'],
    ['línea\nnueva', '"línea\nnueva"'],
    ['R-7KQ2M4XA', 'R-7KQ2M4XA'],
  ])('writes %j as %j', (value, written) => {
    expect(campoCsv(value)).toBe(written);
  });

  it('writes numbers, booleans and null as they are', () => {
    expect([campoCsv(-5), campoCsv(0), campoCsv(true), campoCsv(null)]).toEqual(['-5', '0', 'true', '']);
  });

  it('gives lines the RFC 4180 parser reads back', () => {
    const text = lineaCsv(['codigo', 'nota']) + lineaCsv(['R-A', 'dice "hola", y se va']);
    expect(parseCsv(text).map((record) => record.fields)).toEqual([
      ['codigo', 'nota'],
      ['R-A', 'dice "hola", y se va'],
    ]);
  });
});
