export interface Holiday {
  /** YYYY-MM-DD */
  fecha: string;
  nombre: string;
}

const FIXED_HOLIDAYS: readonly [month: number, day: number, nombre: string][] = [
  [1, 1, 'Año Nuevo'],
  [1, 6, 'Epifanía del Señor'],
  [5, 1, 'Fiesta del Trabajo'],
  [8, 15, 'Asunción de la Virgen'],
  [10, 12, 'Fiesta Nacional de España'],
  [11, 1, 'Todos los Santos'],
  [12, 6, 'Día de la Constitución Española'],
  [12, 8, 'Inmaculada Concepción'],
  [12, 25, 'Natividad del Señor'],
];

const isoDate = (year: number, month: number, day: number): string =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Easter Sunday of the Gregorian calendar (the anonymous algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

/** Spain's national holidays of `year` (those every region observes), in date order. */
export function spanishNationalHolidays(year: number): Holiday[] {
  const easter = easterSunday(year);
  const goodFriday = new Date(Date.UTC(year, easter.month - 1, easter.day - 2));
  const holidays = FIXED_HOLIDAYS.map(([month, day, nombre]) => ({ fecha: isoDate(year, month, day), nombre }));
  holidays.push({ fecha: goodFriday.toISOString().slice(0, 10), nombre: 'Viernes Santo' });
  return holidays.sort((x, y) => x.fecha.localeCompare(y.fecha));
}

/** A few fixed-date holidays of the demo centres' communities: enough for the first run to show regional days, not the BOE list. */
const REGIONAL_HOLIDAYS: Record<string, readonly [month: number, day: number, nombre: string][]> = {
  'ES-MD': [[5, 2, 'Fiesta de la Comunidad de Madrid']],
  'ES-CT': [
    [6, 24, 'Sant Joan'],
    [9, 11, 'Diada Nacional de Catalunya'],
    [12, 26, 'Sant Esteve'],
  ],
};

/** The community's own holidays of `year` that the demo data knows, in date order. */
export function demoRegionalHolidays(comunidad: string, year: number): Holiday[] {
  return (REGIONAL_HOLIDAYS[comunidad] ?? []).map(([month, day, nombre]) => ({ fecha: isoDate(year, month, day), nombre }));
}
