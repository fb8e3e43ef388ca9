import { Comunicado } from '../comunicados/entities/comunicado.entity.js';
import { DiaFestivo } from '../dias-festivos/entities/dia-festivo.entity.js';
import { Documento } from '../documentos/entities/documento.entity.js';
import { Empleado } from '../empleados/entities/empleado.entity.js';
import { HistorialEmpleado } from '../empleados/entities/historial-empleado.entity.js';
import { Rol } from '../catalogs/rol.entity.js';
import { Vacaciones } from '../empleados/entities/vacaciones.entity.js';
import { DeduccionVacaciones } from '../empleados/entities/deduccion-vacaciones.entity.js';
import { Notificacion } from '../notificaciones/entities/notificacion.entity.js';
import { PreferenciaNotificacion } from '../notificaciones/entities/preferencia-notificacion.entity.js';
import { TipoNotificacion } from '../catalogs/tipo-notificacion.entity.js';
import { ActualizacionPerfil } from '../solicitudes/entities/actualizacion-perfil.entity.js';
import { EstadoSolicitud } from '../catalogs/estado-solicitud.entity.js';
import { HistorialSolicitud } from '../solicitudes/entities/historial-solicitud.entity.js';
import { Solicitud } from '../solicitudes/entities/solicitud.entity.js';
import { TipoSolicitud } from '../catalogs/tipo-solicitud.entity.js';
import { Archivo } from '../uploads/entities/archivo.entity.js';
import { EmpleadoScim } from '../scim/entities/empleado-scim.entity.js';
import { Delegacion } from '../delegaciones/entities/delegacion.entity.js';
import { CentroTrabajo } from '../centros-trabajo/entities/centro-trabajo.entity.js';
import { Jornada } from '../jornadas/entities/jornada.entity.js';
import { EmpleadoJornada } from '../jornadas/entities/empleado-jornada.entity.js';
import { Fichaje } from '../fichajes/entities/fichaje.entity.js';
import { Webhook } from '../webhooks/entities/webhook.entity.js';

export const entities = [
  Rol,
  CentroTrabajo,
  Jornada,
  Empleado,
  EmpleadoJornada,
  Vacaciones,
  DeduccionVacaciones,
  HistorialEmpleado,
  TipoSolicitud,
  EstadoSolicitud,
  Solicitud,
  ActualizacionPerfil,
  HistorialSolicitud,
  DiaFestivo,
  TipoNotificacion,
  Notificacion,
  PreferenciaNotificacion,
  Comunicado,
  Documento,
  Archivo,
  EmpleadoScim,
  Delegacion,
  Fichaje,
  Webhook,
];
