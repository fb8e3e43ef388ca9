import 'reflect-metadata';
import { DataSource, type EntityManager } from 'typeorm';
import type { CalendarDate } from '../src/common/calendar-date.js';
import { FichajesRepository } from '../src/fichajes/fichajes.repository.js';

interface Consulta {
  sql: string;
  params: unknown[];
}

/** A FichajesRepository that records the SQL it is asked to run instead of running it: the service's own queries, word for word. */
function repositorioQueAnota(): { repositorio: FichajesRepository; anotadas: Consulta[] } {
  const anotadas: Consulta[] = [];
  const query = async (sql: string, params: unknown[] = []) => {
    anotadas.push({ sql, params });
    return [];
  };
  const manager = { query } as unknown as EntityManager;
  // preparedQuery runs named statements on the driver's pool.
  const pool = { query: async ({ text, values }: { text: string; values: unknown[] }) => ({ rows: await query(text, values) }) };
  return { repositorio: new FichajesRepository({ query, manager, driver: { master: pool } } as unknown as DataSource), anotadas };
}

async function plan(db: DataSource, { sql, params }: Consulta): Promise<string> {
  const filas: { 'QUERY PLAN': string }[] = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
  return filas.map((fila) => fila['QUERY PLAN']).join('\n');
}

/**
 * `EXPLAIN (ANALYZE, BUFFERS)` of the register's queries behind one employee's month (the period listing) and the
 * chain verification of one employee-year, with the arguments a request would give them. Titled, for the report.
 */
export async function planes(url: string, idEmpleado: number, mes: [CalendarDate, CalendarDate], anio: [CalendarDate, CalendarDate]): Promise<string[]> {
  const db = await new DataSource({ type: 'postgres', url, poolSize: 1 }).initialize();
  try {
    const real = new FichajesRepository(db);
    const tramo = (await real.findTramo(idEmpleado, ...anio))!;
    const { repositorio, anotadas } = repositorioQueAnota();
    await repositorio.findDelPeriodo(idEmpleado, ...mes);
    await repositorio.findTramo(idEmpleado, ...anio);
    await repositorio.findHashAnteriorA(idEmpleado, tramo.primero);
    await repositorio.findPagina(idEmpleado, String(BigInt(tramo.primero) - 1n), tramo.ultimo, 1000);
    const titulos = [
      `Month of employee ${idEmpleado} (${mes.join(' … ')}): findDelPeriodo`,
      `Year of employee ${idEmpleado} (${anio.join(' … ')}), verification: findTramo (first and last record of the period)`,
      'Verification: findHashAnteriorA (the trusted link before the period)',
      'Verification: findPagina (the first page of 1,000 records of the chain)',
    ];
    const salida: string[] = [];
    for (const [k, consulta] of anotadas.entries()) salida.push(`#### ${titulos[k]}\n\n\`\`\`sql\n${consulta.sql.replace(/\s+/g, ' ').trim()}\n\`\`\`\n\n\`\`\`\n${await plan(db, consulta)}\n\`\`\``);
    return salida;
  } finally {
    await db.destroy();
  }
}
