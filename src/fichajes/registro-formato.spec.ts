import { horaLocal } from './registro-formato.js';

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
