/** What a webhook may subscribe to: `<what>.<what happened to it>`. */
export const TIPOS_EVENTO = [
  'solicitud.creada',
  'solicitud.aprobada',
  'solicitud.rechazada',
  'solicitud.cancelada',
  'comunicado.publicado',
  'documento.publicado',
  'empleado.alta',
  'empleado.baja',
  'fichaje.registrado',
  'fichaje.corregido',
] as const;
export type TipoEvento = (typeof TIPOS_EVENTO)[number];

/**
 * Ids, codes and states only: never a name, an address, a title or a comment. A receiver that needs
 * more asks the API with its own credentials, and gets only what those allow.
 */
export type DatosEvento = Record<string, string | number | null>;

/** The body of a `standard` delivery. */
export interface EventoWebhook {
  type: TipoEvento;
  /** When the change was made (ISO 8601, UTC). */
  timestamp: string;
  data: DatosEvento;
}
