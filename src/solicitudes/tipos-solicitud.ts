import { fechaEnFrase } from '../common/calendar-date.js';
import { TipoSolicitudId } from '../catalogs/tipo-solicitud.entity.js';

/** How each type is named inside Spanish sentences ("tu solicitud de …"). */
export const TIPO_EN_FRASE: Readonly<Record<TipoSolicitudId, string>> = {
  [TipoSolicitudId.Vacaciones]: 'vacaciones',
  [TipoSolicitudId.Permiso]: 'permiso',
  [TipoSolicitudId.Ausencia]: 'ausencia',
  [TipoSolicitudId.Teletrabajo]: 'teletrabajo',
  [TipoSolicitudId.ActualizacionPerfil]: 'actualización de perfil',
  [TipoSolicitudId.CorreccionFichaje]: 'corrección de fichaje',
};

export interface TipoConFechas {
  id: TipoSolicitudId.Vacaciones | TipoSolicitudId.Permiso | TipoSolicitudId.Ausencia | TipoSolicitudId.Teletrabajo;
  /** How many days before today the request may start: absences are reported afterwards. */
  diasAtrasPermitidos: number;
}

export const VACACIONES: TipoConFechas = { id: TipoSolicitudId.Vacaciones, diasAtrasPermitidos: 0 };
export const PERMISO: TipoConFechas = { id: TipoSolicitudId.Permiso, diasAtrasPermitidos: 0 };
export const AUSENCIA: TipoConFechas = { id: TipoSolicitudId.Ausencia, diasAtrasPermitidos: 30 };
export const TELETRABAJO: TipoConFechas = { id: TipoSolicitudId.Teletrabajo, diasAtrasPermitidos: 0 };

export function creadaMensaje(tipo: TipoSolicitudId): string {
  return `Solicitud de ${TIPO_EN_FRASE[tipo]} creada correctamente.`;
}

/** ` del 21/12/2026 al 24/12/2026` for a request with dates (` del 21/12/2026` for one day), as they read in Spanish; empty without. */
export function fechasEnFrase(solicitud: { fecha_inicio: string | null; fecha_fin: string | null }): string {
  const { fecha_inicio: inicio, fecha_fin: fin } = solicitud;
  if (!inicio) return '';
  return !fin || fin === inicio ? ` del ${fechaEnFrase(inicio)}` : ` del ${fechaEnFrase(inicio)} al ${fechaEnFrase(fin)}`;
}
