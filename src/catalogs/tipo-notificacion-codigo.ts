/** `tipo_notificacion.codigo`: how the API names a notification type. */
export const CODIGOS_TIPO_NOTIFICACION = [
  'APROBACION',
  'RECHAZO',
  'DOCUMENTO',
  'RECORDATORIO',
  'COMUNICADO',
  'SOLICITUD_NUEVA',
  'RECALCULO',
  'FICHAJE_INCOMPLETO',
  'RESUMEN_JORNADA',
  'CORRECCION_FICHAJE',
] as const;

export type CodigoTipoNotificacion = (typeof CODIGOS_TIPO_NOTIFICACION)[number];
