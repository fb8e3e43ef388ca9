import { persona, type TipoDeDatos } from './tipo-de-datos.js';

const PERFIL: TipoDeDatos = {
  archivo: 'perfil.json',
  descripcion:
    'Tus datos de empleado: nombre, correo, teléfono, dirección, foto, identificador en Entra ID, fechas de alta y baja, ' +
    'tu rol, tu centro de trabajo, tu responsable (su identificador y nombre) y, si tu cuenta llega por SCIM, nombre de pila, apellidos y fecha de desvinculación.',
  columnas: `e.id_empleado, e.nombre, e.correo, e.telefono, e.direccion, e.img_perfil, e.id_archivo_img_perfil, e.idp_oid, e.activo,
             e.fecha_alta, e.fecha_baja, e.fecha_creacion, e.fecha_actualizacion,
             jsonb_build_object('id_rol', r.id_rol, 'nombre', r.nombre) AS rol,
             CASE WHEN c.id_centro_trabajo IS NULL THEN NULL ELSE jsonb_build_object('id_centro_trabajo', c.id_centro_trabajo, 'nombre', c.nombre, 'codigo', c.codigo) END AS centro_trabajo,
             ${persona('resp')} AS responsable,
             CASE WHEN s.id_empleado IS NULL THEN NULL
                  ELSE jsonb_build_object('nombre_pila', s.nombre_pila, 'apellidos', s.apellidos, 'fecha_desvinculacion', s.fecha_desvinculacion) END AS scim`,
  origen: `empleado e
           JOIN rol r ON r.id_rol = e.id_rol
           LEFT JOIN centro_trabajo c ON c.id_centro_trabajo = e.id_centro_trabajo
           LEFT JOIN empleado resp ON resp.id_empleado = e.id_responsable
           LEFT JOIN empleado_scim s ON s.id_empleado = e.id_empleado`,
  filtro: 'e.id_empleado = $1',
  clave: [{ sql: 'e.id_empleado', campo: 'id_empleado' }],
};

const HISTORIAL_PERFIL: TipoDeDatos = {
  archivo: 'historial-perfil.json',
  descripcion: 'Cada cambio de tus datos de empleado: cuándo, por qué vía (origen), quién lo hizo (identificador y nombre) y qué campos cambiaron, con el valor anterior y el nuevo.',
  columnas: `h.id_historial, h.fecha, h.origen, ${persona('a')} AS actor, h.cambios`,
  origen: 'historial_empleado h LEFT JOIN empleado a ON a.id_empleado = h.id_actor',
  filtro: 'h.id_empleado = $1',
  clave: [{ sql: 'h.id_historial', campo: 'id_historial' }],
};

const JORNADAS: TipoDeDatos = {
  archivo: 'jornadas.json',
  descripcion: 'Las jornadas de trabajo que se te han asignado, desde qué fecha, y quién hizo la asignación.',
  columnas: `ej.id_empleado_jornada, ej.desde, jsonb_build_object('id_jornada', j.id_jornada, 'nombre', j.nombre, 'horas', j.horas, 'periodos', j.periodos) AS jornada,
             ej.fecha_registro, ${persona('a')} AS actor`,
  origen: 'empleado_jornada ej JOIN jornada j ON j.id_jornada = ej.id_jornada LEFT JOIN empleado a ON a.id_empleado = ej.id_actor',
  filtro: 'ej.id_empleado = $1',
  clave: [{ sql: 'ej.id_empleado_jornada', campo: 'id_empleado_jornada' }],
};

const DELEGACIONES: TipoDeDatos = {
  archivo: 'delegaciones.json',
  descripcion: 'Las delegaciones de aprobación en las que participas, como quien delega o como delegado, con el identificador y el nombre de la otra persona y el periodo.',
  columnas: `d.id_delegacion, ${persona('dte')} AS delegante, ${persona('dgo')} AS delegado, d.desde, d.hasta, d.fecha_creacion`,
  origen: 'delegacion d JOIN empleado dte ON dte.id_empleado = d.id_delegante JOIN empleado dgo ON dgo.id_empleado = d.id_delegado',
  filtro: 'd.id_delegante = $1 OR d.id_delegado = $1',
  clave: [{ sql: 'd.id_delegacion', campo: 'id_delegacion' }],
};

const CALENDARIO: TipoDeDatos = {
  archivo: 'calendario.json',
  descripcion:
    'Si tienes un enlace de suscripción a tu calendario y desde cuándo. La clave del enlace no se guarda legible (solo su resumen criptográfico) ' +
    'y no se incluye: si la necesitas, genera un enlace nuevo.',
  columnas: `e.id_empleado, ce.id_empleado IS NOT NULL AS enlace_activo, ce.fecha_creacion`,
  origen: 'empleado e LEFT JOIN calendario_enlace ce ON ce.id_empleado = e.id_empleado',
  filtro: 'e.id_empleado = $1',
  clave: [{ sql: 'e.id_empleado', campo: 'id_empleado' }],
};

/** Who the employee is and how they are organised. */
export const DATOS_DE_PERFIL: readonly TipoDeDatos[] = [PERFIL, HISTORIAL_PERFIL, JORNADAS, DELEGACIONES, CALENDARIO];
