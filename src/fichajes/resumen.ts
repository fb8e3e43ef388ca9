import { addDays, type CalendarDate } from '../common/calendar-date.js';
import type { Modalidad } from './fichaje-fields.js';
import { type HorasDelMes, horasDelMes } from './horas-del-mes.js';
import type { EstadoJornada, JornadaDelPeriodo, Minutos } from './periodo.js';

/** `YYYY-MM`, as the query gives it. */
export type Mes = string;

export interface DiaResumen extends Minutos {
  fecha: CalendarDate;
  estado: EstadoJornada;
  modalidad: Modalidad | null;
  /** The first entrada's instant. */
  entrada: Date | null;
  /** The last salida's instant. */
  salida: Date | null;
  minutos_pausa: number;
}

export interface TotalesResumen extends HorasDelMes {
  minutos_pausa: number;
  dias_trabajados: number;
  dias_presencial: number;
  dias_teletrabajo: number;
  dias_incompletos: number;
}

/** One employee's month: what the JSON answer, the CSV and the PDF all show. */
export interface ResumenMensual {
  id_empleado: number;
  nombre: string;
  mes: Mes;
  tiempo_parcial: boolean;
  dias: DiaResumen[];
  totales: TotalesResumen;
}

const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

export function primerDia(mes: Mes): CalendarDate {
  return `${mes}-01`;
}

export function ultimoDia(mes: Mes): CalendarDate {
  return addDays(primerDia(mesSiguiente(mes)), -1);
}

export function mesSiguiente(mes: Mes): Mes {
  const [anio, numero] = mes.split('-').map(Number) as [number, number];
  return numero === 12 ? `${anio + 1}-01` : `${anio}-${String(numero + 1).padStart(2, '0')}`;
}

export function mesAnterior(mes: Mes): Mes {
  const [anio, numero] = mes.split('-').map(Number) as [number, number];
  return numero === 1 ? `${anio - 1}-12` : `${anio}-${String(numero - 1).padStart(2, '0')}`;
}

export function mesDe(fecha: CalendarDate): Mes {
  return fecha.slice(0, 7);
}

/** `octubre de 2026`. */
export function mesEnFrase(mes: Mes): string {
  const [anio, numero] = mes.split('-').map(Number) as [number, number];
  return `${MESES[numero - 1]} de ${anio}`;
}

/**
 * The days of `mes` the employee was employed (fecha_alta to fecha_baja, both included; null: no bound),
 * or null when none: a month before they joined or after they left is empty.
 */
export function diasEmpleadoDelMes(mes: Mes, fechaAlta: CalendarDate | null, fechaBaja: CalendarDate | null): { desde: CalendarDate; hasta: CalendarDate } | null {
  const desde = fechaAlta && fechaAlta > primerDia(mes) ? fechaAlta : primerDia(mes);
  const hasta = fechaBaja && fechaBaja < ultimoDia(mes) ? fechaBaja : ultimoDia(mes);
  return desde <= hasta ? { desde, hasta } : null;
}

/** The day as the summary shows it: its minutes, and when it began and ended instead of every record. */
export function diaResumen(jornada: JornadaDelPeriodo): DiaResumen {
  // The records in force: a corrected day begins and ends as its correction says.
  const entrada = jornada.vigentes.find((fichaje) => fichaje.tipo === 'entrada');
  const salida = jornada.vigentes.findLast((fichaje) => fichaje.tipo === 'salida');
  return {
    fecha: jornada.fecha,
    estado: jornada.estado,
    modalidad: jornada.modalidad,
    entrada: entrada?.instante ?? null,
    salida: salida?.instante ?? null,
    minutos_trabajados: jornada.minutos_trabajados,
    minutos_pausa: jornada.minutos_pausa,
    minutos_previstos: jornada.minutos_previstos,
    minutos_exceso: jornada.minutos_exceso,
    minutos_defecto: jornada.minutos_defecto,
  };
}

/** The month's totals (ET art. 12.4.c: a part-timer's hours totalled monthly), from its days. */
export function totalesResumen(jornadas: readonly JornadaDelPeriodo[], tiempoParcial: boolean): TotalesResumen {
  const trabajadas = jornadas.filter((jornada) => jornada.fichajes.length > 0);
  return {
    ...horasDelMes(jornadas, tiempoParcial),
    minutos_pausa: jornadas.reduce((total, jornada) => total + jornada.minutos_pausa, 0),
    dias_trabajados: trabajadas.length,
    dias_presencial: trabajadas.filter((jornada) => jornada.modalidad === 'presencial').length,
    dias_teletrabajo: trabajadas.filter((jornada) => jornada.modalidad === 'teletrabajo').length,
    dias_incompletos: jornadas.filter((jornada) => jornada.estado === 'incompleto').length,
  };
}

/** `H:MM` of a number of minutes: 465 → `7:45`, 9600 → `160:00`. */
export function horasYMinutos(minutos: number): string {
  return `${Math.floor(minutos / 60)}:${String(minutos % 60).padStart(2, '0')}`;
}
