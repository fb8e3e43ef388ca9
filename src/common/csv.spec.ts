import { parseCsv } from './csv.js';

describe('parseCsv', () => {
  it('reads quoted fields holding commas, doubled quotes and line breaks, numbering records by their first line', () => {
    const text = 'a,b,c\r\n"x, y","say ""hi""","two\r\nlines"\r\nlast,,""\r\n';

    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['x, y', 'say "hi"', 'two\nlines'] },
      { line: 4, fields: ['last', '', ''] },
    ]);
  });

  it('drops a byte order mark and skips blank lines and rows of empty fields, keeping the line count', () => {
    const text = '\uFEFFcorreo,nombre\n\n   \n,,\nana@example.com,Ana';

    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['correo', 'nombre'] },
      { line: 5, fields: ['ana@example.com', 'Ana'] },
    ]);
  });

  it('reads LF and CRLF line ends alike', () => {
    expect(parseCsv('a,b\nc,d\r\ne,f')).toEqual(parseCsv('a,b\r\nc,d\ne,f'));
    expect(parseCsv('a,b\nc,d\r\ne,f').map((record) => record.fields)).toEqual([['a', 'b'], ['c', 'd'], ['e', 'f']]);
  });

  it('flags a quote inside an unquoted field and text after a closing quote, and goes on with the next record', () => {
    const records = parseCsv('a,b"c\n"d"e,f\ng,h\n');

    expect(records).toEqual([
      { line: 1, fields: ['a', 'b"c'], error: 'a quote inside an unquoted field (quote the whole field and double the quote).' },
      { line: 2, fields: ['de', 'f'], error: 'unexpected text after a closing quote.' },
      { line: 3, fields: ['g', 'h'] },
    ]);
  });

  it('flags a quoted field that is never closed with the line it opens on', () => {
    const records = parseCsv('a,b\nc,"d\ne,f\n');

    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['c', 'd\ne,f\n'], error: 'the quoted field opened on line 2 is never closed.' },
    ]);
  });
});
