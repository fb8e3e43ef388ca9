import type { FieldError } from '../common/api-error.js';
import { addDays, type CalendarDate } from '../common/calendar-date.js';
import { parseZonedDateTime } from '../common/zoned-date-time.js';
import type { EstadoDia, Modalidad, TipoFichaje } from './fichaje-fields.js';
import { estadoTras } from './jornada-del-dia.js';

/** A record of a proposal as sent: `instante` is ISO 8601, with an offset or on the wall clock of the centre. */
export interface FichajePropuestoEnviado {
  tipo: TipoFichaje;
  instante: string;
  modalidad?: Modalidad;
}

export interface FichajePropuesto {
  tipo: TipoFichaje;
  instante: Date;
  modalidad?: Modalidad;
}

/** The fewest and most records a proposal holds: an entrada and a salida; a day's bound. */
export const MIN_FICHAJES_PROPUESTOS = 2;
export const MAX_FICHAJES_PROPUESTOS = 100;

const SIGUE_A: Record<TipoFichaje, EstadoDia> = { entrada: 'fuera', inicio_pausa: 'dentro', fin_pausa: 'en_pausa', salida: 'dentro' };

const FUERA_DE_SECUENCIA: Record<EstadoDia, string> = {
  fuera: 'no sigue al anterior: tras una salida (o al empezar) solo cabe una entrada.',
  dentro: 'no sigue al anterior: tras una entrada o un fin de pausa caben una pausa o una salida.',
  en_pausa: 'no sigue al anterior: una pausa abierta solo se cierra con fin_pausa.',
};

export type ResultadoPropuesta = { fichajes: FichajePropuesto[]; errores: [] } | { fichajes: null; errores: FieldError[] };

/**
 * Checks the records proposed for the working day `fecha` of someone whose centre is in `zona`: a closed
 * sequence (entrada first, salida last, pauses nested and closed), strictly increasing instants, the
 * entrada on `fecha` and everything from its start to the end of the next day (a night shift ends after
 * midnight), none after `ahora`. Each error names the field, as the validation pipe does.
 */
export function validarPropuesta(fecha: CalendarDate, enviados: readonly FichajePropuestoEnviado[], zona: string, ahora: Date): ResultadoPropuesta {
  const inicioDia = parseZonedDateTime(fecha, zona)!.getTime();
  const finPrimerDia = parseZonedDateTime(addDays(fecha, 1), zona)!.getTime();
  const finVentana = parseZonedDateTime(addDays(fecha, 2), zona)!.getTime();
  const errores: FieldError[] = [];
  const fichajes: FichajePropuesto[] = [];
  let estado: EstadoDia = 'fuera';
  let secuenciaRota = false;
  let anterior: number | null = null;
  enviados.forEach((enviado, i) => {
    const campo = `fichajes.${i}`;
    if (!secuenciaRota && SIGUE_A[enviado.tipo] !== estado) {
      errores.push({ campo: `${campo}.tipo`, mensaje: FUERA_DE_SECUENCIA[estado] });
      secuenciaRota = true;
    }
    estado = estadoTras(enviado.tipo);
    const instante = parseZonedDateTime(enviado.instante, zona);
    const mensaje = instante === null ? 'debe ser una fecha y hora ISO 8601 válida (YYYY-MM-DDTHH:mm, con desfase o en la hora del centro).' : fueraDeLugar(instante.getTime());
    if (mensaje) errores.push({ campo: `${campo}.instante`, mensaje });
    if (instante) {
      anterior = instante.getTime();
      fichajes.push({ tipo: enviado.tipo, instante, ...(enviado.modalidad ? { modalidad: enviado.modalidad } : {}) });
    }

    function fueraDeLugar(ms: number): string | null {
      if (ms > ahora.getTime()) return 'no puede estar en el futuro.';
      if (ms < inicioDia || ms >= finVentana) return `debe caer entre el inicio del ${fecha} y el final del día siguiente, en la hora del centro.`;
      if (i === 0 && ms >= finPrimerDia) return `la entrada que abre la jornada debe caer el ${fecha}, en la hora del centro.`;
      if (anterior !== null && ms <= anterior) return 'debe ser posterior al fichaje anterior.';
      return null;
    }
  });
  if (!secuenciaRota && estado !== 'fuera') errores.push({ campo: 'fichajes', mensaje: 'debe terminar con una salida, sin pausas abiertas.' });
  return errores.length === 0 ? { fichajes, errores: [] } : { fichajes: null, errores };
}
