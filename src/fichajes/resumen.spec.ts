import { describe, expect, it } from '@jest/globals';
import { diasEmpleadoDelMes, horasYMinutos, mesAnterior, mesEnFrase, mesSiguiente, ultimoDia } from './resumen.js';

describe('months of the summary', () => {
  it('steps across years and knows each month’s last day, February of a leap year included', () => {
    expect([mesAnterior('2026-01'), mesSiguiente('2026-12'), mesAnterior('2026-10')]).toEqual(['2025-12', '2027-01', '2026-09']);
    expect([ultimoDia('2028-02'), ultimoDia('2027-02'), ultimoDia('2026-04'), ultimoDia('2026-12')]).toEqual(['2028-02-29', '2027-02-28', '2026-04-30', '2026-12-31']);
  });

  it('says the month as a Spanish sentence does', () => {
    expect(mesEnFrase('2026-10')).toBe('octubre de 2026');
  });

  it('bounds the days to the employment: whole month, joined or left inside it, or none', () => {
    expect(diasEmpleadoDelMes('2026-10', null, null)).toEqual({ desde: '2026-10-01', hasta: '2026-10-31' });
    expect(diasEmpleadoDelMes('2026-10', '2026-10-15', '2026-10-20')).toEqual({ desde: '2026-10-15', hasta: '2026-10-20' });
    expect(diasEmpleadoDelMes('2026-10', '2026-11-01', null)).toBeNull();
    expect(diasEmpleadoDelMes('2026-10', null, '2026-09-30')).toBeNull();
  });

  it('writes durations as H:MM, past 24 hours too', () => {
    expect([horasYMinutos(0), horasYMinutos(465), horasYMinutos(9600)]).toEqual(['0:00', '7:45', '160:00']);
  });
});
