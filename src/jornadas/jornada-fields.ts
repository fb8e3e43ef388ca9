/** The rules a working schedule follows, whether it comes through the API or the demo data. */
export const MAX_NOMBRE_JORNADA = 100;
export const DIAS_SEMANA = 7;
export const MAX_HORAS_DIA = 24;
/** A year split into months holds twelve periods; more would only be noise. */
export const MAX_PERIODOS = 12;

/** `MM-DD`: a day of the year, without the year. 02-29 is one (in common years its period ends on 02-28). */
export const MES_DIA_PATTERN = /^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/;
/** The last day of each month in a leap year: the calendar every `MM-DD` is checked against. */
const DIAS_DEL_MES = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export interface PeriodoJornada {
  desde: string;
  hasta: string;
  horas: number[];
}

export function isMesDia(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = MES_DIA_PATTERN.exec(value);
  return match !== null && Number(match[2]) <= DIAS_DEL_MES[Number(match[1]) - 1]!;
}

/** A day's hours: 0 to 24 in quarter hours. */
export function isHorasDia(value: unknown): value is number {
  return typeof value === 'number' && value >= 0 && value <= MAX_HORAS_DIA && Number.isInteger(value * 4);
}

export const horasSemana = (horas: readonly number[]) => horas.reduce((total, dia) => total + dia, 0);

/**
 * The index of the first period that overlaps one listed before it, or undefined. Periods are sorted
 * by `desde` first, so each is compared with its predecessor only: at most MAX_PERIODS steps.
 */
export function primerPeriodoSolapado(periodos: readonly PeriodoJornada[]): number | undefined {
  const ordenados = periodos.map((periodo, index) => ({ ...periodo, index })).sort((a, b) => a.desde.localeCompare(b.desde));
  const solapado = ordenados.find((periodo, i) => i > 0 && periodo.desde <= ordenados[i - 1]!.hasta);
  return solapado?.index;
}
