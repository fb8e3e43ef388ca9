import { csvField, horaLocal } from './registro-formato.js';

describe('csvField', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+34 600', "'+34 600"],
    ['-1', "'-1"],
    ['@import', "'@import"],
    ['\tTab', "'\tTab"],
    ['=1,2', `"'=1,2"`],
  ])('neutralises %j, which a spreadsheet would run as a formula', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('quotes a comma, a quote or a line break, doubling quotes, and leaves plain text and numbers as they are', () => {
    expect(csvField('García, Ana')).toBe('"García, Ana"');
    expect(csvField('Ana "la" García')).toBe('"Ana ""la"" García"');
    expect(csvField('dos\nlíneas')).toBe('"dos\nlíneas"');
    expect(csvField('Ana García')).toBe('Ana García');
    expect(csvField(42)).toBe('42');
    expect(csvField(null)).toBe('');
  });
});

describe('horaLocal', () => {
  it('reads the wall clock of the zone on either side of a daylight-saving change', () => {
    expect(horaLocal(Date.parse('2026-03-29T00:59:59.999Z'), 'Europe/Madrid')).toBe('2026-03-29 01:59:59');
    expect(horaLocal(Date.parse('2026-03-29T01:00:00Z'), 'Europe/Madrid')).toBe('2026-03-29 03:00:00');
    expect(horaLocal(Date.parse('2026-10-25T00:30:00Z'), 'Europe/Madrid')).toBe('2026-10-25 02:30:00');
    expect(horaLocal(Date.parse('2026-10-25T01:30:00Z'), 'Europe/Madrid')).toBe('2026-10-25 02:30:00');
    expect(horaLocal(Date.parse('2026-07-01T12:00:00Z'), 'Atlantic/Canary')).toBe('2026-07-01 13:00:00');
    expect(horaLocal(Date.parse('2026-07-01T12:00:00Z'), 'UTC')).toBe('2026-07-01 12:00:00');
  });
});
