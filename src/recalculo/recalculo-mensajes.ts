import type { TipoSolicitudId } from '../catalogs/tipo-solicitud.entity.js';
import { fechasEnFrase, TIPO_EN_FRASE } from '../solicitudes/tipos-solicitud.js';
import type { SolicitudARecontar } from './recalculo.repository.js';

const numero = (dias: number) => dias.toLocaleString('es-ES');
const dias = (cuantos: number) => `${numero(cuantos)} ${cuantos === 1 ? 'día' : 'días'}`;

/** The history's comment on a recount. */
export function comentarioRecalculo(antes: number, despues: number, motivo: string): string {
  return `Días recalculados de ${numero(antes)} a ${numero(despues)}: ${motivo}.`;
}

/** The history's comment when an approved request would cost more than the employee has left. */
export function comentarioSinSaldo(antes: number, despues: number, anio: number, motivo: string): string {
  return `No se recalculan los días (${numero(antes)} → ${numero(despues)}): no quedan días de ${anio} para descontar la diferencia; ${motivo}.`;
}

/** The owner's notification. */
export function avisoRecalculo(solicitud: SolicitudARecontar, despues: number | null, motivo: string): { titulo: string; mensaje: string } {
  const cual = `Tu solicitud de ${TIPO_EN_FRASE[solicitud.id_tipo_solicitud as TipoSolicitudId]}${fechasEnFrase(solicitud)}`;
  if (despues === null) {
    return { titulo: 'Solicitud no recalculada', mensaje: `${cual} costaría más días de los que te quedan y conserva ${dias(solicitud.dias_solicitados)}: ${motivo}. Consulta con administración.` };
  }
  return { titulo: 'Solicitud recalculada', mensaje: `${cual} cuenta ahora ${dias(despues)} (antes ${dias(solicitud.dias_solicitados)}): ${motivo}.` };
}
