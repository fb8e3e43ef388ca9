// `npm run bench:recalculo` (issue 21): what adding or removing a holiday costs when it recounts requests. On a
// throw-away PostgreSQL database seeded as bench:centros' scenario (b) (BENCH_RECALCULO_EMPLEADOS, 5,000
// employees over 50 centres, regional and local holidays, a third with schedules), every employee who is not an
// Admin asks for vacation in one week whose Wednesday is no holiday (Monday or Tuesday to Wednesday, Thursday or Friday) through
// the compiled service in production mode, and every other request is approved. Then, BENCH_RECALCULO_VECES (3)
// times, one operation at a time, it times the POST of a holiday on that week's Wednesday and its DELETE:
//   (1) national (recounts ~all the requests), (2) of the community with most requests, (3) of one centre,
//   (4) national, on the next week's Wednesday, which no request covers: the cost of a holiday write itself.
// Prints the median ms per operation, the requests recounted (history rows written), ms per recounted request
// and the ratio (1)/(4); writes bench/results/recalculo.md.
import 'reflect-metadata';
import type pg from 'pg';
import { addDays, type CalendarDate, calendarDateAt } from '../src/common/calendar-date.js';
import { ServiceProcess } from '../test/resilience/support/service-process.js';
import { createThrowawayDatabase, openPool } from '../test/resilience/support/throwaway-database.js';
import { TestIdentityProvider } from '../test/support/test-identity-provider.js';
import { CENTROS, seedEmpresa } from './centros-seed.js';
import { measuredOn, percentile, writeResults } from './report.js';

const EMPLEADOS = Number(process.env.BENCH_RECALCULO_EMPLEADOS ?? 5000);
const VECES = Number(process.env.BENCH_RECALCULO_VECES ?? 3);
const PARALELO = 16;
/** What an admin should wait for a national holiday over ~5,000 requests (issue 21): seconds, not minutes. */
const LIMITE_MS = 5000;
const HOY = calendarDateAt(new Date(), 'Europe/Madrid');
const ANIOS = [Number(HOY.slice(0, 4)), Number(HOY.slice(0, 4)) + 1];

const mediana = (valores: number[]) => percentile([...valores].sort((x, y) => x - y), 50);

interface Operacion {
  nombre: string;
  /** The POST body, without `fecha`. */
  destino: Record<string, string | number>;
  /** Whether it falls on the requests' Wednesday or on the next week's. */
  enLaSemana: boolean;
}

interface Medida {
  ms: number[];
  recontadas: number[];
}

/** Runs `tarea(0 … total - 1)`, PARALELO at a time. */
async function enParalelo(total: number, tarea: (j: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let j = next++; j < total; j = next++) await tarea(j);
  };
  await Promise.all(Array.from({ length: PARALELO }, worker));
}

async function esperar(response: Response, status: number): Promise<unknown> {
  const body: unknown = await response.json().catch(() => null);
  if (response.status !== status) throw new Error(`${response.url}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** The first Monday two weeks or more ahead whose Wednesday and the next week's have no holiday of any scope. */
async function semanaLibre(pool: pg.Pool): Promise<CalendarDate> {
  const { rows } = await pool.query<{ fecha: CalendarDate }>(`SELECT DISTINCT to_char(fecha, 'YYYY-MM-DD') AS fecha FROM dia_festivo`);
  const festivos = new Set(rows.map((row) => row.fecha));
  let lunes = addDays(HOY, 14 + (8 - (new Date(`${HOY}T00:00:00Z`).getUTCDay() || 7)));
  while (festivos.has(addDays(lunes, 2)) || festivos.has(addDays(lunes, 9))) lunes = addDays(lunes, 7);
  return lunes;
}

const database = await createThrowawayDatabase('ess_bench_recalculo');
const idp = await TestIdentityProvider.startHttps();
let service: ServiceProcess | undefined;
const pool = openPool(database.url, 2);
try {
  const seedStart = performance.now();
  await seedEmpresa(database.url, EMPLEADOS, ANIOS, true);
  // A national holiday over ~5,000 requests must answer before the request times out, whatever it costs.
  service = await ServiceProcess.start('recalculo', { databaseUrl: database.url, jwksUri: idp.jwksUri, caFile: idp.caFile, env: { HTTP_REQUEST_TIMEOUT_SECONDS: '900' } });
  const url = service.url;
  const lunes = await semanaLibre(pool);
  const miercoles = addDays(lunes, 2);

  // seedData's roles: employee i is a Super Admin when i % 100 = 0, an Admin when i % 25 = 0, else an Empleado.
  const ids = Array.from({ length: EMPLEADOS }, (_, k) => k + 1);
  const empleados = await Promise.all(ids.filter((i) => i % 25 !== 0).map((i) => idp.token(`bench-oid-${i}`)));
  const admins = await Promise.all(ids.filter((i) => i % 25 === 0 && i % 100 !== 0).map((i) => idp.token(`bench-oid-${i}`)));
  const enviar = (token: string, method: string, path: string, body?: object) =>
    fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });

  const creadas: number[] = [];
  await enParalelo(empleados.length, async (j) => {
    const rango = { fecha_inicio: addDays(lunes, j % 2), fecha_fin: addDays(lunes, 2 + (j % 3)), descripcion: 'bench' };
    creadas.push(((await esperar(await enviar(empleados[j]!, 'POST', '/api/solicitudes/vacaciones', rango), 201)) as { id_solicitud: number }).id_solicitud);
  });
  const aprobadas = creadas.filter((_, j) => j % 2 === 0);
  await enParalelo(aprobadas.length, async (j) => {
    await esperar(await enviar(admins[j % admins.length]!, 'PUT', `/api/solicitudes/${aprobadas[j]}/aprobar`, {}), 200);
  });
  await pool.query('VACUUM ANALYZE');
  process.stdout.write(`seeded ${EMPLEADOS} employees, ${creadas.length} requests (${aprobadas.length} approved) in the week of ${lunes}, in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`);

  const { rows: porComunidad } = await pool.query<{ comunidad_autonoma: string; solicitudes: number }>(
    `SELECT c.comunidad_autonoma, count(*)::int AS solicitudes FROM solicitud s JOIN empleado e USING (id_empleado) JOIN centro_trabajo c USING (id_centro_trabajo)
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
  );
  const comunidad = porComunidad[0]!;
  const operaciones: Operacion[] = [
    { nombre: '(1) national, in the week', destino: { ambito: 'nacional' }, enLaSemana: true },
    { nombre: `(2) community ${comunidad.comunidad_autonoma} (${comunidad.solicitudes} requests), in the week`, destino: { ambito: 'autonomico', comunidad_autonoma: comunidad.comunidad_autonoma }, enLaSemana: true },
    // Centre 1's employees (ids multiple of 50) are all Admins, who asked for nothing.
    { nombre: `(3) local, centre 2 of ${CENTROS}, in the week`, destino: { ambito: 'local', id_centro_trabajo: 2 }, enLaSemana: true },
    { nombre: '(4) national, on a date no request covers', destino: { ambito: 'nacional' }, enLaSemana: false },
  ];
  const historial = async () => (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM historial_solicitud`)).rows[0]!.n;
  /** One write, timed, and the requests it recounted (each writes one history row). */
  const medir = async (medida: Medida, escribir: () => Promise<unknown>) => {
    const antes = await historial();
    const started = performance.now();
    const resultado = await escribir();
    medida.ms.push(performance.now() - started);
    medida.recontadas.push((await historial()) - antes);
    return resultado;
  };
  const medidas = operaciones.map(() => ({ alta: { ms: [], recontadas: [] } as Medida, baja: { ms: [], recontadas: [] } as Medida }));
  const admin = admins[0]!;
  for (let vez = 0; vez < VECES; vez += 1) {
    for (const [k, operacion] of operaciones.entries()) {
      const fecha = operacion.enLaSemana ? miercoles : addDays(miercoles, 7);
      const creado = (await medir(medidas[k]!.alta, async () =>
        esperar(await enviar(admin, 'POST', '/api/dias-festivos', { fecha, nombre: 'Festivo del benchmark', ...operacion.destino }), 201),
      )) as { data: { id_dia_festivo: number } };
      await medir(medidas[k]!.baja, async () => esperar(await enviar(admin, 'DELETE', `/api/dias-festivos/${creado.data.id_dia_festivo}`), 200));
    }
    process.stdout.write(`round ${vez + 1} of ${VECES} done\n`);
  }
  report(operaciones, medidas, `${creadas.length} vacation requests (${aprobadas.length} approved) from ${lunes} in the week`);
} finally {
  await service?.stop();
  await pool.end();
  await database.drop();
  await idp.stop();
}

function report(operaciones: Operacion[], medidas: { alta: Medida; baja: Medida }[], solicitudes: string): void {
  const fila = (nombre: string, operacion: string, { ms, recontadas }: Medida) => {
    const n = mediana(recontadas);
    return `| ${nombre} | ${operacion} | ${mediana(ms).toFixed(0)} | ${ms.map((x) => x.toFixed(0)).join(', ')} | ${n} | ${n > 0 ? (mediana(ms) / n).toFixed(2) : '–'} |`;
  };
  const table = [
    '| holiday | operation | median ms | each run ms | requests recounted | ms per recounted request |',
    '|---|---|---|---|---|---|',
    ...operaciones.flatMap((operacion, k) => [fila(operacion.nombre, 'POST /api/dias-festivos', medidas[k]!.alta), fila(operacion.nombre, 'DELETE /api/dias-festivos/{id}', medidas[k]!.baja)]),
  ].join('\n');
  const [nacional, , , referencia] = medidas;
  const ratio = (operacion: 'alta' | 'baja') => mediana(nacional![operacion].ms) / mediana(referencia![operacion].ms);
  const peor = Math.max(mediana(nacional!.alta.ms), mediana(nacional!.baja.ms));
  const verdicts = [
    `Ratio (1)/(4): POST ${ratio('alta').toFixed(1)}, DELETE ${ratio('baja').toFixed(1)}.`,
    `National holiday over the week: ${(peor / 1000).toFixed(1)} s at worst — ${peor <= LIMITE_MS ? 'within' : 'OVER'} the ${LIMITE_MS / 1000} s an admin should wait.`,
  ].join('\n');
  const setup = `${EMPLEADOS} employees over ${CENTROS} centres (bench:centros' scenario (b)); ${solicitudes}; each write one at a time, ${VECES} times`;
  writeResults(
    'recalculo.md',
    `${table}\n\n${verdicts}`,
    `# Recount when holidays change\n\n${measuredOn()}, compiled service in production mode on a throw-away PostgreSQL database; ${setup}.\n\n${table}\n\n${verdicts.split('\n').join('\n\n')}\n`,
  );
}
