import type { HttpException } from '@nestjs/common';
import { corteDe, diasConCorte, tramo } from './medios-dias.js';

const laborable = () => true;
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return ((error as HttpException).getResponse() as { code: string }).code;
  }
  return undefined;
};

describe('half days and hours', () => {
  it('a one-day request with one half given takes that half, in both fields', () => {
    const corte = corteDe({ medio_dia_fin: 'manana' }, '2026-12-01', '2026-12-01');
    expect(corte).toMatchObject({ medioDiaInicio: 'manana', medioDiaFin: 'manana' });
    expect(diasConCorte(1, corte, laborable, '2026-12-01', '2026-12-01')).toBe(0.5);
    expect(tramo(corte, '2026-12-01', '2026-12-01')).toEqual({ desde: '2026-12-01 00:00', hasta: '2026-12-01 14:00' });
  });

  it('several days: only an afternoon start and a morning end take half a day off each, on working days', () => {
    const corte = corteDe({ medio_dia_inicio: 'tarde', medio_dia_fin: 'manana' }, '2026-12-01', '2026-12-04');
    expect(diasConCorte(4, corte, laborable, '2026-12-01', '2026-12-04')).toBe(3);
    expect(diasConCorte(3, corte, (fecha) => fecha !== '2026-12-04', '2026-12-01', '2026-12-04')).toBe(2.5);
    expect(tramo(corte, '2026-12-01', '2026-12-04')).toEqual({ desde: '2026-12-01 14:00', hasta: '2026-12-04 14:00' });
  });

  it('hours count no day and their own span', () => {
    const corte = corteDe({ hora_inicio: '09:15', hora_fin: '10:35' }, '2026-12-01', '2026-12-01');
    expect(corte.horasSolicitadas).toBe(1.33);
    expect(diasConCorte(1, corte, laborable, '2026-12-01', '2026-12-01')).toBe(0);
    expect(tramo(corte, '2026-12-01', '2026-12-01')).toEqual({ desde: '2026-12-01 09:15', hasta: '2026-12-01 10:35' });
  });

  it('refuses contradictions with their codes', () => {
    expect(code(() => corteDe({ medio_dia_inicio: 'tarde', medio_dia_fin: 'manana' }, '2026-12-01', '2026-12-01'))).toBe('medios_dias_contradictorios');
    expect(code(() => corteDe({ hora_inicio: '10:00' }, '2026-12-01', '2026-12-01'))).toBe('horas_incompletas');
    expect(code(() => corteDe({ hora_inicio: '10:00', hora_fin: '09:00' }, '2026-12-01', '2026-12-01'))).toBe('rango_horas_invalido');
  });
});
