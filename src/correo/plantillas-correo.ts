import { TipoNotificacionId } from '../catalogs/tipo-notificacion.entity.js';

/** What an e-mail of one notification type says before the notification's own text, and what its link invites to do. */
export interface PlantillaCorreo {
  entradilla: string;
  accion: string;
}

/**
 * One per notification type. The sentences say only what the type itself says: the recipient reads the
 * details (names, dates, comments) in the notification's text, which they can already read in the portal.
 */
export const PLANTILLAS_CORREO: Record<TipoNotificacionId, PlantillaCorreo> = {
  [TipoNotificacionId.SolicitudNueva]: { entradilla: 'Una solicitud espera tu decisión.', accion: 'Revisar la solicitud' },
  [TipoNotificacionId.Aprobacion]: { entradilla: 'Han aprobado un trámite tuyo.', accion: 'Ver la solicitud' },
  [TipoNotificacionId.Rechazo]: { entradilla: 'Han rechazado un trámite tuyo.', accion: 'Ver la solicitud y su motivo' },
  [TipoNotificacionId.Documento]: { entradilla: 'Tienes un documento nuevo en el portal.', accion: 'Ver mis documentos' },
  [TipoNotificacionId.Comunicado]: { entradilla: 'La empresa ha publicado un comunicado.', accion: 'Leer el comunicado' },
  [TipoNotificacionId.Recordatorio]: { entradilla: 'Hay solicitudes que esperan tu decisión desde hace días.', accion: 'Revisar las solicitudes pendientes' },
  [TipoNotificacionId.Recalculo]: { entradilla: 'Ha cambiado el calendario laboral y se han recalculado los días de una solicitud tuya.', accion: 'Ver la solicitud' },
  [TipoNotificacionId.FichajeIncompleto]: { entradilla: 'Una jornada ha quedado sin fichaje de salida.', accion: 'Revisar los fichajes' },
  [TipoNotificacionId.ResumenJornada]: { entradilla: 'Tu resumen mensual de jornada está listo.', accion: 'Ver el resumen' },
  [TipoNotificacionId.CorreccionFichaje]: { entradilla: 'Hay novedades sobre una corrección de fichaje.', accion: 'Ver la corrección' },
};
