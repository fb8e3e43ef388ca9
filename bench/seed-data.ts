import type { DataSource } from 'typeorm';

export interface SeedSize {
  empleados: number;
  solicitudes: number;
  notificacionesPorEmpleado: number;
}

const NOMBRES = ['Ana', 'José', 'Lucía', 'Martín', 'Sofía', 'Íñigo', 'Carmen', 'Raúl', 'Begoña', 'Andrés'];
const APELLIDOS = ['García', 'Pérez', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Gómez', 'Núñez', 'Muñoz', 'Álvarez'];
const DESCRIPCIONES = ['Viaje familiar', 'Cita médica', 'Mudanza', 'Boda de un amigo', 'Trámites en el ayuntamiento', 'Curso de formación', 'Asuntos propios'];

/**
 * Fills an empty, migrated database with generated data, in set-based statements: employees
 * (1 % Super Admin, 4 % Admin), a yearly allocation each, requests of every type and state spread
 * over three years, and notifications. Employee i has idp_oid `bench-oid-<i>`.
 */
export async function seedData(db: DataSource, size: SeedSize): Promise<void> {
  await db.query(
    `INSERT INTO empleado (correo, nombre, id_rol, idp_oid)
     SELECT 'empleado' || i || '@bench.local',
            ($2::text[])[1 + i % 10] || ' ' || ($3::text[])[1 + (i / 10) % 10] || ' ' || i,
            CASE WHEN i % 100 = 0 THEN 3 WHEN i % 25 = 0 THEN 2 ELSE 1 END,
            'bench-oid-' || i
       FROM generate_series(1, $1) i`,
    [size.empleados, NOMBRES, APELLIDOS],
  );
  await db.query(
    `INSERT INTO vacaciones (id_empleado, anio, dias_asignados, dias_usados)
     SELECT id_empleado, extract(year FROM now())::int, 500, 0 FROM empleado`,
  );
  // Requests: type by i % 5, state by i % 4 (profile updates never pending: one per employee at most),
  // dates from two years back to one ahead.
  await db.query(
    `INSERT INTO solicitud (id_empleado, id_tipo_solicitud, id_estado_solicitud, fecha_inicio, fecha_fin, dias_solicitados,
                            descripcion, fecha_referencia, fecha_creacion)
     SELECT e, tipo, CASE WHEN tipo = 5 THEN 2 + i % 3 ELSE 1 + (i * 7) % 4 END,
            CASE WHEN tipo = 5 THEN NULL ELSE inicio END,
            CASE WHEN tipo = 5 THEN NULL ELSE inicio + (i % 4) END,
            CASE WHEN tipo = 5 THEN NULL ELSE 1 + (i % 4) END,
            CASE WHEN tipo = 5 THEN NULL ELSE ($2::text[])[1 + i % 7] || ' ' || i END,
            inicio, now() - make_interval(secs => ($1 - i) * 60)
       FROM (SELECT i, 1 + (i::bigint * 7919) % $3 AS e, 1 + i % 5 AS tipo,
                    (current_date - 730 + (i % 1095))::date AS inicio
               FROM generate_series(1, $1) i) g`,
    [size.solicitudes, DESCRIPCIONES, size.empleados],
  );
  await db.query(
    `INSERT INTO actualizacion_perfil (id_solicitud, telefono)
     SELECT id_solicitud, '+34 600 ' || lpad((id_solicitud % 1000000)::text, 6, '0') FROM solicitud WHERE id_tipo_solicitud = 5`,
  );
  await db.query(
    `INSERT INTO notificacion (id_usuario, id_tipo_notificacion, titulo, mensaje, leido, fecha_creacion)
     SELECT e.id_empleado, 1 + n % 5, 'Aviso ' || n, 'Mensaje de prueba número ' || n, n % 3 <> 0, now() - make_interval(mins => n)
       FROM empleado e CROSS JOIN generate_series(1, $1) n`,
    [size.notificacionesPorEmpleado],
  );
  // What autovacuum keeps a live database at: statistics, and a visibility map for index-only counts.
  await db.query('VACUUM ANALYZE');
}
