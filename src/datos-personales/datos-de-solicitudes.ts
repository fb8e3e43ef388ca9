import { persona, type TipoDeDatos } from './tipo-de-datos.js';

const VACACIONES: TipoDeDatos = {
  archivo: 'vacaciones.json',
  descripcion: 'Tus días de vacaciones por año: los asignados y los usados.',
  columnas: 'v.id_vacaciones, v.anio, v.dias_asignados::float8 AS dias_asignados, v.dias_usados::float8 AS dias_usados',
  origen: 'vacaciones v',
  filtro: 'v.id_empleado = $1',
  clave: [{ sql: 'v.id_vacaciones', campo: 'id_vacaciones' }],
};

const DEDUCCIONES: TipoDeDatos = {
  archivo: 'deducciones-vacaciones.json',
  descripcion: 'El detalle de los días descontados de cada año por cada solicitud, y la fecha en que se devolvieron si se cancelaron.',
  columnas: 'dv.id_deduccion, dv.id_solicitud, v.anio, dv.dias::float8 AS dias, dv.fecha_devolucion',
  origen: 'deduccion_vacaciones dv JOIN vacaciones v ON v.id_vacaciones = dv.id_vacaciones',
  filtro: 'v.id_empleado = $1',
  clave: [{ sql: 'dv.id_deduccion', campo: 'id_deduccion' }],
};

const SOLICITUDES: TipoDeDatos = {
  archivo: 'solicitudes.json',
  descripcion:
    'Tus solicitudes (vacaciones, ausencias, cambios de datos, correcciones de fichaje…): tipo, estado, fechas, días u horas, descripción, ' +
    'documento adjunto, y la decisión con el identificador y el nombre de quien la tomó y su comentario.',
  columnas: `s.id_solicitud, jsonb_build_object('id_tipo_solicitud', t.id_tipo_solicitud, 'nombre', t.nombre) AS tipo,
             jsonb_build_object('id_estado_solicitud', es.id_estado_solicitud, 'nombre', es.nombre) AS estado,
             s.fecha_inicio, s.fecha_fin, s.medio_dia_inicio, s.medio_dia_fin, s.hora_inicio, s.hora_fin,
             s.dias_solicitados::float8 AS dias_solicitados, s.horas_solicitadas::float8 AS horas_solicitadas,
             s.descripcion, s.url_documento, s.id_archivo_documento, s.paso_aprobacion, s.cancelacion_pendiente,
             ${persona('rv')} AS revisor, s.comentario_revision, s.fecha_revision, s.fecha_referencia,
             s.fecha_creacion, s.fecha_actualizacion, s.fecha_recalculo`,
  origen: `solicitud s
           JOIN tipo_solicitud t ON t.id_tipo_solicitud = s.id_tipo_solicitud
           JOIN estado_solicitud es ON es.id_estado_solicitud = s.id_estado_solicitud
           LEFT JOIN empleado rv ON rv.id_empleado = s.id_revisor`,
  filtro: 's.id_empleado = $1',
  clave: [{ sql: 's.id_solicitud', campo: 'id_solicitud' }],
};

const DIAS_POR_ANIO: TipoDeDatos = {
  archivo: 'solicitudes-dias-por-anio.json',
  descripcion: 'Cómo se reparten entre años los días de cada solicitud que cruza un cambio de año.',
  columnas: 'sda.id_solicitud, sda.anio, sda.dias::float8 AS dias',
  origen: 'solicitud_dias_anio sda JOIN solicitud s ON s.id_solicitud = sda.id_solicitud',
  filtro: 's.id_empleado = $1',
  clave: [{ sql: 'sda.id_solicitud', campo: 'id_solicitud' }, { sql: 'sda.anio', campo: 'anio' }],
};

const HISTORIAL_SOLICITUDES: TipoDeDatos = {
  archivo: 'historial-solicitudes.json',
  descripcion:
    'Cada cambio de estado de tus solicitudes: estado anterior y nuevo, quién lo hizo y, si actuó por delegación, en nombre de quién (identificador y nombre), comentario y fecha.',
  columnas: `h.id_historial, h.id_solicitud, h.id_estado_anterior, h.id_estado_nuevo, ${persona('a')} AS actor, ${persona('en')} AS en_nombre_de,
             h.comentario, h.cancelacion, h.paso_aprobacion, h.fecha`,
  origen: `historial_solicitud h JOIN solicitud s ON s.id_solicitud = h.id_solicitud
           LEFT JOIN empleado a ON a.id_empleado = h.id_actor
           LEFT JOIN empleado en ON en.id_empleado = h.id_en_nombre_de`,
  filtro: 's.id_empleado = $1',
  clave: [{ sql: 'h.id_historial', campo: 'id_historial' }],
};

const ACTUALIZACIONES_PERFIL: TipoDeDatos = {
  archivo: 'actualizaciones-perfil.json',
  descripcion: 'Los cambios de teléfono, dirección o foto que propusiste con una solicitud de actualización de perfil.',
  columnas: 'ap.id_actualizacion_perfil, ap.id_solicitud, ap.telefono, ap.direccion, ap.img_perfil, ap.id_archivo_img_perfil',
  origen: 'actualizacion_perfil ap JOIN solicitud s ON s.id_solicitud = ap.id_solicitud',
  filtro: 's.id_empleado = $1',
  clave: [{ sql: 'ap.id_actualizacion_perfil', campo: 'id_actualizacion_perfil' }],
};

/** Vacation balances and the requests that move them. */
export const DATOS_DE_SOLICITUDES: readonly TipoDeDatos[] = [VACACIONES, DEDUCCIONES, SOLICITUDES, DIAS_POR_ANIO, HISTORIAL_SOLICITUDES, ACTUALIZACIONES_PERFIL];
