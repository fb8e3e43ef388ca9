import { HttpStatus } from '@nestjs/common';
import { apiError } from '../common/api-error.js';
import type { CalendarDate } from '../common/calendar-date.js';

export const MEDIOS_DIAS = ['manana', 'tarde'] as const;
export type MedioDia = (typeof MEDIOS_DIAS)[number];

/** Where a morning ends and an afternoon starts, in COMPANY_TIMEZONE: decides whether hours overlap a half day. */
export const MEDIODIA = '14:00';

export const HORA_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

/** What the body asked for beyond its dates; the service has checked the dates already. */
export interface Fraccion {
  medio_dia_inicio?: MedioDia;
  medio_dia_fin?: MedioDia;
  hora_inicio?: string;
  hora_fin?: string;
}

/** How a request's days are cut: halves (as stored, after the one-day rule) or hours. */
export interface Corte {
  medioDiaInicio: MedioDia | null;
  medioDiaFin: MedioDia | null;
  horaInicio: string | null;
  horaFin: string | null;
  horasSolicitadas: number | null;
}

const SIN_CORTE: Corte = { medioDiaInicio: null, medioDiaFin: null, horaInicio: null, horaFin: null, horasSolicitadas: null };

const refusal = (code: string, message: string) => apiError(HttpStatus.BAD_REQUEST, code, message);

/**
 * Reads the halves or hours of a request from `inicio` to `fin`. On one day, a single half given is that
 * half (both fields then name it) and an afternoon start with a morning end contradicts itself.
 */
export function corteDe(fraccion: Fraccion, inicio: CalendarDate, fin: CalendarDate): Corte {
  const { medio_dia_inicio: desde, medio_dia_fin: hasta, hora_inicio: horaInicio, hora_fin: horaFin } = fraccion;
  if (horaInicio !== undefined || horaFin !== undefined) return porHoras(fraccion, inicio, fin);
  if (desde === undefined && hasta === undefined) return SIN_CORTE;
  if (inicio !== fin) return { ...SIN_CORTE, medioDiaInicio: desde ?? null, medioDiaFin: hasta ?? null };
  const medioDiaInicio = desde ?? hasta!;
  const medioDiaFin = hasta ?? desde!;
  if (medioDiaInicio === 'tarde' && medioDiaFin === 'manana') {
    throw refusal('medios_dias_contradictorios', 'En una solicitud de un solo día, empezar por la tarde y terminar por la mañana se contradicen.');
  }
  return { ...SIN_CORTE, medioDiaInicio, medioDiaFin };
}

function porHoras(fraccion: Fraccion, inicio: CalendarDate, fin: CalendarDate): Corte {
  const { hora_inicio: horaInicio, hora_fin: horaFin } = fraccion;
  if (horaInicio === undefined || horaFin === undefined) {
    throw refusal('horas_incompletas', 'Un permiso por horas indica hora_inicio y hora_fin.');
  }
  if (fraccion.medio_dia_inicio !== undefined || fraccion.medio_dia_fin !== undefined) {
    throw refusal('horas_con_medio_dia', 'Un permiso por horas no lleva medio_dia_inicio ni medio_dia_fin.');
  }
  if (inicio !== fin) throw refusal('horas_varios_dias', 'Un permiso por horas abarca un solo día: fecha_inicio y fecha_fin deben coincidir.');
  const minutos = minutosDe(horaFin) - minutosDe(horaInicio);
  if (minutos <= 0) throw refusal('rango_horas_invalido', 'La hora de fin debe ser posterior a la hora de inicio.');
  return { ...SIN_CORTE, horaInicio, horaFin, horasSolicitadas: Math.round((minutos / 60) * 100) / 100 };
}

/** Minutes since midnight of an `HH:MM` time. */
export function minutosDe(hora: string): number {
  const [horas, minutos] = hora.split(':').map(Number);
  return horas! * 60 + minutos!;
}

/** The working days a request takes half of: its afternoon-start first day and its morning-end last day (or its one half day). */
export function mediosDiasDe(corte: Corte, esHabil: (fecha: CalendarDate) => boolean, inicio: CalendarDate, fin: CalendarDate): CalendarDate[] {
  if (corte.horaInicio !== null) return [];
  if (inicio === fin) {
    const medioDia = corte.medioDiaInicio !== null && corte.medioDiaInicio === corte.medioDiaFin;
    return medioDia && esHabil(inicio) ? [inicio] : [];
  }
  return [...(corte.medioDiaInicio === 'tarde' && esHabil(inicio) ? [inicio] : []), ...(corte.medioDiaFin === 'manana' && esHabil(fin) ? [fin] : [])];
}

/** The days a request counts: its working days less half of each of `mediosDiasDe`; 0 for a permission by hours. */
export function diasConCorte(diasHabiles: number, corte: Corte, esHabil: (fecha: CalendarDate) => boolean, inicio: CalendarDate, fin: CalendarDate): number {
  if (corte.horaInicio !== null) return 0;
  return diasHabiles - 0.5 * mediosDiasDe(corte, esHabil, inicio, fin).length;
}

/** The instants a request covers, `YYYY-MM-DD HH:mm` in COMPANY_TIMEZONE, end excluded: what overlap compares. */
export function tramo(corte: Corte, inicio: CalendarDate, fin: CalendarDate): { desde: string; hasta: string } {
  const horaDesde = corte.horaInicio ?? (corte.medioDiaInicio === 'tarde' ? MEDIODIA : '00:00');
  const horaHasta = corte.horaFin ?? (corte.medioDiaFin === 'manana' ? MEDIODIA : '24:00');
  return { desde: `${inicio} ${horaDesde}`, hasta: `${fin} ${horaHasta}` };
}

/** A permission by hours takes no more hours than the employee's schedule gives that day. */
export function horasDentroDeLaJornada(horasSolicitadas: number, horasDelDia: number): void {
  if (horasSolicitadas > horasDelDia) {
    const horas = horasDelDia.toLocaleString('es-ES');
    throw refusal('horas_superan_jornada', `Un permiso por horas no puede superar las ${horas} horas de tu jornada de ese día.`);
  }
}
