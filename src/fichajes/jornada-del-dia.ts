import { calendarDateAt, type CalendarDate } from '../common/calendar-date.js';
import type { EstadoDia, EstadoJornada, TipoFichaje } from './fichaje-fields.js';

/** Where a record leaves the employee. */
export function estadoTras(tipo: TipoFichaje | null): EstadoDia {
  if (tipo === 'entrada' || tipo === 'fin_pausa') return 'dentro';
  if (tipo === 'inicio_pausa') return 'en_pausa';
  return 'fuera';
}

/**
 * The records a clocking of `tipo` appends in `estado`, in order, or null when it is out of sequence.
 * A `salida` during a pause closes the pause first, at the same instant.
 */
export function registrosPara(estado: EstadoDia, tipo: TipoFichaje): TipoFichaje[] | null {
  if (tipo === 'entrada') return estado === 'fuera' ? ['entrada'] : null;
  if (tipo === 'inicio_pausa') return estado === 'dentro' ? ['inicio_pausa'] : null;
  if (tipo === 'fin_pausa') return estado === 'en_pausa' ? ['fin_pausa'] : null;
  if (estado === 'dentro') return ['salida'];
  return estado === 'en_pausa' ? ['fin_pausa', 'salida'] : null;
}

/**
 * The working day a record belongs to: an `entrada` starts one on today's date in the centre's time
 * zone; every other record belongs to the open day's `entrada` (a night shift stays on the day it began).
 */
export function fechaDelFichaje(tipo: TipoFichaje, instante: Date, zonaHoraria: string, fechaAbierta: CalendarDate | null): CalendarDate {
  return tipo === 'entrada' || fechaAbierta === null ? calendarDateAt(instante, zonaHoraria) : fechaAbierta;
}

export interface Marca {
  tipo: TipoFichaje;
  instante: Date;
}

export interface Recuento {
  estado: EstadoDia;
  minutos_trabajados: number;
  minutos_pausa: number;
}

/** Whole minutes worked and paused over a day's records in order; an interval still open runs to `ahora`. */
export function recontar(marcas: readonly Marca[], ahora: Date): Recuento {
  let estado: EstadoDia = 'fuera';
  let desde = 0;
  const ms = { dentro: 0, en_pausa: 0 };
  const cerrar = (hasta: number) => {
    if (estado !== 'fuera') ms[estado] += Math.max(0, hasta - desde);
  };
  for (const marca of marcas) {
    cerrar(marca.instante.getTime());
    estado = estadoTras(marca.tipo);
    desde = marca.instante.getTime();
  }
  cerrar(ahora.getTime());
  return { estado, minutos_trabajados: Math.floor(ms.dentro / 60_000), minutos_pausa: Math.floor(ms.en_pausa / 60_000) };
}

export interface ResumenDia extends Omit<Recuento, 'estado'> {
  estado: EstadoJornada;
}

/**
 * A day's state and minutes. A day marked incompleto whose last record is not a `salida` stays
 * `incompleto` and counts only up to its last record: its open interval is not run to now.
 */
export function resumirDia(marcas: readonly Marca[], ahora: Date, marcadoIncompleto: boolean): ResumenDia {
  const ultima = marcas.at(-1);
  if (!marcadoIncompleto || !ultima || ultima.tipo === 'salida') return recontar(marcas, ahora);
  return { ...recontar(marcas, ultima.instante), estado: 'incompleto' };
}
