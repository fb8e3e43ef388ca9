import type { EntityManager } from 'typeorm';

/** A full-time week with a summer "jornada intensiva", a four-day week and a Monday-to-Wednesday part-time one. */
const DEMO_JORNADAS = [
  { nombre: 'Jornada completa', horas: [8, 8, 8, 8, 8, 0, 0], periodos: [{ desde: '07-01', hasta: '08-31', horas: [7, 7, 7, 7, 7, 0, 0] }] },
  { nombre: 'Semana de cuatro días', horas: [10, 10, 10, 10, 0, 0, 0], periodos: [] },
  { nombre: 'Media jornada (lunes a miércoles)', horas: [8, 8, 8, 0, 0, 0, 0], periodos: [] },
] as const;

/** The schedule of each demo client's employee, by name; the others work the default week. */
const DEMO_JORNADA_DE: Record<string, (typeof DEMO_JORNADAS)[number]['nombre']> = {
  'demo-admin': 'Semana de cuatro días',
  'demo-superadmin': 'Media jornada (lunes a miércoles)',
};

/** Creates the demo schedules that are missing (one an admin changed keeps its hours). */
export async function seedDemoJornadas(manager: EntityManager): Promise<void> {
  for (const jornada of DEMO_JORNADAS) {
    await manager.query(`INSERT INTO jornada (nombre, horas, periodos) VALUES ($1, $2, $3) ON CONFLICT ((lower(nombre))) DO NOTHING`, [
      jornada.nombre,
      jornada.horas,
      JSON.stringify(jornada.periodos),
    ]);
  }
}

/** Gives a newly created demo employee their schedule from `desde`, if it still exists. */
export async function assignDemoJornada(manager: EntityManager, idEmpleado: number, clientId: string, desde: string): Promise<void> {
  const nombre = DEMO_JORNADA_DE[clientId];
  if (!nombre) return;
  await manager.query(
    `INSERT INTO empleado_jornada (id_empleado, id_jornada, desde) SELECT $1, id_jornada, $3 FROM jornada WHERE lower(nombre) = lower($2)`,
    [idEmpleado, nombre, desde],
  );
}
