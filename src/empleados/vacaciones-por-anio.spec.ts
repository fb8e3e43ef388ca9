import { planificar, puedePagar } from './vacaciones-por-anio.js';

describe('puedePagar', () => {
  it('never lets a later year pay; with a caducidad only the year before, up to its date', () => {
    expect(puedePagar(2031, 2030, '2030-06-01', null)).toBe(false);
    expect(puedePagar(2027, 2030, '2030-06-01', null)).toBe(true);
    expect(puedePagar(2029, 2030, '2030-03-31', '03-31')).toBe(true);
    expect(puedePagar(2029, 2030, '2030-04-01', '03-31')).toBe(false);
    expect(puedePagar(2028, 2030, '2029-01-01', '03-31')).toBe(false);
  });
});

describe('planificar', () => {
  it('takes each year from the oldest usable allocation, in hundredths, and reports what is missing', () => {
    const periodos = [
      { id_vacaciones: 1, anio: 2030, libres: 1.1 },
      { id_vacaciones: 2, anio: 2031, libres: 2.2 },
    ];
    const plan = planificar(periodos, [{ anio: 2030, dias: 0.5 }, { anio: 2031, dias: 2.5 }], '2030-01-01', null);
    expect([...plan.tomas]).toEqual([
      [1, 1.1],
      [2, 1.9],
    ]);
    expect(plan.faltan).toEqual([]);
    expect(periodos.map((p) => p.libres)).toEqual([0, 0.3]);
    expect(planificar(periodos, [{ anio: 2030, dias: 1 }], '2030-01-01', null).faltan).toEqual([{ anio: 2030, dias: 1 }]);
  });
});
