import type { CalendarDate } from '../src/common/calendar-date.js';
import type { Modalidad, TipoFichaje } from '../src/fichajes/fichaje-fields.js';
import { parseZonedDateTime } from '../src/common/zoned-date-time.js';

const MINUTO = 60_000;
const HORA = 60 * MINUTO;

/** A seeded generator of floats in [0, 1) (mulberry32): the same seed, the same register. */
export function aleatorio(semilla: number): () => number {
  let estado = semilla >>> 0;
  return () => {
    estado = (estado + 0x6d2b79f5) >>> 0;
    let t = estado;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const desfases = new Map<string, number>();

/** Milliseconds the wall clock of `zona` is ahead of UTC at noon of `fecha` (DST changes at night: noon holds for the working day). */
export function desfaseDe(fecha: CalendarDate, zona: string): number {
  const clave = `${zona} ${fecha}`;
  let desfase = desfases.get(clave);
  if (desfase === undefined) {
    desfase = Date.parse(`${fecha}T12:00:00Z`) - parseZonedDateTime(`${fecha} 12:00`, zona)!.getTime();
    desfases.set(clave, desfase);
  }
  return desfase;
}

export interface Marcaje {
  tipo: TipoFichaje;
  instante: Date;
  modalidad: Modalidad;
}

/**
 * An employee's four records of a working day of `horas` scheduled hours: entrada around their usual start
 * (`inicioHabitual`, minutes after local midnight) ± 10 minutes, a pause of 15 to 45 minutes (30 to 60 on days of 7
 * hours or more) around the middle of the day, and salida once the hours are done, ± 10 minutes. One day in ten
 * is teletrabajo. Instants carry milliseconds, as the service's clock does.
 */
export function jornadaSimulada(azar: () => number, fecha: CalendarDate, zona: string, horas: number, inicioHabitual: number): Marcaje[] {
  const medianoche = Date.parse(`${fecha}T00:00:00Z`) - desfaseDe(fecha, zona);
  const entrada = medianoche + (inicioHabitual - 10) * MINUTO + Math.floor(azar() * 20 * MINUTO);
  const pausa = (horas >= 7 ? 30 : 15) * MINUTO + Math.floor(azar() * 30 * MINUTO);
  const inicioPausa = entrada + (horas / 2) * HORA + Math.floor((azar() - 0.5) * 40 * MINUTO);
  const salida = entrada + horas * HORA + pausa + Math.floor((azar() - 0.5) * 20 * MINUTO);
  const modalidad: Modalidad = azar() < 0.1 ? 'teletrabajo' : 'presencial';
  return [
    { tipo: 'entrada', instante: new Date(entrada), modalidad },
    { tipo: 'inicio_pausa', instante: new Date(inicioPausa), modalidad },
    { tipo: 'fin_pausa', instante: new Date(inicioPausa + pausa), modalidad },
    { tipo: 'salida', instante: new Date(salida), modalidad },
  ];
}
