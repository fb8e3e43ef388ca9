import { easterSunday, spanishNationalHolidays } from './spanish-holidays.js';

describe('spanishNationalHolidays', () => {
  it.each([
    [2024, { month: 3, day: 31 }],
    [2025, { month: 4, day: 20 }],
    [2026, { month: 4, day: 5 }],
    [2027, { month: 3, day: 28 }],
    [2038, { month: 4, day: 25 }],
  ])('finds Easter Sunday %i', (year, expected) => {
    expect(easterSunday(year)).toEqual(expected);
  });

  it('lists the ten national holidays of 2026 in date order, Good Friday included', () => {
    expect(spanishNationalHolidays(2026)).toEqual([
      { fecha: '2026-01-01', nombre: 'Año Nuevo' },
      { fecha: '2026-01-06', nombre: 'Epifanía del Señor' },
      { fecha: '2026-04-03', nombre: 'Viernes Santo' },
      { fecha: '2026-05-01', nombre: 'Fiesta del Trabajo' },
      { fecha: '2026-08-15', nombre: 'Asunción de la Virgen' },
      { fecha: '2026-10-12', nombre: 'Fiesta Nacional de España' },
      { fecha: '2026-11-01', nombre: 'Todos los Santos' },
      { fecha: '2026-12-06', nombre: 'Día de la Constitución Española' },
      { fecha: '2026-12-08', nombre: 'Inmaculada Concepción' },
      { fecha: '2026-12-25', nombre: 'Natividad del Señor' },
    ]);
  });
});
