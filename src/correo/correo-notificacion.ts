import { TipoNotificacionId } from '../catalogs/tipo-notificacion.entity.js';
import { maquetarCorreo } from './maqueta-correo.js';
import type { MensajeCorreo } from './mensaje-correo.js';
import { PLANTILLAS_CORREO } from './plantillas-correo.js';

/** What an in-app notification says to its recipient: the e-mail repeats it and adds nothing else about anyone. */
export interface NotificacionParaCorreo {
  tipo: TipoNotificacionId;
  titulo: string;
  mensaje: string;
  id_solicitud: number | null;
}

export interface Destinatario {
  nombre: string;
  correo: string;
}

/** Where the portal (the SPA) shows what the notification is about. */
function rutaEnElPortal(notificacion: NotificacionParaCorreo): string {
  if (notificacion.id_solicitud !== null) return `/solicitudes/${notificacion.id_solicitud}`;
  switch (notificacion.tipo) {
    case TipoNotificacionId.Documento:
      return '/documentos';
    case TipoNotificacionId.Comunicado:
      return '/comunicados';
    case TipoNotificacionId.FichajeIncompleto:
    case TipoNotificacionId.ResumenJornada:
      return '/fichajes';
    default:
      return '/notificaciones';
  }
}

const PIE = 'Recibes este correo porque tienes activados los avisos por correo de este tipo. Puedes cambiarlo en Preferencias de notificación del portal.';

/**
 * The e-mail for one notification, in Spanish, as HTML and plain text: its title as the subject, the
 * type's opening sentence, the notification's text and a link to where the portal shows it. Only what
 * the recipient can already read in the portal goes in; every name and text is escaped in the HTML.
 */
export function correoDeNotificacion(notificacion: NotificacionParaCorreo, destinatario: Destinatario, appBaseUrl: string, messageId: string): MensajeCorreo {
  const { entradilla, accion } = PLANTILLAS_CORREO[notificacion.tipo];
  const enlace = `${appBaseUrl.replace(/\/+$/, '')}${rutaEnElPortal(notificacion)}`;
  const { texto, html } = maquetarCorreo({
    titulo: notificacion.titulo,
    nombre: destinatario.nombre,
    parrafos: [entradilla, notificacion.mensaje],
    accion,
    enlace,
    pie: PIE,
  });
  return { para: destinatario.correo, asunto: notificacion.titulo, texto, html, messageId };
}
