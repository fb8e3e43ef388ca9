import { EMPLEADO_FIJO } from './fuzz-world.js';
import { describeOperation, type Operation } from './openapi-operations.js';
import type { FuzzBody } from './request-arbitraries.js';

/**
 * Per body-taking operation, a call its service answers the same way every time (mostly a refusal
 * after validation), so a mutated copy of it can be compared with the original.
 */
export const DETERMINISTIC_CALLS: Record<string, { id?: number; body: Record<string, unknown> }> = {
  'POST /api/solicitudes/vacaciones': { body: { fecha_inicio: '2027-03-05', fecha_fin: '2027-03-01' } },
  'POST /api/solicitudes/permisos': { body: { fecha_inicio: '2027-03-05', fecha_fin: '2027-03-01' } },
  'POST /api/solicitudes/ausencias': { body: { fecha_inicio: '2027-03-05', fecha_fin: '2027-03-01' } },
  'POST /api/solicitudes/teletrabajo': { body: { fecha_inicio: '2027-03-05', fecha_fin: '2027-03-01' } },
  'POST /api/solicitudes/actualizacion-perfil': { body: { telefono: '' } },
  // A day in the future: always 400 correccion_invalida naming fecha, never a request.
  'POST /api/solicitudes/correccion-fichaje': {
    body: {
      fecha: '2999-01-04',
      fichajes: [
        { tipo: 'entrada', instante: '2999-01-04T08:00' },
        { tipo: 'salida', instante: '2999-01-04T16:00' },
      ],
      motivo: 'Olvidé fichar la salida.',
    },
  },
  'PUT /api/solicitudes/{id}/cancelar': { id: 999_999, body: { comentario: 'Ya no la necesito.' } },
  'PUT /api/solicitudes/{id}/aprobar': { id: 999_999, body: { comentario: 'Aprobada.' } },
  'PUT /api/solicitudes/{id}/rechazar': { id: 999_999, body: { comentario: 'Rechazada.' } },
  'POST /api/comunicados/admin': { body: { titulo: 'Título', contenido: 'Contenido.', fecha_publicacion: '2026-02-30 09:00:00' } },
  'PUT /api/comunicados/admin/{id}': { id: 999_999, body: { titulo: 'Título' } },
  'PUT /api/notificaciones/leer': { body: { ids: [999_999] } },
  'POST /api/admin/envios/{envio}/reintentar': { body: {} },
  // Valid but for the credentials in the URL, which the service refuses: always 400 url_no_permitida, never a webhook.
  'POST /api/webhooks': { body: { url: 'https://usuario:clave@hooks.example.com/ess', eventos: ['empleado.alta'] } },
  'PUT /api/notificaciones/preferencias': { body: { preferencias: [{ tipo: 'COMUNICADO', correo: true }] } },
  'POST /api/dias-festivos': { body: { fecha: '2026-02-30', nombre: 'Fiesta' } },
  'PUT /api/dias-festivos/{id}': { id: 999_999, body: { fecha: '2026-02-30', nombre: 'Fiesta' } },
  // Valid: after the first import of that year every call answers the same (all left out).
  'POST /api/dias-festivos/importar': { body: { anio: 2099, comunidad_autonoma: 'ES-AN' } },
  'POST /api/documentos': { body: { id_empleado: 999_999, titulo: 'Nómina', url: 'http://localhost:3000/uploads/documentos/1-nomina.pdf' } },
  'POST /api/empleados': { body: { ...EMPLEADO_FIJO, nombre: 'Otra Persona' } },
  'PUT /api/empleados/{id}': { id: 999_999, body: { nombre: 'Nadie' } },
  'PUT /api/empleados/{id}/vacaciones/{anio}': { id: 999_999, body: { dias_asignados: 22 } },
  'POST /api/centros-trabajo': { body: { nombre: 'Centro', codigo: 'FIJO', comunidad_autonoma: 'ES-MD', zona_horaria: 'Mars/Olympus' } },
  'PUT /api/centros-trabajo/{id}': { id: 999_999, body: { nombre: 'Ninguno' } },
  // The fuzz world has this schedule: always 409 jornada_duplicada.
  'POST /api/jornadas': { body: { nombre: 'Semana de cuatro días', horas: [10, 10, 10, 10, 0, 0, 0] } },
  'PUT /api/jornadas/{id}': { id: 999_999, body: { nombre: 'Ninguna' } },
  'POST /api/empleados/{id}/jornadas': { id: 999_999, body: { id_jornada: 999_999, desde: '2027-01-01' } },
  // Only a base for mutated bodies: each mutation is refused by validation before any sequence is read.
  'POST /api/fichajes': { body: { tipo: 'fin_pausa', modalidad: 'presencial' } },
  // Always 400 rango_fechas_invalido: no access is created.
  'POST /api/fichajes/accesos-inspeccion': { body: { desde: '2027-03-05', hasta: '2027-03-01', caduca: '2027-03-05 09:00:00', descripcion: 'Inspección' } },
  'POST /api/delegaciones': { body: { id_delegado: 999_999, desde: '2027-03-05', hasta: '2027-03-01' } },
  // Nobody has this id: always 404 empleado_no_encontrado (403 solo_tus_datos for an employee), nothing erased.
  'POST /api/privacidad/supresion': { body: { id_empleado: 999_999 } },
  // Always 404 empleado_no_encontrado: no view is opened.
  'POST /api/privacidad/bloqueados/consultas': { body: { id_empleado: 999_999, motivo: 'Requerimiento judicial, autos 1/2026' } },
};
/** Path parameters other than the identifier under test get a valid value. */
const OTHER_PATH_PARAMETERS: Record<string, string> = { anio: '2030', folder: 'documentos', name: '1-nomina.pdf', idAsignacion: '999999', envio: '00000000-0000-4000-8000-000000000000' };

export const deterministicCall = (operation: Operation) => DETERMINISTIC_CALLS[describeOperation(operation)]!;
export const pathWithId = (operation: Operation, id: string) => operation.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'id' ? id : OTHER_PATH_PARAMETERS[name]!));
export const urlOf = (operation: Operation, id = deterministicCall(operation).id) => pathWithId(operation, String(id ?? 1));
/** The deterministic body as JSON text, with `field` set to raw JSON text (added if absent) and an extra raw member first. */
export const bodyWith = (operation: Operation, field?: string, rawValue?: string, extra?: string) => {
  const body = deterministicCall(operation).body;
  const entries = Object.entries(body).map(([key, value]) => `${JSON.stringify(key)}:${key === field ? rawValue : JSON.stringify(value)}`);
  const added = field !== undefined && !(field in body) ? [`${JSON.stringify(field)}:${rawValue}`] : [];
  return `{${[...(extra ? [extra] : []), ...entries, ...added].join(',')}}`;
};
export const jsonBody = (text: string): FuzzBody => ({ contentType: 'application/json', text });
