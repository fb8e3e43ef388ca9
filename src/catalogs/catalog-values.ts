import { EstadoSolicitudId } from './estado-solicitud.entity.js';
import { RolId } from './rol.entity.js';
import { TipoSolicitudId } from './tipo-solicitud.entity.js';

/** The numbers of a numeric TypeScript enum (which also maps its names back). */
const numbersOf = (catalog: object): number[] => Object.values(catalog).filter((value): value is number => typeof value === 'number');

/** The seeded catalogue ids, for `enum` in openapi.json. */
export const ROL_IDS = numbersOf(RolId);
export const ESTADO_SOLICITUD_IDS = numbersOf(EstadoSolicitudId);
export const TIPO_SOLICITUD_IDS = numbersOf(TipoSolicitudId);

/** The seeded `tipo_notificacion.codigo` values (migrations SolicitudesYNotificaciones, Aprobaciones, Recalculo). */
export const TIPO_NOTIFICACION_CODIGOS = ['APROBACION', 'RECHAZO', 'DOCUMENTO', 'RECORDATORIO', 'COMUNICADO', 'SOLICITUD_NUEVA', 'RECALCULO', 'FICHAJE_INCOMPLETO', 'RESUMEN_JORNADA', 'CORRECCION_FICHAJE'];
