import type { CalendarDate } from '../common/calendar-date.js';
import type { CorreccionAplicada } from './correccion-fichaje.repository.js';
import type { Modalidad } from './fichaje-fields.js';
import type { FichajeRow } from './fichajes.repository.js';
import { resumirDia } from './jornada-del-dia.js';
import { type ConVigencia, vistaCorregida } from './vista-corregida.js';

/**
 * A day of a period: no records yet, still open (last record in force not a salida), closed, marked left open
 * (incompleto), or closed by a correction (corregido: its last record in force comes from one).
 */
export const ESTADOS_JORNADA = ['sin_fichajes', 'abierto', 'completo', 'incompleto', 'corregido'] as const;
export type EstadoJornada = (typeof ESTADOS_JORNADA)[number];

export interface Minutos {
  minutos_trabajados: number;
  minutos_previstos: number;
  minutos_exceso: number;
  minutos_defecto: number;
}

export interface JornadaDelPeriodo extends Minutos {
  fecha: CalendarDate;
  estado: EstadoJornada;
  modalidad: Modalidad | null;
  /** Every record of the day, the replaced ones too, each saying whether it is in force. */
  fichajes: ConVigencia<FichajeRow>[];
  /** The records in force, by instant: what the day counts (its first entrada and last salida among them). */
  vigentes: FichajeRow[];
  minutos_pausa: number;
  /** The approved corrections among the day's records, in the order they were appended. */
  correcciones: CorreccionAplicada[];
}

/**
 * Each day of `previstos` (one per date of the period, in order) with its records from `filas` (in order):
 * minutes worked and paused, and the excess or shortfall against the expected minutes once the day is
 * settled — closed, or passed (before `hoy`) without records. An open day runs to `ahora` and has neither; a day
 * in `incompletos` left open counts up to its last record and has neither until a correction settles it.
 * Everything counts over the records in force (see vista-corregida.ts): a corrected day counts its correction.
 * `correcciones` says who, when and why for the corrections the records name (left out: none described).
 */
export function jornadasDelPeriodo(
  previstos: readonly { fecha: CalendarDate; minutos_previstos: number }[],
  filas: readonly FichajeRow[],
  ahora: Date,
  hoy: CalendarDate,
  incompletos: ReadonlySet<CalendarDate>,
  correcciones: ReadonlyMap<number, CorreccionAplicada> = new Map(),
): JornadaDelPeriodo[] {
  const porFecha = new Map<CalendarDate, FichajeRow[]>();
  for (const fila of filas) {
    const delDia = porFecha.get(fila.fecha);
    if (delDia) delDia.push(fila);
    else porFecha.set(fila.fecha, [fila]);
  }
  return previstos.map(({ fecha, minutos_previstos }) => {
    const { fichajes, vigentes, corregido } = vistaCorregida(porFecha.get(fecha) ?? []);
    const { estado, minutos_trabajados, minutos_pausa } = resumirDia(vigentes, ahora, incompletos.has(fecha));
    const estadoJornada: EstadoJornada =
      fichajes.length === 0 ? 'sin_fichajes' : corregido ? 'corregido' : estado === 'incompleto' ? 'incompleto' : estado === 'fuera' ? 'completo' : 'abierto';
    const saldado = estadoJornada === 'completo' || estadoJornada === 'corregido' || (estadoJornada === 'sin_fichajes' && fecha < hoy);
    return {
      fecha,
      estado: estadoJornada,
      modalidad: vigentes[0]?.modalidad ?? null,
      fichajes,
      vigentes,
      correcciones: correccionesDe(fichajes, correcciones),
      minutos_trabajados,
      minutos_pausa,
      minutos_previstos,
      minutos_exceso: saldado ? Math.max(0, minutos_trabajados - minutos_previstos) : 0,
      minutos_defecto: saldado ? Math.max(0, minutos_previstos - minutos_trabajados) : 0,
    };
  });
}

function correccionesDe(fichajes: readonly FichajeRow[], correcciones: ReadonlyMap<number, CorreccionAplicada>): CorreccionAplicada[] {
  const ids = new Set(fichajes.flatMap((fichaje) => (fichaje.origen === 'correccion' && fichaje.id_solicitud !== null ? [Number(fichaje.id_solicitud)] : [])));
  return [...ids].flatMap((id) => correcciones.get(id) ?? []);
}

/** The period's sums. */
export function totales(jornadas: readonly Minutos[]): Minutos {
  const suma = (campo: keyof Minutos) => jornadas.reduce((total, jornada) => total + jornada[campo], 0);
  return {
    minutos_trabajados: suma('minutos_trabajados'),
    minutos_previstos: suma('minutos_previstos'),
    minutos_exceso: suma('minutos_exceso'),
    minutos_defecto: suma('minutos_defecto'),
  };
}
