import { InitialSchema1763683200000 } from './1763683200000-initial-schema.js';
import { SolicitudesYNotificaciones1763769600000 } from './1763769600000-solicitudes-y-notificaciones.js';
import { ComunicadosDocumentosTareas1763856000000 } from './1763856000000-comunicados-documentos-tareas.js';
import { ColumnasDeBusqueda1763942400000 } from './1763942400000-columnas-de-busqueda.js';
import { HistorialEmpleado1764028800000 } from './1764028800000-historial-empleado.js';
import { Archivos1764115200000 } from './1764115200000-archivos.js';
import { AprovisionamientoScim1764201600000 } from './1764201600000-aprovisionamiento-scim.js';
import { Delegaciones1764288000000 } from './1764288000000-delegaciones.js';
import { Responsable1764374400000 } from './1764374400000-responsable.js';
import { CancelacionDeVacaciones1764460800000 } from './1764460800000-cancelacion-de-vacaciones.js';
import { Aprobaciones1764547200000 } from './1764547200000-aprobaciones.js';
import { MediosDiasYHoras1764633600000 } from './1764633600000-medios-dias-y-horas.js';
import { DiasPorAnio1764720000000 } from './1764720000000-dias-por-anio.js';
import { Calendario1764806400000 } from './1764806400000-calendario.js';
import { AccesosDeDesactivados1764892800000 } from './1764892800000-accesos-de-desactivados.js';
import { CentrosDeTrabajo1764979200000 } from './1764979200000-centros-de-trabajo.js';
import { FestivosPorAmbito1765065600000 } from './1765065600000-festivos-por-ambito.js';
import { Jornadas1765152000000 } from './1765152000000-jornadas.js';
import { Recalculo1765238400000 } from './1765238400000-recalculo.js';
import { NotificacionesPorSolicitud1765324800000 } from './1765324800000-notificaciones-por-solicitud.js';
import { Fichajes1765411200000 } from './1765411200000-fichajes.js';
import { JornadasIncompletas1765497600000 } from './1765497600000-jornadas-incompletas.js';
import { ResumenJornada1765584000000 } from './1765584000000-resumen-jornada.js';
import { Representantes1765670400000 } from './1765670400000-representantes.js';
import { CorreccionesDeFichaje1765756800000 } from './1765756800000-correcciones-de-fichaje.js';
import { AccesosInspeccion1765843200000 } from './1765843200000-accesos-inspeccion.js';
import { PreferenciasNotificacion1765929600000 } from './1765929600000-preferencias-notificacion.js';
import { Webhooks1766016000000 } from './1766016000000-webhooks.js';
import { ResumenDiario1766102400000 } from './1766102400000-resumen-diario.js';
import { Privacidad1766188800000 } from './1766188800000-privacidad.js';
import { ConsultasBloqueados1766448000000 } from './1766448000000-consultas-bloqueados.js';
import { BloqueoYPurga1766534400000 } from './1766534400000-bloqueo-y-purga.js';

/** Every migration, oldest first. Listed explicitly: globs do not work reliably under ESM. */
export const migrations = [
  InitialSchema1763683200000,
  SolicitudesYNotificaciones1763769600000,
  ComunicadosDocumentosTareas1763856000000,
  ColumnasDeBusqueda1763942400000,
  HistorialEmpleado1764028800000,
  Archivos1764115200000,
  AprovisionamientoScim1764201600000,
  Delegaciones1764288000000,
  Responsable1764374400000,
  CancelacionDeVacaciones1764460800000,
  Aprobaciones1764547200000,
  MediosDiasYHoras1764633600000,
  DiasPorAnio1764720000000,
  Calendario1764806400000,
  AccesosDeDesactivados1764892800000,
  CentrosDeTrabajo1764979200000,
  FestivosPorAmbito1765065600000,
  Jornadas1765152000000,
  Recalculo1765238400000,
  NotificacionesPorSolicitud1765324800000,
  Fichajes1765411200000,
  JornadasIncompletas1765497600000,
  ResumenJornada1765584000000,
  Representantes1765670400000,
  CorreccionesDeFichaje1765756800000,
  AccesosInspeccion1765843200000,
  PreferenciasNotificacion1765929600000,
  Webhooks1766016000000,
  ResumenDiario1766102400000,
  Privacidad1766188800000,
  ConsultasBloqueados1766448000000,
  BloqueoYPurga1766534400000,
];
