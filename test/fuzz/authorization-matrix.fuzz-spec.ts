import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { RolId } from '../../src/catalogs/rol.entity.js';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { FILE_STORAGE, type FileStorage } from '../../src/uploads/storage/file-storage.js';
import { insertComunicado } from '../support/comunicado.factory.js';
import { insertDelegacion } from '../support/delegacion.factory.js';
import { insertAccesoInspeccion } from '../support/registro.factory.js';
import { insertCorreccion } from '../support/correccion.factory.js';
import { addDays, currentYear, mondayInWeeks, today } from '../support/dates.js';
import { NotificacionFactory } from '../support/notificacion.factory.js';
import { insertSolicitud, insertVacacionAprobada } from '../support/solicitud.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { png } from '../support/upload-fixtures.js';
import { AUTHENTICATION_REQUIRED, INVALID_TOKEN, ROLE_FORBIDDEN, UNKNOWN_USER } from './support/api-bodies.js';
import { describeOperation, operationsOf } from './support/openapi-operations.js';

type Outcome = number | { status: number; body: object };

/** Rows made fresh for every cell, so no call depends on another's leftovers. */
interface Fixture {
  /** Pending, the caller's own (another employee's when the caller has no employee). */
  solicitudPropia: number;
  /** Pending, another employee's. */
  solicitudAjena: number;
  /** Canceled, another employee's: hidden from Admins as in the list. */
  canceladaAjena: number;
  /** Canceled, the caller's own. */
  canceladaPropia: number;
  /** An approved vacation not yet begun, the caller's own: cancelar opens its cancellation. */
  aprobadaPropia: number;
  /** An approved vacation of another employee whose cancellation is pending. */
  cancelacionAjena: number;
  /** An approved vacation of the caller whose cancellation is pending. */
  cancelacionPropia: number;
  comunicado: number;
  diaFestivo: number;
  /** A work centre nobody uses, made for this cell alone. */
  centroTrabajo: number;
  /** A working schedule nobody is assigned, made for this cell alone. */
  jornada: number;
  /** A schedule assignment of `otro`, made for this cell alone. */
  asignacionJornada: number;
  /** A day no assignment of `otro` starts on yet. */
  desdeLibre: string;
  documentoAjeno: number;
  notificacionPropia: number;
  /** An e-mail delivery id no job has. */
  envioInexistente: string;
  /** A webhook made for this cell alone. */
  webhook: number;
  otro: number;
  /** An employee made for this cell alone, free to be promoted. */
  empleadoNuevo: number;
  /** Another Admin: only a Super Admin changes them. */
  adminAjeno: number;
  /** The caller's own employee record (another employee's when the caller has no employee). */
  propio: number;
  anio: number;
  /** An announcement file in storage, and its folder. */
  carpetaPublica: string;
  archivoPublico: string;
  /** A date no holiday has yet. */
  fechaLibre: string;
  /** Given by the caller (by another employee when the caller has none) to `otro`. */
  delegacionPropia: number;
  /** Given by another employee to the caller (to `otro` when the caller has none). */
  delegacionRecibida: number;
  /** An Inspectorate's access, active, made for this cell alone. */
  accesoInspeccion: number;
  /** A past day of this cell alone (within the four years a correction reaches): no correction of `otro` pending on it. */
  diaPasado: string;
  /** A correction of the caller's register (of `otro` when the caller has none) proposed by the company: the owner answers it. */
  propuestaEmpresaPropia: number;
  /** A correction of `otro`'s register proposed by the company: nobody but `otro` answers it. */
  propuestaEmpresaAjena: number;
  /** An employee who has left, made for this cell alone. */
  antiguo: number;
  /** A blocked-data view of `otro` opened by the caller (by `delegante` when the caller has none). */
  consultaPropia: number;
}

interface MatrixRow {
  /** Method and path; `{name}` is a Fixture field. */
  call: string;
  /** Empleado, Admin, Super Admin, valid token with an unknown oid, no token. */
  expected: [Outcome, Outcome, Outcome, Outcome, Outcome];
  /** A workers' representative: an Empleado everywhere (so, left out, the Empleado's outcome) but where this says. */
  representante?: Outcome;
  body?: (fixture: Fixture) => object;
  /** A multipart upload of a small PNG. */
  upload?: boolean;
  /** A text/csv body. */
  csv?: (fixture: Fixture) => string;
}

const CALLERS = ['Empleado', 'Admin', 'Super Admin', 'oid desconocido', 'sin token', 'Representante'] as const;
type Caller = (typeof CALLERS)[number];
/** A row's outcome for each of CALLERS. */
const outcomesOf = (row: MatrixRow): Outcome[] => [...row.expected, row.representante ?? row.expected[0]];

const OK = 200;
const CREADO = 201;
const NO_CONTENT = 204;
const ROL: Outcome = { status: 403, body: ROLE_FORBIDDEN };
const DESCONOCIDO: Outcome = { status: 403, body: UNKNOWN_USER };
const SIN_TOKEN: Outcome = { status: 401, body: INVALID_TOKEN };
/** Same body as ROL, but decided by the service after validating the query, not by the role guard. */
const AJENOS: Outcome = { status: 403, body: ROLE_FORBIDDEN };
const NO_EXISTE: Outcome = { status: 404, body: { success: false, message: 'La solicitud no existe.', code: 'solicitud_no_encontrada' } };
/** The feed needs no token: every caller gets the same 404 for a key that does not exist. */
const ENLACE_NO_EXISTE: Outcome = { status: 404, body: { success: false, message: 'El enlace de calendario no existe.', code: 'enlace_no_encontrado' } };
/** The Inspectorate's URL needs no token either: the same 404 for a key that opens no access. */
const ACCESO_NO_VIGENTE: Outcome = { status: 404, body: { success: false, message: 'El acceso de inspección no existe o ya no está vigente.', code: 'acceso_no_encontrado' } };
const SOLO_PROPIETARIO: Outcome = {
  status: 403,
  body: { success: false, message: 'Solo quien creó la solicitud puede cancelarla.', code: 'solo_el_propietario' },
};
const SOLO_SUPER: Outcome = {
  status: 403,
  body: {
    success: false,
    message: 'Solo un Super Administrador puede asignar roles de administración o modificar a otros administradores.',
    code: 'solo_super_administrador',
  },
};
const ENVIO_NO_EXISTE: Outcome = { status: 404, body: { success: false, message: 'Envío no encontrado.', code: 'envio_no_encontrado' } };
const DELEGACION_NO_EXISTE: Outcome = { status: 404, body: { success: false, message: 'La delegación no existe.', code: 'delegacion_no_encontrada' } };
const SOBRE_SI_MISMO: Outcome = {
  status: 409,
  body: { success: false, message: 'No puedes cambiar tu propio rol, desactivarte ni asignarte vacaciones.', code: 'operacion_sobre_si_mismo' },
};
const PROPIA: Outcome = {
  status: 403,
  body: { success: false, message: 'No puedes aprobar ni rechazar tus propias solicitudes.', code: 'auto_aprobacion_no_permitida' },
};

const SOLO_TUS_DATOS: Outcome = { status: 403, body: { success: false, message: 'Solo puedes pedir la supresión de tus propios datos.', code: 'solo_tus_datos' } };
const EN_ACTIVO: Outcome = {
  status: 409,
  body: { success: false, message: 'Un empleado en activo pide la supresión de sus datos él mismo; en su nombre solo se pide tras la baja.', code: 'empleado_en_activo' },
};

const ARCHIVO_PUBLICO = '1764000000000-cartel.png';

const fechas = (weeks: number) => () => ({ fecha_inicio: mondayInWeeks(weeks), fecha_fin: mondayInWeeks(weeks) });
/** The `n`th day after 1 January of `anio`: each cell's own date. */
const diaDe = (anio: number, n: number) => new Date(Date.UTC(anio, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
/** A correction of `fecha` worked 08:00–16:00 UTC, for `id_empleado` when given. */
const correccion = (fecha: string, id_empleado?: number) => ({
  fecha,
  fichajes: [
    { tipo: 'entrada', instante: `${fecha}T08:00:00Z` },
    { tipo: 'salida', instante: `${fecha}T16:00:00Z` },
  ],
  motivo: 'Olvidé fichar la salida.',
  ...(id_empleado === undefined ? {} : { id_empleado }),
});
const nuevoEmpleado = (id_rol: number) => () => ({ correo: `${randomUUID()}@example.com`, nombre: 'Persona Nueva', idp_oid: randomUUID(), id_rol });

// prettier-ignore
const MATRIX: MatrixRow[] = [
  //  call                                                          Empleado   Admin             Super Admin       oid desconocido  sin token
  { call: 'GET /api/health',                                        expected: [OK,        OK,               OK,               OK,              OK] },
  { call: 'GET /api/health/ready',                                  expected: [OK,        OK,               OK,               OK,              OK] },
  { call: 'GET /uploads/{carpetaPublica}/{archivoPublico}',         expected: [OK,        OK,               OK,               OK,              OK] },
  { call: 'GET /api/empleados/me',                                  expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/empleados/me/vacaciones',                       expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/empleados/me/perfil',                           expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/empleados',                                     expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'POST /api/empleados',                                    expected: [ROL,       CREADO,           CREADO,           DESCONOCIDO,     SIN_TOKEN], body: nuevoEmpleado(1) },
  { call: 'POST /api/empleados?rol=administrador',                  expected: [ROL,       SOLO_SUPER,       CREADO,           DESCONOCIDO,     SIN_TOKEN], body: nuevoEmpleado(2) },
  { call: 'GET /api/empleados/{otro}',                              expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'PUT /api/empleados/{otro}',                              expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN], body: () => ({ telefono: '+34 600 555 000' }) },
  { call: 'PUT /api/empleados/{empleadoNuevo}?cambio=rol',          expected: [ROL,       SOLO_SUPER,       OK,               DESCONOCIDO,     SIN_TOKEN], body: () => ({ id_rol: 2 }) },
  { call: 'PUT /api/empleados/{empleadoNuevo}?cambio=representante', expected: [ROL,   SOLO_SUPER,       OK,               DESCONOCIDO,     SIN_TOKEN], body: () => ({ id_rol: 4 }) },
  { call: 'PUT /api/empleados/{adminAjeno}',                        expected: [ROL,       SOLO_SUPER,       OK,               DESCONOCIDO,     SIN_TOKEN], body: () => ({ activo: false }) },
  { call: 'PUT /api/empleados/{propio}?cambio=rol',                 expected: [ROL,       SOBRE_SI_MISMO,   SOBRE_SI_MISMO,   DESCONOCIDO,     SIN_TOKEN], body: () => ({ id_rol: 1 }) },
  { call: 'PUT /api/empleados/{propio}?cambio=activo',              expected: [ROL,       SOBRE_SI_MISMO,   SOBRE_SI_MISMO,   DESCONOCIDO,     SIN_TOKEN], body: () => ({ activo: false }) },
  { call: 'PUT /api/empleados/{otro}/vacaciones/{anio}',            expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN], body: () => ({ dias_asignados: 22, prorrateo: true }) },
  { call: 'PUT /api/empleados/{adminAjeno}/vacaciones/{anio}',       expected: [ROL,       SOLO_SUPER,       OK,               DESCONOCIDO,     SIN_TOKEN], body: () => ({ dias_asignados: 22 }) },
  { call: 'PUT /api/empleados/{propio}/vacaciones/{anio}',          expected: [ROL,       SOBRE_SI_MISMO,   SOBRE_SI_MISMO,   DESCONOCIDO,     SIN_TOKEN], body: () => ({ dias_asignados: 30 }) },
  { call: 'GET /api/empleados/{otro}/historial',                    expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/empleados/me/datos',                            expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/empleados/{otro}/datos',                        expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/solicitudes',                                   expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/solicitudes/admin/pendientes',                  expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/solicitudes/equipo/pendientes',                 expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/solicitudes/{solicitudPropia}',                 expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/solicitudes/{solicitudAjena}',                  expected: [NO_EXISTE, OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/solicitudes/{canceladaAjena}',                  expected: [NO_EXISTE, NO_EXISTE,        OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/solicitudes/{canceladaPropia}',                 expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/solicitudes/{canceladaAjena}/historial',        expected: [NO_EXISTE, NO_EXISTE,        OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/solicitudes/{solicitudPropia}/historial',       expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/solicitudes/{solicitudAjena}/historial',        expected: [NO_EXISTE, OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'POST /api/solicitudes/vacaciones',                       expected: [CREADO,    CREADO,           CREADO,           DESCONOCIDO,     SIN_TOKEN], body: fechas(3) },
  { call: 'POST /api/solicitudes/permisos',                         expected: [CREADO,    CREADO,           CREADO,           DESCONOCIDO,     SIN_TOKEN], body: fechas(4) },
  { call: 'POST /api/solicitudes/ausencias',                        expected: [CREADO,    CREADO,           CREADO,           DESCONOCIDO,     SIN_TOKEN], body: fechas(5) },
  { call: 'POST /api/solicitudes/teletrabajo',                      expected: [CREADO,    CREADO,           CREADO,           DESCONOCIDO,     SIN_TOKEN], body: fechas(6) },
  { call: 'POST /api/solicitudes/actualizacion-perfil',             expected: [CREADO,    CREADO,           CREADO,           DESCONOCIDO,     SIN_TOKEN], body: () => ({ telefono: '+34 600 123 456' }) },
  { call: 'PUT /api/solicitudes/{solicitudPropia}/cancelar',        expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN], body: () => ({}) },
  { call: 'PUT /api/solicitudes/{solicitudAjena}/cancelar',         expected: [NO_EXISTE, SOLO_PROPIETARIO, SOLO_PROPIETARIO, DESCONOCIDO,     SIN_TOKEN], body: () => ({}) },
  { call: 'PUT /api/solicitudes/{solicitudAjena}/aprobar',          expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN], body: () => ({ comentario: 'Adelante.' }) },
  { call: 'PUT /api/solicitudes/{solicitudPropia}/aprobar',         expected: [ROL,       PROPIA,           PROPIA,           DESCONOCIDO,     SIN_TOKEN], body: () => ({}) },
  { call: 'PUT /api/solicitudes/{solicitudAjena}/rechazar',         expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN], body: () => ({ comentario: 'No puede ser.' }) },
  { call: 'PUT /api/solicitudes/{solicitudPropia}/rechazar',        expected: [ROL,       PROPIA,           PROPIA,           DESCONOCIDO,     SIN_TOKEN], body: () => ({}) },
  { call: 'PUT /api/solicitudes/{aprobadaPropia}/cancelar',         expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN], body: () => ({}) },
  { call: 'PUT /api/solicitudes/{cancelacionAjena}/aprobar',        expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN], body: () => ({}) },
  { call: 'PUT /api/solicitudes/{cancelacionPropia}/aprobar',       expected: [ROL,       PROPIA,           PROPIA,           DESCONOCIDO,     SIN_TOKEN], body: () => ({}) },
  { call: 'PUT /api/solicitudes/{cancelacionAjena}/rechazar',       expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN], body: () => ({}) },
  { call: 'GET /api/comunicados',                                   expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/comunicados/{comunicado}',                      expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/comunicados/admin',                             expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'POST /api/comunicados/admin',                            expected: [ROL,       CREADO,           CREADO,           DESCONOCIDO,     SIN_TOKEN], body: () => ({ titulo: 'Cierre', contenido: 'La oficina cierra.' }) },
  { call: 'PUT /api/comunicados/admin/{comunicado}',                expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN], body: () => ({ titulo: 'Nuevo título' }) },
  { call: 'PUT /api/comunicados/admin/{comunicado}/desactivar',     expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'DELETE /api/comunicados/admin/{comunicado}',             expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/notificaciones',                                expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/admin/envios',                                  expected: [ROL,       ROL,              OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'POST /api/admin/envios/{envioInexistente}/reintentar',   expected: [ROL,       ROL,              ENVIO_NO_EXISTE,  DESCONOCIDO,     SIN_TOKEN] },
  { call: 'POST /api/webhooks',                                     expected: [ROL,       ROL,              CREADO,           DESCONOCIDO,     SIN_TOKEN], body: () => ({ url: 'https://hooks.example.com/ess', eventos: ['fichaje.corregido'] }) },
  { call: 'GET /api/webhooks',                                      expected: [ROL,       ROL,              OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'DELETE /api/webhooks/{webhook}',                         expected: [ROL,       ROL,              OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/notificaciones/preferencias',                   expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'PUT /api/notificaciones/preferencias',                   expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN], body: () => ({ preferencias: [{ tipo: 'COMUNICADO', correo: true }] }) },
  { call: 'PUT /api/notificaciones/leer',                           expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN], body: (f) => ({ ids: [f.notificacionPropia] }) },
  { call: 'GET /api/dias-festivos',                                 expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'POST /api/dias-festivos',                                expected: [ROL,       CREADO,           CREADO,           DESCONOCIDO,     SIN_TOKEN], body: (f) => ({ fecha: f.fechaLibre, nombre: 'Fiesta local' }) },
  { call: 'GET /api/dias-festivos?todos=true',                      expected: [AJENOS,    OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/dias-festivos?id_centro_trabajo={centroTrabajo}', expected: [AJENOS,  OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/dias-festivos?comunidad_autonoma=ES-CT',        expected: [AJENOS,    OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'POST /api/dias-festivos?ambito=local',                   expected: [ROL,       CREADO,           CREADO,           DESCONOCIDO,     SIN_TOKEN], body: (f) => ({ fecha: f.fechaLibre, nombre: 'Fiesta local', ambito: 'local', id_centro_trabajo: f.centroTrabajo }) },
  { call: 'POST /api/dias-festivos?ambito=autonomico',              expected: [ROL,       CREADO,           CREADO,           DESCONOCIDO,     SIN_TOKEN], body: (f) => ({ fecha: f.fechaLibre, nombre: 'Sant Joan', ambito: 'autonomico', comunidad_autonoma: 'ES-CT' }) },
  { call: 'POST /api/dias-festivos/importar',                       expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN], body: () => ({ anio: 2099, comunidad_autonoma: 'ES-AN' }) },
  { call: 'PUT /api/dias-festivos/{diaFestivo}',                    expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN], body: (f) => ({ fecha: f.fechaLibre, nombre: 'Fiesta movida' }) },
  { call: 'POST /api/dias-festivos/csv',                            expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN], csv: (f) => `fecha,nombre\n${f.fechaLibre},Fiesta del archivo\n` },
  { call: 'DELETE /api/dias-festivos/{diaFestivo}',                 expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/centros-trabajo',                               expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/centros-trabajo/{centroTrabajo}',               expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'POST /api/centros-trabajo',                              expected: [ROL,       CREADO,           CREADO,           DESCONOCIDO,     SIN_TOKEN], body: () => ({ nombre: 'Oficina', codigo: randomUUID().slice(0, 8), comunidad_autonoma: 'ES-GA' }) },
  { call: 'PUT /api/centros-trabajo/{centroTrabajo}',               expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN], body: () => ({ localidad: 'Vigo' }) },
  { call: 'DELETE /api/centros-trabajo/{centroTrabajo}',            expected: [ROL,       NO_CONTENT,       NO_CONTENT,       DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/jornadas',                                      expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/jornadas/{jornada}',                            expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'POST /api/jornadas',                                     expected: [ROL,       CREADO,           CREADO,           DESCONOCIDO,     SIN_TOKEN], body: () => ({ nombre: `Jornada ${randomUUID().slice(0, 8)}`, horas: [8, 8, 8, 0, 0, 0, 0] }) },
  { call: 'PUT /api/jornadas/{jornada}',                            expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN], body: () => ({ horas: [7, 7, 7, 7, 7, 0, 0] }) },
  { call: 'DELETE /api/jornadas/{jornada}',                         expected: [ROL,       NO_CONTENT,       NO_CONTENT,       DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/empleados/me/jornadas',                         expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/empleados/me/accesos',                          expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/empleados/{otro}/jornadas',                     expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'POST /api/empleados/{otro}/jornadas',                    expected: [ROL,       CREADO,           CREADO,           DESCONOCIDO,     SIN_TOKEN], body: (f) => ({ id_jornada: f.jornada, desde: f.desdeLibre }) },
  { call: 'POST /api/empleados/{adminAjeno}/jornadas',              expected: [ROL,       SOLO_SUPER,       CREADO,           DESCONOCIDO,     SIN_TOKEN], body: (f) => ({ id_jornada: f.jornada, desde: f.desdeLibre }) },
  { call: 'DELETE /api/empleados/{otro}/jornadas/{asignacionJornada}', expected: [ROL,    NO_CONTENT,       NO_CONTENT,       DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/documentos',                                    expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/documentos?id_empleado={otro}',                 expected: [AJENOS,    OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'POST /api/documentos',                                   expected: [ROL,       CREADO,           CREADO,           DESCONOCIDO,     SIN_TOKEN], body: (f) => ({ id_empleado: f.otro, titulo: 'Nómina', url: 'http://localhost:3000/uploads/documentos/1-nomina.pdf' }) },
  { call: 'DELETE /api/documentos/{documentoAjeno}',                expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/delegaciones',                                  expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'POST /api/delegaciones',                                 expected: [ROL,       CREADO,           CREADO,           DESCONOCIDO,     SIN_TOKEN], body: (f) => ({ id_delegado: f.otro, desde: f.fechaLibre, hasta: f.fechaLibre }) },
  { call: 'DELETE /api/delegaciones/{delegacionPropia}',            expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'DELETE /api/delegaciones/{delegacionRecibida}',          expected: [DELEGACION_NO_EXISTE, OK,    OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/calendario?desde={fechaLibre}&hasta={fechaLibre}', expected: [OK,     OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'POST /api/calendario/enlace',                            expected: [CREADO,    CREADO,           CREADO,           DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/calendario.ics?clave=desconocida',              expected: [ENLACE_NO_EXISTE, ENLACE_NO_EXISTE, ENLACE_NO_EXISTE, ENLACE_NO_EXISTE, ENLACE_NO_EXISTE] },
  { call: 'GET /api/fichajes/exportacion?desde={fechaLibre}&hasta={fechaLibre}', expected: [ROL, OK,     OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'POST /api/fichajes/accesos-inspeccion',                  expected: [ROL,       CREADO,           CREADO,           DESCONOCIDO,     SIN_TOKEN], body: (f) => ({ desde: f.fechaLibre, hasta: f.fechaLibre, caduca: new Date(Date.now() + 86_400_000).toISOString(), descripcion: 'Inspección' }) },
  { call: 'GET /api/fichajes/accesos-inspeccion',                   expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'DELETE /api/fichajes/accesos-inspeccion/{accesoInspeccion}', expected: [ROL,  OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/inspeccion/registro?clave=desconocida',         expected: [ACCESO_NO_VIGENTE, ACCESO_NO_VIGENTE, ACCESO_NO_VIGENTE, ACCESO_NO_VIGENTE, ACCESO_NO_VIGENTE] },
  { call: 'POST /api/fichajes',                                     expected: [CREADO,    CREADO,           CREADO,           DESCONOCIDO,     SIN_TOKEN], body: () => ({ tipo: 'entrada' }) },
  { call: 'GET /api/fichajes/hoy',                                  expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/fichajes?desde={fechaLibre}&hasta={fechaLibre}',  expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/fichajes?id_empleado={otro}&desde={fechaLibre}&hasta={fechaLibre}', expected: [AJENOS, OK, OK,              DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/fichajes/verificacion?id_empleado={otro}&desde={fechaLibre}&hasta={fechaLibre}', expected: [ROL, OK,   OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/fichajes/resumen?mes=2025-06',                   expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/fichajes/resumen?id_empleado={otro}&mes=2025-06&formato=csv', expected: [AJENOS, OK,      OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'GET /api/fichajes/resumen-empresa?mes=2025-03',          expected: [ROL,       OK,               OK,               DESCONOCIDO,     SIN_TOKEN], representante: OK },
  { call: 'POST /api/solicitudes/correccion-fichaje',               expected: [CREADO,    CREADO,           CREADO,           DESCONOCIDO,     SIN_TOKEN], body: (f) => correccion(f.diaPasado) },
  { call: 'POST /api/solicitudes/correccion-fichaje?para=otro',     expected: [AJENOS,    CREADO,           CREADO,           DESCONOCIDO,     SIN_TOKEN], body: (f) => correccion(f.diaPasado, f.otro) },
  { call: 'PUT /api/solicitudes/{propuestaEmpresaPropia}/aprobar',  expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN], body: () => ({}) },
  { call: 'PUT /api/solicitudes/{propuestaEmpresaAjena}/aprobar',   expected: [ROL,       AJENOS,           AJENOS,           DESCONOCIDO,     SIN_TOKEN], body: () => ({}) },
  { call: 'PUT /api/solicitudes/{propuestaEmpresaPropia}/rechazar', expected: [OK,        OK,               OK,               DESCONOCIDO,     SIN_TOKEN], body: () => ({}) },
  { call: 'PUT /api/solicitudes/{propuestaEmpresaAjena}/rechazar',  expected: [ROL,       AJENOS,           AJENOS,           DESCONOCIDO,     SIN_TOKEN], body: () => ({}) },
  { call: 'POST /api/privacidad/supresion',                         expected: [CREADO,    CREADO,           CREADO,           DESCONOCIDO,     SIN_TOKEN], body: (f) => ({ id_empleado: f.propio }) },
  { call: 'POST /api/privacidad/supresion?para=otro',                expected: [SOLO_TUS_DATOS, EN_ACTIVO,    EN_ACTIVO,        DESCONOCIDO,     SIN_TOKEN], body: (f) => ({ id_empleado: f.otro }) },
  { call: 'POST /api/privacidad/supresion?para=antiguo',             expected: [SOLO_TUS_DATOS, CREADO,       CREADO,           DESCONOCIDO,     SIN_TOKEN], body: (f) => ({ id_empleado: f.antiguo }) },
  { call: 'GET /api/privacidad/registro',                            expected: [ROL,       ROL,              OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'POST /api/privacidad/bloqueados/consultas',               expected: [ROL,       ROL,              CREADO,           DESCONOCIDO,     SIN_TOKEN], body: (f) => ({ id_empleado: f.antiguo, motivo: 'Requerimiento judicial, autos 1/2026' }) },
  { call: 'GET /api/privacidad/bloqueados/consultas/{consultaPropia}', expected: [ROL,     ROL,              OK,               DESCONOCIDO,     SIN_TOKEN] },
  { call: 'POST /api/uploads/solicitud',                            expected: [CREADO,    CREADO,           CREADO,           DESCONOCIDO,     SIN_TOKEN], upload: true },
  { call: 'POST /api/uploads/comunicado',                           expected: [ROL,       CREADO,           CREADO,           DESCONOCIDO,     SIN_TOKEN], upload: true },
  { call: 'POST /api/uploads/documento',                            expected: [ROL,       CREADO,           CREADO,           DESCONOCIDO,     SIN_TOKEN], upload: true },
];

const statusOf = (outcome: Outcome) => (typeof outcome === 'number' ? outcome : outcome.status);
const methodOf = (row: MatrixRow) => row.call.split(' ')[0]!.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
const templateOf = (row: MatrixRow) => row.call.split(' ')[1]!;
/** `GET /api/solicitudes/{solicitudAjena}` → `GET /api/solicitudes/{id}`, as openapi.json names it. */
/** Fixture fields that openapi.json names otherwise than `{id}`. */
const OPENAPI_PARAMETER: Record<string, string> = { anio: '{anio}', carpetaPublica: '{folder}', archivoPublico: '{name}', asignacionJornada: '{idAsignacion}', envioInexistente: '{envio}' };
const operationOf = (row: MatrixRow) =>
  `${methodOf(row).toUpperCase()} ${templateOf(row).split('?')[0]!.replace(/\{(\w+)\}/g, (_, name: string) => OPENAPI_PARAMETER[name] ?? '{id}')}`;

describe('authorization matrix', () => {
  let t: TestApp;
  let otro: Empleado;
  /** Gives the delegations callers receive. */
  let delegante: Empleado;
  let notificaciones: NotificacionFactory;
  let festivos = 0;

  beforeAll(async () => {
    t = await startTestApp();
    notificaciones = new NotificacionFactory(t.db);
    otro = await t.factories.empleado({ nombre: 'Otra Persona' });
    delegante = await t.factories.admin({ nombre: 'Quien Delega' });
    await t.app.get<FileStorage>(FILE_STORAGE).create({ folder: 'comunicados', name: ARCHIVO_PUBLICO }, Readable.from([png()]), { contentType: 'image/png' });
    // The document every admin cell publishes for `otro` must be a registered upload in documentos, already theirs.
    const [{ id_archivo }] = await t.db.query(`INSERT INTO archivo (carpeta, nombre) VALUES ('documentos', '1-nomina.pdf') RETURNING id_archivo`);
    await t.db.query(`INSERT INTO documento (id_empleado, titulo, url, id_archivo) VALUES ($1, 'Nómina', 'http://localhost:3000/uploads/documentos/1-nomina.pdf', $2)`, [
      otro.id_empleado,
      id_archivo,
    ]);
  });
  afterAll(() => t.close());

  const year = () => currentYear();
  const employeeFor = (caller: Caller): Promise<Empleado | undefined> => {
    const vacaciones = { [year()]: { asignados: 22 }, [year() + 1]: { asignados: 22 } };
    if (caller === 'Empleado') return t.factories.empleado({ vacaciones });
    if (caller === 'Admin') return t.factories.admin({ vacaciones });
    if (caller === 'Super Admin') return t.factories.superAdmin({ vacaciones });
    if (caller === 'Representante') return t.factories.empleado({ vacaciones, idRol: RolId.Representante });
    return Promise.resolve(undefined);
  };

  const fixtureFor = async (caller: Empleado | undefined): Promise<Fixture> => {
    // Far from the weeks the creation rows book, so they never overlap.
    const far = { fechaInicio: mondayInWeeks(40), idTipo: 2 };
    const [documento]: { id_documento: number }[] = await t.db.query(
      `INSERT INTO documento (id_empleado, titulo, url) VALUES ($1, 'Contrato', 'http://localhost:3000/uploads/documentos/2-contrato.pdf') RETURNING id_documento`,
      [otro.id_empleado],
    );
    festivos += 1;
    const [festivo]: { id_dia_festivo: number }[] = await t.db.query(
      `INSERT INTO dia_festivo (fecha, nombre) VALUES (DATE '2040-01-01' + $1::int, 'Fiesta') RETURNING id_dia_festivo`,
      [festivos],
    );
    return {
      solicitudPropia: await insertSolicitud(t.db, (caller ?? otro).id_empleado, far),
      solicitudAjena: await insertSolicitud(t.db, otro.id_empleado, far),
      canceladaAjena: await insertSolicitud(t.db, otro.id_empleado, { ...far, idEstado: 4 }),
      canceladaPropia: await insertSolicitud(t.db, (caller ?? otro).id_empleado, { ...far, idEstado: 4 }),
      aprobadaPropia: await insertVacacionAprobada(t.db, (caller ?? otro).id_empleado, { fechaInicio: mondayInWeeks(42) }),
      cancelacionAjena: await insertVacacionAprobada(t.db, otro.id_empleado, { fechaInicio: mondayInWeeks(43), pendiente: true }),
      cancelacionPropia: await insertVacacionAprobada(t.db, (caller ?? otro).id_empleado, { fechaInicio: mondayInWeeks(44), pendiente: true }),
      comunicado: await insertComunicado(t.db),
      diaFestivo: festivo!.id_dia_festivo,
      centroTrabajo: (await t.factories.centroTrabajo()).id_centro_trabajo,
      jornada: (await t.factories.jornada()).id_jornada,
      asignacionJornada: (await t.factories.asignarJornada(otro.id_empleado, (await t.factories.jornada()).id_jornada, diaDe(2040, festivos))).id_empleado_jornada,
      // Years apart from asignacionJornada's days: with over 366 cells those run into 2041.
      desdeLibre: diaDe(2045, festivos),
      documentoAjeno: documento!.id_documento,
      notificacionPropia: (await notificaciones.notificacion((caller ?? otro).id_empleado)).id_notificacion,
      envioInexistente: '00000000-0000-4000-8000-000000000000',
      // The only one: earlier cells' webhooks would reach the limit of 50.
      webhook: (await t.db.query(`WITH antes AS (DELETE FROM webhook) INSERT INTO webhook (url, eventos, secreto) VALUES ('https://hooks.example.com/x', '{fichaje.corregido}', 'whsec_x') RETURNING id_webhook`))[0].id_webhook,
      otro: otro.id_empleado,
      empleadoNuevo: (await t.factories.empleado()).id_empleado,
      adminAjeno: (await t.factories.admin()).id_empleado,
      propio: (caller ?? otro).id_empleado,
      anio: year() + 1,
      carpetaPublica: 'comunicados',
      archivoPublico: ARCHIVO_PUBLICO,
      fechaLibre: new Date(Date.UTC(2060, 0, 1) + festivos * 86_400_000).toISOString().slice(0, 10),
      delegacionPropia: await insertDelegacion(t.db, (caller ?? delegante).id_empleado, otro.id_empleado, '2050-01-01', '2050-01-02'),
      delegacionRecibida: await insertDelegacion(t.db, delegante.id_empleado, (caller ?? otro).id_empleado, '2050-02-01', '2050-02-02'),
      accesoInspeccion: await insertAccesoInspeccion(t.db, delegante.id_empleado),
      // Days 1–700 back for proposals the cells make, 701–1400 for those inserted here: never the same pending day of `otro`.
      diaPasado: addDays(today(), -1 - (festivos % 700)),
      propuestaEmpresaPropia: await insertCorreccion(t.db, (caller ?? otro).id_empleado, delegante.id_empleado, addDays(today(), -701 - (festivos % 700))),
      propuestaEmpresaAjena: await insertCorreccion(t.db, otro.id_empleado, delegante.id_empleado, addDays(today(), -701 - (festivos % 700))),
      antiguo: (await t.factories.empleado({ activo: false })).id_empleado,
      consultaPropia: (
        await t.db.query(`INSERT INTO consulta_bloqueados (id_actor, id_empleado, motivo, expira_en) VALUES ($1, $2, 'Requerimiento judicial', now() + interval '1 hour') RETURNING id_consulta`, [
          (caller ?? delegante).id_empleado,
          otro.id_empleado,
        ])
      )[0].id_consulta,
    };
  };

  const send = async (row: MatrixRow, caller: Caller, employee: Empleado | undefined, fixture: Fixture, path?: string, body?: object) => {
    const url = path ?? templateOf(row).replace(/\{(\w+)\}/g, (_, name: keyof Fixture) => String(fixture[name]));
    let call = t.http[methodOf(row)](url);
    if (caller !== 'sin token') call = call.set('Authorization', `Bearer ${await t.idp.token(employee?.idp_oid ?? randomUUID())}`);
    if (body) return call.send(body);
    if (row.upload) return call.attach('file', png(), 'foto.png');
    if (row.csv) return call.set('Content-Type', 'text/csv').send(row.csv(fixture));
    return row.body ? call.send(row.body(fixture)) : call;
  };

  it('lists every operation of openapi.json', () => {
    const listed = new Set(MATRIX.map(operationOf));
    expect(operationsOf().map(describeOperation).filter((operation) => !listed.has(operation))).toEqual([]);
    expect([...listed].filter((operation) => !operationsOf().some((candidate) => describeOperation(candidate) === operation))).toEqual([]);
  });

  const cells = MATRIX.flatMap((row) => CALLERS.map((caller, column) => [row.call, caller, statusOf(outcomesOf(row)[column]!), row, outcomesOf(row)[column]!] as const));

  it.each(cells)('%s as %s: %s', async (_call, caller, _status, row, outcome) => {
    const employee = await employeeFor(caller);
    const response = await send(row, caller, employee, await fixtureFor(employee));
    if (typeof outcome === 'number') {
      expect(response.status).toBe(outcome);
    } else {
      expect({ status: response.status, body: response.body }).toEqual(outcome);
    }
  });

  // The guards run before any pipe: a caller without the right gets the same answer for garbage.
  const refusedBeforeValidation = MATRIX.flatMap((row) =>
    CALLERS.flatMap((caller, column) => {
      const outcome = outcomesOf(row)[column]!;
      return typeof outcome === 'object' && [ROL, DESCONOCIDO, SIN_TOKEN].includes(outcome) ? [[row.call, caller, row, outcome] as const] : [];
    }),
  );

  it.each(refusedBeforeValidation)('%s as %s with a malformed id and body: still only the authorization answer', async (_call, caller, row, outcome) => {
    const employee = await employeeFor(caller);
    const path = templateOf(row).replace(/\{\w+\}/g, 'no-es-un-id');
    const response = await send(row, caller, employee, await fixtureFor(employee), path, { campo_desconocido: ['__proto__'], id_empleado: 'uno' });
    expect({ status: response.status, body: response.body }).toEqual(outcome);
  });

  describe('identities beside the matrix', () => {
    it('an inactive employee is an unknown user everywhere', async () => {
      const baja = await t.factories.empleado({ activo: false });
      const response = await t.http.get('/api/empleados/me').set('Authorization', `Bearer ${await t.idp.token(baja.idp_oid)}`);
      expect({ status: response.status, body: response.body }).toEqual(DESCONOCIDO);
    });

    it('a valid token without oid is 401 Autenticación requerida', async () => {
      const response = await t.http.get('/api/empleados/me').set('Authorization', `Bearer ${await t.idp.token(undefined, { claims: { sub: 'servicio' } })}`);
      expect({ status: response.status, body: response.body }).toEqual({ status: 401, body: AUTHENTICATION_REQUIRED });
    });
  });

  describe('object level', () => {
    it("an employee can neither read, trace nor cancel another employee's request, which stays pending", async () => {
      const intruso = await t.factories.empleado();
      const token = await t.idp.token(intruso.idp_oid);
      const ajena = await insertSolicitud(t.db, otro.id_empleado, { idTipo: 2, fechaInicio: mondayInWeeks(41) });
      const ownerToken = await t.idp.token(otro.idp_oid);
      const historialAntes = await t.http.get(`/api/solicitudes/${ajena}/historial`).set('Authorization', `Bearer ${ownerToken}`);
      expect(historialAntes.status).toBe(200);

      for (const response of [
        await t.http.get(`/api/solicitudes/${ajena}`).set('Authorization', `Bearer ${token}`),
        await t.http.get(`/api/solicitudes/${ajena}/historial`).set('Authorization', `Bearer ${token}`),
        await t.http.put(`/api/solicitudes/${ajena}/cancelar`).set('Authorization', `Bearer ${token}`).send({ comentario: 'No es mía.' }),
      ]) {
        expect({ status: response.status, body: response.body }).toEqual(NO_EXISTE);
      }

      const owner = await t.http.get(`/api/solicitudes/${ajena}`).set('Authorization', `Bearer ${ownerToken}`);
      expect(owner.status).toBe(200);
      expect(owner.body.data.id_estado_solicitud).toBe(1);
      const historialDespues = await t.http.get(`/api/solicitudes/${ajena}/historial`).set('Authorization', `Bearer ${ownerToken}`);
      expect(historialDespues.body).toEqual(historialAntes.body);
      const lista = await t.http.get('/api/solicitudes?limite=100').set('Authorization', `Bearer ${token}`);
      expect(lista.body.data.map((solicitud: { id_solicitud: number }) => solicitud.id_solicitud)).not.toContain(ajena);
    });

    it("PUT /api/notificaciones/leer leaves another user's notification unread and does not count it", async () => {
      const lector = await t.factories.empleado();
      const token = await t.idp.token(lector.idp_oid);
      const propia = await notificaciones.notificacion(lector.id_empleado);
      const ajena = await notificaciones.notificacion(otro.id_empleado);
      const leido = async (id: number) => ((await t.db.query(`SELECT leido FROM notificacion WHERE id_notificacion = $1`, [id])) as { leido: boolean }[])[0]!.leido;

      const soloAjena = await t.http.put('/api/notificaciones/leer').set('Authorization', `Bearer ${token}`).send({ ids: [ajena.id_notificacion] });
      expect({ status: soloAjena.status, body: soloAjena.body }).toEqual({ status: 200, body: { success: true, message: '0 notificaciones marcadas como leídas.' } });
      expect(await leido(ajena.id_notificacion)).toBe(false);

      const ambas = await t.http.put('/api/notificaciones/leer').set('Authorization', `Bearer ${token}`).send({ ids: [ajena.id_notificacion, propia.id_notificacion] });
      expect({ status: ambas.status, body: ambas.body }).toEqual({ status: 200, body: { success: true, message: '1 notificación marcada como leída.' } });
      expect(await leido(propia.id_notificacion)).toBe(true);
      expect(await leido(ajena.id_notificacion)).toBe(false);
    });

    it("an employee gets 403 for another employee's documents, while an admin gets them", async () => {
      const curioso = await t.factories.empleado();
      const [documento]: { id_documento: number }[] = await t.db.query(
        `INSERT INTO documento (id_empleado, titulo, url) VALUES ($1, 'Nómina privada', 'http://localhost:3000/uploads/documentos/3-n.pdf') RETURNING id_documento`,
        [otro.id_empleado],
      );
      const denied = await t.http.get(`/api/documentos?id_empleado=${otro.id_empleado}`).set('Authorization', `Bearer ${await t.idp.token(curioso.idp_oid)}`);
      expect({ status: denied.status, body: denied.body }).toEqual({ status: 403, body: ROLE_FORBIDDEN });

      const own = await t.http.get(`/api/documentos?id_empleado=${curioso.id_empleado}`).set('Authorization', `Bearer ${await t.idp.token(curioso.idp_oid)}`);
      expect(own.status).toBe(200);
      expect(own.body.data).toEqual([]);

      const admin = await t.factories.admin();
      const allowed = await t.http.get(`/api/documentos?id_empleado=${otro.id_empleado}&limite=100`).set('Authorization', `Bearer ${await t.idp.token(admin.idp_oid)}`);
      expect(allowed.status).toBe(200);
      expect(allowed.body.data.map((row: { id_documento: number }) => row.id_documento)).toContain(documento!.id_documento);
    });
  });
});
