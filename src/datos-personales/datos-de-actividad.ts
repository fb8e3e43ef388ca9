import { persona, type TipoDeDatos } from './tipo-de-datos.js';

/** Where a stored file goes in the ZIP: its folder and stored name, unique in the storage. */
export const RUTA_EN_ZIP = `'archivos/' || a.carpeta || '/' || a.nombre`;

const NOTIFICACIONES: TipoDeDatos = {
  archivo: 'notificaciones.json',
  descripcion: 'Las notificaciones que has recibido en la aplicación, de la más reciente a la más antigua: tipo, título, mensaje, si la leíste, quién la envió (identificador y nombre) y fecha.',
  columnas: `n.id_notificacion, jsonb_build_object('codigo', t.codigo, 'nombre', t.nombre) AS tipo, n.titulo, n.mensaje, n.leido,
             ${persona('r')} AS remitente, n.id_solicitud, n.id_comunicado, n.mes_resumen,
             -- To the microsecond: it is also the cursor, which a millisecond Date would move.
             to_char(n.fecha_creacion AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS fecha_creacion`,
  origen: 'notificacion n JOIN tipo_notificacion t ON t.id_tipo_notificacion = n.id_tipo_notificacion LEFT JOIN empleado r ON r.id_empleado = n.id_remitente',
  filtro: 'n.id_usuario = $1',
  // The order of ix_notificacion_usuario: each page is a short index range, however many notifications there are.
  clave: [
    { sql: 'n.fecha_creacion', campo: 'fecha_creacion' },
    { sql: 'n.id_notificacion', campo: 'id_notificacion' },
  ],
  descendente: true,
};

const PREFERENCIAS: TipoDeDatos = {
  archivo: 'preferencias-notificacion.json',
  descripcion: 'Por cada tipo de notificación que has configurado, si quieres recibirla también por correo, y cuándo lo cambiaste.',
  columnas: 'p.id_tipo_notificacion, t.codigo, t.nombre, p.correo, p.actualizado_en',
  origen: 'preferencia_notificacion p JOIN tipo_notificacion t ON t.id_tipo_notificacion = p.id_tipo_notificacion',
  filtro: 'p.id_empleado = $1',
  clave: [{ sql: 'p.id_tipo_notificacion', campo: 'id_tipo_notificacion' }],
};

const RESUMEN_DIARIO: TipoDeDatos = {
  archivo: 'resumen-diario.json',
  descripcion: 'Si, como aprobador, elegiste recibir un resumen diario por correo de lo que espera tu decisión en lugar de un correo por solicitud, y desde cuándo.',
  columnas: 'rd.id_empleado, rd.desde',
  origen: 'resumen_diario rd',
  filtro: 'rd.id_empleado = $1',
  clave: [{ sql: 'rd.id_empleado', campo: 'id_empleado' }],
};

const DOCUMENTOS: TipoDeDatos = {
  archivo: 'documentos.json',
  descripcion:
    'Los documentos que la empresa ha publicado para ti (nóminas, certificados…): título, quién lo publicó (identificador y nombre), fecha, ' +
    'y la ruta del archivo dentro de este ZIP (ruta_en_zip).',
  columnas: `d.id_documento, d.titulo, d.url, d.id_archivo, ${persona('au')} AS autor, d.fecha_creacion,
             CASE WHEN a.id_archivo IS NULL THEN NULL ELSE ${RUTA_EN_ZIP} END AS ruta_en_zip`,
  origen: 'documento d LEFT JOIN empleado au ON au.id_empleado = d.id_autor LEFT JOIN archivo a ON a.id_archivo = d.id_archivo AND a.tamano IS NOT NULL',
  filtro: 'd.id_empleado = $1',
  clave: [{ sql: 'd.id_documento', campo: 'id_documento' }],
};

/** Every stored file about the employee: their documents, their requests' attachments, their profile pictures. */
export const ARCHIVOS: TipoDeDatos = {
  archivo: 'archivos.json',
  descripcion:
    'Los archivos que contiene la carpeta archivos/ de este ZIP: tus documentos, los adjuntos de tus solicitudes y tus fotos de perfil, ' +
    'con su nombre, tipo, tamaño en bytes, huella SHA-256, fecha y ruta dentro del ZIP (ruta_en_zip).',
  columnas: `a.id_archivo, a.carpeta, a.nombre, a.tipo, a.tamano::float8 AS tamano, a.sha256, a.fecha_creacion, ${RUTA_EN_ZIP} AS ruta_en_zip`,
  origen: 'archivo a',
  filtro: `a.tamano IS NOT NULL AND a.id_archivo IN (
             SELECT id_archivo FROM documento WHERE id_empleado = $1
             UNION ALL SELECT id_archivo_documento FROM solicitud WHERE id_empleado = $1
             UNION ALL SELECT id_archivo_img_perfil FROM empleado WHERE id_empleado = $1
             UNION ALL SELECT ap.id_archivo_img_perfil FROM actualizacion_perfil ap JOIN solicitud s ON s.id_solicitud = ap.id_solicitud WHERE s.id_empleado = $1)`,
  clave: [{ sql: 'a.id_archivo', campo: 'id_archivo' }],
};

const FICHAJES: TipoDeDatos = {
  archivo: 'fichajes.json',
  descripcion:
    'Tu registro de jornada (art. 34.9 del Estatuto de los Trabajadores): cada fichaje con su tipo, modalidad, instante (UTC), día, origen, ' +
    'los fichajes que sustituye si es una corrección, y su huella encadenada (hash) que prueba que no se ha alterado.',
  columnas: `f.id_fichaje::float8 AS id_fichaje, f.tipo, f.modalidad, f.instante, f.fecha, f.origen, f.id_solicitud, f.sustituye::float8[] AS sustituye,
             encode(f.hash, 'hex') AS hash, encode(f.hash_anterior, 'hex') AS hash_anterior`,
  origen: 'fichaje f',
  filtro: 'f.id_empleado = $1',
  clave: [{ sql: 'f.id_fichaje', campo: 'id_fichaje' }],
};

const CORRECCIONES: TipoDeDatos = {
  archivo: 'correcciones-fichaje.json',
  descripcion: 'Las correcciones de tu registro de jornada propuestas por ti o por la empresa: día, quién la propuso (identificador y nombre), fichajes propuestos y motivo.',
  columnas: `cf.id_solicitud, cf.fecha, cf.propuesta_por, ${persona('pr')} AS proponente, cf.fichajes, cf.motivo`,
  origen: 'correccion_fichaje cf JOIN solicitud s ON s.id_solicitud = cf.id_solicitud LEFT JOIN empleado pr ON pr.id_empleado = cf.id_proponente',
  filtro: 's.id_empleado = $1',
  clave: [{ sql: 'cf.id_solicitud', campo: 'id_solicitud' }],
};

const DIAS_INCOMPLETOS: TipoDeDatos = {
  archivo: 'dias-incompletos.json',
  descripcion: 'Los días en que tu registro de jornada quedó sin cerrar (una entrada sin salida) y cuándo se detectó.',
  columnas: 'fdi.fecha, fdi.fecha_deteccion',
  origen: 'fichaje_dia_incompleto fdi',
  filtro: 'fdi.id_empleado = $1',
  clave: [{ sql: 'fdi.fecha', campo: 'fecha' }],
};

const ACCESOS: TipoDeDatos = {
  archivo: 'accesos.json',
  descripcion:
    'Quién ha consultado tus datos (administradores, responsables o delegados): su identificador y nombre, qué consultó (recurso e identificador) y cuándo. ' +
    'Tus propias consultas no se registran.',
  columnas: `ad.id_acceso::float8 AS id_acceso, ${persona('l')} AS lector, ad.recurso, ad.id_recurso, ad.instante`,
  origen: 'acceso_datos ad LEFT JOIN empleado l ON l.id_empleado = ad.id_lector',
  filtro: 'ad.id_titular = $1',
  clave: [{ sql: 'ad.id_acceso', campo: 'id_acceso' }],
};

/** What the employee did and received, and who read it. */
export const DATOS_DE_ACTIVIDAD: readonly TipoDeDatos[] = [NOTIFICACIONES, PREFERENCIAS, RESUMEN_DIARIO, DOCUMENTOS, ARCHIVOS, FICHAJES, CORRECCIONES, DIAS_INCOMPLETOS, ACCESOS];
