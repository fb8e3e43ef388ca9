import type { FormatoWebhook } from './entities/webhook.entity.js';
import type { EventoWebhook, TipoEvento } from './eventos-webhook.js';

const TITULOS: Record<TipoEvento, string> = {
  'solicitud.creada': 'Nueva solicitud',
  'solicitud.aprobada': 'Solicitud aprobada',
  'solicitud.rechazada': 'Solicitud rechazada',
  'solicitud.cancelada': 'Solicitud cancelada',
  'comunicado.publicado': 'Comunicado publicado',
  'documento.publicado': 'Documento publicado',
  'empleado.alta': 'Alta de empleado',
  'empleado.baja': 'Baja de empleado',
  'fichaje.registrado': 'Fichaje registrado',
  'fichaje.corregido': 'Fichaje corregido',
};

/** Where the portal shows what the event is about. */
function rutaEnElPortal(evento: EventoWebhook): string {
  if (evento.data.id_solicitud !== undefined && evento.data.id_solicitud !== null) return `/solicitudes/${evento.data.id_solicitud}`;
  switch (evento.type.split('.')[0]) {
    case 'comunicado':
      return '/comunicados';
    case 'documento':
      return '/documentos';
    case 'fichaje':
      return '/fichajes';
    default:
      return '/';
  }
}

/**
 * What Microsoft Teams' Workflows trigger "When a Teams webhook request is received" takes: a message
 * with one Adaptive Card (1.4, the version Teams renders), with the event, its ids and states, and a link.
 */
export function mensajeTeams(evento: EventoWebhook, appBaseUrl: string) {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: TITULOS[evento.type], weight: 'Bolder', size: 'Medium', wrap: true },
            {
              type: 'FactSet',
              facts: [
                { title: 'Evento', value: evento.type },
                ...Object.entries(evento.data).map(([title, value]) => ({ title, value: value === null ? '—' : String(value) })),
                { title: 'Fecha', value: evento.timestamp },
              ],
            },
          ],
          actions: [{ type: 'Action.OpenUrl', title: 'Abrir en el portal', url: `${appBaseUrl}${rutaEnElPortal(evento)}` }],
        },
      },
    ],
  };
}

/** The JSON text a delivery sends and signs. */
export function cuerpoWebhook(formato: FormatoWebhook, evento: EventoWebhook, appBaseUrl: string): string {
  return JSON.stringify(formato === 'teams' ? mensajeTeams(evento, appBaseUrl) : evento);
}
