import { HttpStatus } from '@nestjs/common';
import { apiError } from '../common/api-error.js';
import { type CalendarDate, fechaEnFrase } from '../common/calendar-date.js';
import type { EstadoDia } from './fichaje-fields.js';

const ESTADO_EN_FRASE: Record<EstadoDia, string> = {
  fuera: 'no has fichado la entrada',
  dentro: 'estás trabajando (entrada fichada)',
  en_pausa: 'estás en una pausa',
};

export const fichajeFueraDeSecuencia = (estado: EstadoDia) =>
  apiError(HttpStatus.CONFLICT, 'fichaje_fuera_de_secuencia', `Ese fichaje no sigue al anterior: ahora ${ESTADO_EN_FRASE[estado]}.`);

export const fichajesDelDiaAgotados = (maximo: number) =>
  apiError(HttpStatus.CONFLICT, 'fichajes_del_dia_agotados', `Un día admite como mucho ${maximo} fichajes.`);

/** After an incompleto day only an entrada starts a new one: the open day's end is set by a correction, never by a late clocking. */
export const jornadaIncompletaSinCorregir = (fecha: CalendarDate) =>
  apiError(
    HttpStatus.CONFLICT,
    'fichaje_fuera_de_secuencia',
    `Tu jornada del ${fechaEnFrase(fecha)} quedó sin fichaje de salida y consta como incompleta: solicita una corrección. Ahora solo puedes fichar una entrada.`,
  );
