import { randomBytes } from 'node:crypto';
import type { CalendarioEmpleado } from '../calendario-laboral/calendario-empleado.js';
import type { MinutosPrevistosDia } from '../calendario-laboral/minutos-previstos.js';
import type { CalendarDate } from '../common/calendar-date.js';
import type { FichajeRow } from './fichajes.repository.js';
import { esTiempoParcial, type HorasDelMes, horasDelMes } from './horas-del-mes.js';
import { jornadasDelPeriodo } from './periodo.js';

/** One employee's month as the representatives see it: a pseudonym and sums, never a name, an id or a record. */
export interface FilaResumenEmpresa extends HorasDelMes {
  codigo: string;
  dias_trabajados: number;
  dias_incompletos: number;
}

export const SUMAS = [
  'minutos_trabajados',
  'minutos_previstos',
  'minutos_ordinarios',
  'minutos_extraordinarios',
  'minutos_complementarios',
  'minutos_defecto',
  'dias_trabajados',
  'dias_incompletos',
] as const;

export type TotalesResumenEmpresa = Record<(typeof SUMAS)[number], number> & { empleados: number; empleados_tiempo_parcial: number };

/** What one employee's month is counted from. */
export interface MesDeEmpleado {
  codigo: string;
  fecha_alta: CalendarDate | null;
  fecha_baja: CalendarDate | null;
  calendario: CalendarioEmpleado;
  /** One entry per day of the month, in order. */
  previstos: readonly MinutosPrevistosDia[];
  /** The month's records in order (by working day, then id). */
  fichajes: readonly FichajeRow[];
  incompletos: ReadonlySet<CalendarDate>;
  ahora: Date;
  /** Today in the employee's time zone: a day before it without records is settled. */
  hoy: CalendarDate;
}

/**
 * The employee's row: their days of the month while employed (from fecha_alta to fecha_baja) counted as the period
 * listing counts them, split as the monthly summary splits them. Part-time when the ordinary week of the schedule in
 * force on the month's last employed day is below `horasSemanaCompleta` (ET art. 12.1).
 */
export function filaDeEmpleado(mes: MesDeEmpleado, horasSemanaCompleta: number): FilaResumenEmpresa {
  const empleado = (fecha: CalendarDate) => (mes.fecha_alta === null || fecha >= mes.fecha_alta) && (mes.fecha_baja === null || fecha <= mes.fecha_baja);
  const previstos = mes.previstos.filter((dia) => empleado(dia.fecha));
  const dias = jornadasDelPeriodo(previstos, mes.fichajes, mes.ahora, mes.hoy, mes.incompletos);
  const ultimo = previstos.at(-1)?.fecha ?? mes.previstos.at(-1)!.fecha;
  const tiempoParcial = esTiempoParcial(mes.calendario.semanaOrdinariaEn(ultimo), horasSemanaCompleta);
  return {
    codigo: mes.codigo,
    ...horasDelMes(dias, tiempoParcial),
    dias_trabajados: dias.filter((dia) => dia.estado !== 'sin_fichajes').length,
    dias_incompletos: dias.filter((dia) => dia.estado === 'incompleto').length,
  };
}

/** Running sums of the rows, one batch at a time: the rows themselves need not stay in memory. */
export class SumaResumenEmpresa {
  private readonly totales: TotalesResumenEmpresa = { ...Object.fromEntries(SUMAS.map((campo) => [campo, 0])), empleados: 0, empleados_tiempo_parcial: 0 } as TotalesResumenEmpresa;

  anadir(fila: FilaResumenEmpresa): void {
    for (const campo of SUMAS) this.totales[campo] += fila[campo];
    this.totales.empleados += 1;
    if (fila.tiempo_parcial) this.totales.empleados_tiempo_parcial += 1;
  }

  get valor(): TotalesResumenEmpresa {
    return { ...this.totales };
  }
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * A fresh pseudonym: `R-` and 8 base32 characters from 40 random bits. Random, not derived from the id, so
 * knowing the scheme does not lead back to the employee (ids are small integers: any hash of them is reversible).
 */
export function nuevoCodigo(): string {
  const bits = randomBytes(5).reduce((total, byte) => total * 256n + BigInt(byte), 0n);
  let codigo = '';
  for (let i = 7; i >= 0; i -= 1) codigo += BASE32[Number((bits >> BigInt(i * 5)) & 31n)];
  return `R-${codigo}`;
}
