import { DataSource } from 'typeorm';
import { COMUNIDAD_AUTONOMA_CODIGOS } from '../src/catalogs/comunidades-autonomas.js';
import { runMigrationsWithLock } from '../src/database/migrate.js';
import type { DiaFestivoCampos } from '../src/dias-festivos/dias-festivos.repository.js';
import { festivosPropuestos } from '../src/dias-festivos/festivos-propuestos.js';
import { buildDataSourceOptions } from '../src/schema/data-source-options.js';
import { seedData } from './seed-data.js';

export const CENTROS = 50;

/** National days some communities drop (the BOE's yearly exceptions): community k drops DIAS_EXCLUIDOS[k % 3], if any. */
const DIAS_EXCLUIDOS = ['12-08', '01-06', null] as const;

/** Part-time, four-day week, a summer period, a reduced week: what a third of the employees are assigned. */
const JORNADAS: [nombre: string, horas: number[], periodos: object[]][] = [
  ['Media jornada L-X', [8, 8, 8, 0, 0, 0, 0], []],
  ['Cuatro días', [10, 10, 10, 10, 0, 0, 0], []],
  ['Intensiva de verano', [8.5, 8.5, 8.5, 8.5, 6, 0, 0], [{ desde: '07-01', hasta: '08-31', horas: [7, 7, 7, 7, 7, 0, 0] }]],
  ['Reducida', [6, 6, 6, 6, 6, 0, 0], []],
];

async function insertFestivos(db: DataSource, filas: DiaFestivoCampos[]): Promise<void> {
  await db.query(
    `INSERT INTO dia_festivo (fecha, nombre, ambito, comunidad_autonoma, id_centro_trabajo, excluye_nacional)
     SELECT * FROM unnest($1::date[], $2::varchar[], $3::varchar[], $4::varchar[], $5::int[], $6::boolean[])`,
    [
      filas.map((f) => f.fecha),
      filas.map((f) => f.nombre),
      filas.map((f) => f.ambito),
      filas.map((f) => f.comunidad_autonoma),
      filas.map((f) => f.id_centro_trabajo),
      filas.map((f) => f.excluye_nacional),
    ],
  );
}

/** Spain's national holidays of each year (date-holidays' list, as the importer proposes it): all that "today" knows. */
export function seedNationalHolidays(db: DataSource, anios: number[]): Promise<void> {
  return insertFestivos(db, anios.flatMap((anio) => festivosPropuestos(anio)));
}

/**
 * On top of the national days: CENTROS centres spread over the 19 communities, every employee in one
 * (employee i in centre 1 + i % CENTROS); each community's own days and two local days per centre for
 * each year, two communities in three dropping a national day; a third of the employees with one to
 * three schedule assignments (the third from a date in the coming weeks, so some requests straddle a
 * change of schedule).
 */
export async function seedCentrosYJornadas(db: DataSource, anios: number[]): Promise<void> {
  await db.query(
    `INSERT INTO centro_trabajo (id_centro_trabajo, nombre, codigo, comunidad_autonoma, localidad, zona_horaria)
     SELECT c, 'Centro ' || c, 'C' || c, cc, 'Localidad ' || c, CASE cc WHEN 'ES-CN' THEN 'Atlantic/Canary' ELSE 'Europe/Madrid' END
       FROM generate_series(1, $1) c CROSS JOIN LATERAL (SELECT ($2::varchar[])[1 + (c - 1) % array_length($2::varchar[], 1)] AS cc) x`,
    [CENTROS, COMUNIDAD_AUTONOMA_CODIGOS],
  );
  await db.query(`SELECT setval(pg_get_serial_sequence('centro_trabajo', 'id_centro_trabajo'), $1)`, [CENTROS]);
  await db.query(`UPDATE empleado SET id_centro_trabajo = 1 + id_empleado % $1`, [CENTROS]);

  const base = { comunidad_autonoma: null, id_centro_trabajo: null, excluye_nacional: false };
  const filas: DiaFestivoCampos[] = [];
  for (const anio of anios) {
    COMUNIDAD_AUTONOMA_CODIGOS.forEach((comunidad, k) => {
      filas.push(...festivosPropuestos(anio, comunidad).filter((f) => f.ambito === 'autonomico'));
      const excluido = DIAS_EXCLUIDOS[k % DIAS_EXCLUIDOS.length];
      if (excluido) filas.push({ ...base, fecha: `${anio}-${excluido}`, nombre: 'Sustituido por la comunidad', ambito: 'autonomico', comunidad_autonoma: comunidad, excluye_nacional: true });
    });
    for (let centro = 1; centro <= CENTROS; centro += 1) {
      // Two distinct days of the year per centre, spread so that some fall in any few weeks.
      for (const dia of [(centro * 7) % 365, 182 + ((centro * 13) % 182)]) {
        const fecha = new Date(Date.UTC(anio, 0, 1 + dia)).toISOString().slice(0, 10);
        filas.push({ ...base, fecha, nombre: `Fiesta local ${centro}`, ambito: 'local', id_centro_trabajo: centro });
      }
    }
  }
  await insertFestivos(db, filas);

  for (const [nombre, horas, periodos] of JORNADAS) {
    await db.query(`INSERT INTO jornada (nombre, horas, periodos) VALUES ($1, $2::numeric[], $3::jsonb)`, [nombre, horas, JSON.stringify(periodos)]);
  }
  // Employees i % 3 = 0: one assignment from over a year ago; i % 9 = 0 a second from two months ago;
  // i % 27 = 0 a third starting 2 to 6 weeks from now.
  await db.query(
    `INSERT INTO empleado_jornada (id_empleado, id_jornada, desde)
     SELECT id_empleado, j, desde FROM (
       SELECT id_empleado, 1 + (id_empleado / 3) % $1 AS j, current_date - 400 AS desde FROM empleado WHERE id_empleado % 3 = 0
       UNION ALL
       SELECT id_empleado, 1 + (id_empleado / 9 + 1) % $1, current_date - 60 FROM empleado WHERE id_empleado % 9 = 0
       UNION ALL
       SELECT id_empleado, 1 + (id_empleado / 27 + 2) % $1, current_date + 14 + id_empleado % 29 FROM empleado WHERE id_empleado % 27 = 0) a`,
    [JORNADAS.length],
  );
}

/**
 * Migrates the empty database at `url` and fills it with `empleados` employees (seedData's roles), 500 days of
 * vacation for each of `anios` (this year, seedData's, and the next), the national holidays of `anios` and, `conCentros`, the centres, their holidays
 * and the schedules of seedCentrosYJornadas.
 */
export async function seedEmpresa(url: string, empleados: number, anios: number[], conCentros: boolean): Promise<void> {
  const db = await new DataSource(buildDataSourceOptions({ url, poolSize: 2 })).initialize();
  try {
    await runMigrationsWithLock(db);
    await seedData(db, { empleados, solicitudes: 0, notificacionesPorEmpleado: 0 });
    await db.query(`INSERT INTO vacaciones (id_empleado, anio, dias_asignados) SELECT id_empleado, $1, 500 FROM empleado`, [anios[1]]);
    await seedNationalHolidays(db, anios);
    if (conCentros) await seedCentrosYJornadas(db, anios);
    await db.query('VACUUM ANALYZE');
  } finally {
    await db.destroy();
  }
}
