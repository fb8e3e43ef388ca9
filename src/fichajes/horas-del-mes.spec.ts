import { esTiempoParcial, horasDelMes } from './horas-del-mes.js';

const dia = (minutos_trabajados: number, minutos_previstos: number, minutos_exceso: number, minutos_defecto: number) => ({
  minutos_trabajados,
  minutos_previstos,
  minutos_exceso,
  minutos_defecto,
});

describe('horasDelMes', () => {
  const dias = [dia(540, 480, 60, 0), dia(420, 480, 0, 60), dia(0, 0, 0, 0)];

  it('reports the minutes beyond the schedule as overtime for a full-timer', () => {
    expect(horasDelMes(dias, false)).toEqual({
      tiempo_parcial: false,
      minutos_trabajados: 960,
      minutos_previstos: 960,
      minutos_ordinarios: 900,
      minutos_extraordinarios: 60,
      minutos_complementarios: 0,
      minutos_defecto: 60,
    });
  });

  it('reports them as complementary hours for a part-timer, never as overtime', () => {
    expect(horasDelMes(dias, true)).toMatchObject({ tiempo_parcial: true, minutos_extraordinarios: 0, minutos_complementarios: 60, minutos_ordinarios: 900 });
  });
});

describe('esTiempoParcial', () => {
  it('is part-time below the full-time week and full-time at it', () => {
    expect(esTiempoParcial([8, 8, 8, 0, 0, 0, 0], 40)).toBe(true);
    expect(esTiempoParcial([8, 8, 8, 8, 8, 0, 0], 40)).toBe(false);
    expect(esTiempoParcial([7.5, 7.5, 7.5, 7.5, 7.5, 0, 0], 37.5)).toBe(false);
  });
});
