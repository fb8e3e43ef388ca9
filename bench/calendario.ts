// `npm run bench:calendario`: GET /api/calendario over 93 days against the compiled service on a
// throw-away PostgreSQL database holding a 1,000-employee company (BENCH_CALENDARIO_EMPLEADOS):
// teams of ten under a team lead, the leads under employee 1 (an Admin), about ten leave requests
// each spread over a year (one in five pending). Asks BENCH_CALENDARIO_VECES times (default 200) as
// the Admin (everyone) and as a team lead (their colleagues and reports), and prints p50/p95
// latency and the rows answered; writes bench/results/calendario.md.
import { addDays, calendarDateAt } from '../src/common/calendar-date.js';
import { ServiceProcess } from '../test/resilience/support/service-process.js';
import { createThrowawayDatabase, openPool } from '../test/resilience/support/throwaway-database.js';
import { TestIdentityProvider } from '../test/support/test-identity-provider.js';
import { measuredOn, percentile, writeResults } from './report.js';

const EMPLEADOS = Number(process.env.BENCH_CALENDARIO_EMPLEADOS ?? 1000);
const VECES = Number(process.env.BENCH_CALENDARIO_VECES ?? 200);
const POR_EMPLEADO = 10;
const TEAM = 10;

/** Employees 1..N; i's lead is the first of its ten, the leads report to 1 (Admin). Requests start across the year around today. */
async function seed(url: string): Promise<void> {
  const pool = openPool(url, 1);
  try {
    await pool.query(
      `INSERT INTO empleado (id_empleado, correo, nombre, id_rol, idp_oid)
       OVERRIDING SYSTEM VALUE
       SELECT i, 'persona' || i || '@bench.local', 'Persona ' || i, CASE WHEN i = 1 THEN 2 ELSE 1 END, 'bench-oid-' || i
         FROM generate_series(1, $1) i`,
      [EMPLEADOS],
    );
    await pool.query(`SELECT setval(pg_get_serial_sequence('empleado', 'id_empleado'), $1)`, [EMPLEADOS]);
    await pool.query(
      `UPDATE empleado SET id_responsable = CASE WHEN (id_empleado - 1) % $1 = 0 THEN 1 ELSE id_empleado - (id_empleado - 1) % $1 END
        WHERE id_empleado <> 1`,
      [TEAM],
    );
    await pool.query(
      `INSERT INTO solicitud (id_empleado, id_tipo_solicitud, id_estado_solicitud, fecha_inicio, fecha_fin, dias_solicitados, fecha_referencia)
       SELECT e, 1 + (e + k) % 4, CASE WHEN k % 5 = 0 THEN 1 ELSE 2 END, inicio, inicio + (e + k) % 5, 1 + (e + k) % 5, inicio
         FROM generate_series(1, $1) e CROSS JOIN generate_series(0, $2 - 1) k
         CROSS JOIN LATERAL (SELECT (current_date - 182 + k * 36 + e % 36)::date AS inicio) d`,
      [EMPLEADOS, POR_EMPLEADO],
    );
    await pool.query('VACUUM ANALYZE');
  } finally {
    await pool.end();
  }
}

const database = await createThrowawayDatabase('ess_bench_calendario');
const idp = await TestIdentityProvider.startHttps();
const service = await ServiceProcess.start('service', { databaseUrl: database.url, jwksUri: idp.jwksUri, caFile: idp.caFile });
try {
  await seed(database.url);
  const desde = calendarDateAt(new Date(), 'UTC');
  const path = `/api/calendario?desde=${desde}&hasta=${addDays(desde, 92)}&incluir_pendientes=true`;
  const measure = async (name: string, oid: string) => {
    const authorization = `Bearer ${await idp.token(oid)}`;
    const latencies: number[] = [];
    let rows = 0;
    for (let i = 0; i < VECES; i += 1) {
      const started = performance.now();
      const response = await fetch(`${service.url}${path}`, { headers: { authorization } });
      const body = (await response.json()) as { data: unknown[]; truncado: boolean };
      latencies.push(performance.now() - started);
      if (response.status !== 200 || body.truncado) throw new Error(`${name}: ${response.status}, truncado ${body.truncado}`);
      rows = body.data.length;
    }
    const sorted = latencies.sort((a, b) => a - b);
    return `| ${name} | ${VECES} | ${rows} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} |`;
  };
  const table = [
    '| caller, 93 days with pending | requests | rows | p50 ms | p95 ms |',
    '|---|---|---|---|---|',
    await measure('Admin (everyone)', 'bench-oid-1'),
    await measure('team lead (colleagues and reports)', 'bench-oid-11'),
  ].join('\n');
  const setup = `${EMPLEADOS} employees in teams of ${TEAM}, ${EMPLEADOS * POR_EMPLEADO} requests over a year, one at a time`;
  writeResults('calendario.md', `${table}\n\n${setup}.`, `# Who's out: GET /api/calendario\n\n${measuredOn()}, compiled service in production mode on a throw-away PostgreSQL database; ${setup}.\n\n${table}\n`);
} finally {
  await service.stop();
  await database.drop();
  await idp.stop();
}
