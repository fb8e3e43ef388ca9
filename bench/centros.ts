// `npm run bench:centros` (issue 21): vacation-request creation and approval for a 5,000-employee company
// (BENCH_CENTROS_EMPLEADOS), in one run, on two throw-away PostgreSQL databases each served by the compiled
// service in production mode:
//   (a) "today": no centres, no schedules, national holidays only;
//   (b) "centros": the same employees over 50 centres in the 19 communities, each community's and each
//       centre's holidays (some communities dropping a national day), a third with schedule assignments.
// Both get the same sequence of requests (random working-day ranges in disjoint future weeks per employee, so
// the overlap check passes), BENCH_CENTROS_PARALELO (16) at a time, in BENCH_CENTROS_RONDAS (6) rounds of
// BENCH_CENTROS_LOTE (750) creations then their approvals by the Admins; the scenarios alternate within each
// round. Prints req/s and latencies, the ratio (b)/(a) of the time per request, and writes bench/results/centros.md.
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { addDays, type CalendarDate, calendarDateAt } from '../src/common/calendar-date.js';
import { ServiceProcess } from '../test/resilience/support/service-process.js';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../test/resilience/support/throwaway-database.js';
import { TestIdentityProvider } from '../test/support/test-identity-provider.js';
import { tiempoDelCalendario } from './centros-calendario.js';
import { CENTROS, seedEmpresa } from './centros-seed.js';
import { measuredOn, percentile, writeResults } from './report.js';

const EMPLEADOS = Number(process.env.BENCH_CENTROS_EMPLEADOS ?? 5000);
const LOTE = Number(process.env.BENCH_CENTROS_LOTE ?? 750);
const RONDAS = Number(process.env.BENCH_CENTROS_RONDAS ?? 6);
const PARALELO = Number(process.env.BENCH_CENTROS_PARALELO ?? 16);
const CALENTAMIENTO = 300;
/** Calendar look-ups timed alone, per scenario. */
const CONSULTAS = 1000;
/** Differences under this are the machine's noise (docs/performance.md, NOTES.md). */
const RUIDO = 1.15;
const ZONA = 'Europe/Madrid';
const HOY = calendarDateAt(new Date(), ZONA);
const ANIOS = [Number(HOY.slice(0, 4)), Number(HOY.slice(0, 4)) + 1];

interface Medida {
  latencias: number[];
  segundos: number;
  /** `status code` → how many: refusals are counted apart, never mixed into the figures' meaning. */
  fallos: Map<string, number>;
}

interface Escenario {
  nombre: string;
  db: ThrowawayDatabase;
  service?: ServiceProcess;
  /** The next request's number: both scenarios walk the same sequence. */
  siguiente: number;
  creacion: Medida;
  aprobacion: Medida;
}

const nuevaMedida = (): Medida => ({ latencias: [], segundos: 0, fallos: new Map() });

/** A well-mixed 32-bit hash of the request number: the same "random" range for request i in both scenarios. */
const mezcla = (i: number) => Math.imul(i ^ 0x9e3779b9, 0x85ebca6b) >>> 0;

/** The Monday after today. */
const LUNES: CalendarDate = addDays(HOY, 8 - (new Date(`${HOY}T00:00:00Z`).getUTCDay() || 7));

/**
 * Request i: employee i % n, in week 1 + 2k or 2 + 2k after LUNES (k = i / n, so an employee's requests never
 * overlap), from Monday or Tuesday to Wednesday, Thursday or Friday.
 */
function rango(i: number, empleados: number): { fecha_inicio: CalendarDate; fecha_fin: CalendarDate } {
  const bits = mezcla(i);
  const lunes = addDays(LUNES, 7 * (1 + 2 * Math.floor(i / empleados) + (bits & 1)));
  return { fecha_inicio: addDays(lunes, (bits >> 1) & 1), fecha_fin: addDays(lunes, 2 + ((bits >>> 2) % 3)) };
}

/** Sends `total` requests, PARALELO at a time; adds their latencies, duration and refusals to `medida`. */
async function lote(medida: Medida, total: number, enviar: (j: number) => Promise<Response>, esperado: number, alAceptar?: (body: unknown) => void): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let j = next++; j < total; j = next++) {
      const started = performance.now();
      const response = await enviar(j);
      const body: unknown = await response.json();
      medida.latencias.push(performance.now() - started);
      if (response.status === esperado) alAceptar?.(body);
      else {
        const clave = `${response.status} ${(body as { code?: string }).code ?? ''}`.trim();
        medida.fallos.set(clave, (medida.fallos.get(clave) ?? 0) + 1);
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: PARALELO }, worker));
  medida.segundos += (performance.now() - started) / 1000;
}

const database = {
  hoy: await createThrowawayDatabase('ess_bench_hoy'),
  centros: await createThrowawayDatabase('ess_bench_centros'),
};
const idp = await TestIdentityProvider.startHttps();
const escenarios: Escenario[] = [
  { nombre: '(a) today: no centres, national holidays', db: database.hoy, siguiente: 0, creacion: nuevaMedida(), aprobacion: nuevaMedida() },
  { nombre: `(b) ${CENTROS} centres, regional and local holidays, schedules`, db: database.centros, siguiente: 0, creacion: nuevaMedida(), aprobacion: nuevaMedida() },
];
try {
  const seedStart = performance.now();
  await seedEmpresa(database.hoy.url, EMPLEADOS, ANIOS, false);
  await seedEmpresa(database.centros.url, EMPLEADOS, ANIOS, true);
  process.stdout.write(`seeded 2 × ${EMPLEADOS} employees in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`);
  for (const escenario of escenarios) {
    escenario.service = await ServiceProcess.start(escenario.nombre, { databaseUrl: escenario.db.url, jwksUri: idp.jwksUri, caFile: idp.caFile });
  }
  // seedData's roles: employee i is a Super Admin when i % 100 = 0, an Admin when i % 25 = 0, else an Empleado.
  const ids = Array.from({ length: EMPLEADOS }, (_, k) => k + 1);
  const idsEmpleado = ids.filter((i) => i % 25 !== 0);
  const empleados = await Promise.all(idsEmpleado.map((i) => idp.token(`bench-oid-${i}`)));
  const admins = await Promise.all(ids.filter((i) => i % 25 === 0 && i % 100 !== 0).map((i) => idp.token(`bench-oid-${i}`)));

  const ronda = async (escenario: Escenario, total: number, creacion: Medida, aprobacion: Medida) => {
    const url = escenario.service!.url;
    const inicio = escenario.siguiente;
    escenario.siguiente += total;
    const creadas: number[] = [];
    await lote(
      creacion,
      total,
      (j) =>
        fetch(`${url}/api/solicitudes/vacaciones`, {
          method: 'POST',
          headers: { authorization: `Bearer ${empleados[(inicio + j) % empleados.length]}`, 'content-type': 'application/json' },
          body: JSON.stringify({ ...rango(inicio + j, empleados.length), descripcion: 'bench' }),
        }),
      201,
      (body) => creadas.push((body as { id_solicitud: number }).id_solicitud),
    );
    await lote(
      aprobacion,
      creadas.length,
      (j) =>
        fetch(`${url}/api/solicitudes/${creadas[j]}/aprobar`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${admins[j % admins.length]}`, 'content-type': 'application/json' },
          body: '{}',
        }),
      200,
    );
  };
  for (const escenario of escenarios) await ronda(escenario, CALENTAMIENTO, nuevaMedida(), nuevaMedida());
  for (let r = 0; r < RONDAS; r += 1) {
    // Alternate which goes first, so that a drift of the machine hits both alike.
    for (const escenario of r % 2 === 0 ? escenarios : [...escenarios].reverse()) await ronda(escenario, LOTE, escenario.creacion, escenario.aprobacion);
    process.stdout.write(`round ${r + 1} of ${RONDAS} done\n`);
  }
  const consultas = Array.from({ length: CONSULTAS }, (_, i) => {
    const { fecha_inicio, fecha_fin } = rango(i, idsEmpleado.length);
    return { idEmpleado: idsEmpleado[i % idsEmpleado.length]!, inicio: fecha_inicio, fin: fecha_fin };
  });
  const calendario = [];
  for (const escenario of escenarios) calendario.push(await tiempoDelCalendario(escenario.db.url, consultas));
  await report(escenarios, calendario);
} finally {
  for (const escenario of escenarios) await escenario.service?.stop();
  await database.hoy.drop();
  await database.centros.drop();
  await idp.stop();
}

interface Cifras {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  fallos: string;
}

function cifras(medida: Medida): Cifras {
  const sorted = [...medida.latencias].sort((x, y) => x - y);
  const fallos = [...medida.fallos].map(([clave, veces]) => `${veces} × ${clave}`).join(', ');
  return { rps: sorted.length / medida.segundos, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), fallos: fallos || '0' };
}

/** How the two databases counted the same requests: proof that (b) went through its centres' holidays and schedules. */
async function diasContados(todos: Escenario[]): Promise<string> {
  const [hoy, centros] = await Promise.all(
    todos.map(async ({ db }) => {
      const pool = new DataSource({ type: 'postgres', url: db.url, poolSize: 1 });
      await pool.initialize();
      try {
        const rows: { clave: string; dias: string }[] = await pool.query(
          `SELECT id_empleado || ' ' || fecha_inicio AS clave, dias_solicitados AS dias FROM solicitud WHERE id_tipo_solicitud = 1`,
        );
        return new Map(rows.map((row) => [row.clave, Number(row.dias)]));
      } finally {
        await pool.destroy();
      }
    }),
  );
  const suma = (dias: Map<string, number>) => [...dias.values()].reduce((total, d) => total + d, 0);
  const distintas = [...hoy!].filter(([clave, dias]) => centros!.has(clave) && centros!.get(clave) !== dias).length;
  return `Days counted for the same requests: (a) ${suma(hoy!)} over ${hoy!.size}, (b) ${suma(centros!)} over ${centros!.size}; ${distintas} requests counted differently in (b).`;
}

async function report(todos: Escenario[], calendario: { p50: number; p95: number }[]): Promise<void> {
  const [a, b] = todos.map((escenario) => ({ creacion: cifras(escenario.creacion), aprobacion: cifras(escenario.aprobacion) }));
  const fila = (nombre: string, operacion: string, c: Cifras) =>
    `| ${nombre} | ${operacion} | ${c.rps.toFixed(0)} | ${c.p50.toFixed(1)} | ${c.p95.toFixed(1)} | ${c.p99.toFixed(1)} | ${c.fallos} |`;
  // The time per request of (b) over (a): above 1, (b) is slower.
  const ratio = (operacion: 'creacion' | 'aprobacion') => a![operacion].rps / b![operacion].rps;
  const veredicto = (operacion: 'creacion' | 'aprobacion', nombre: string) =>
    `${nombre}: ratio (b)/(a) of the time per request ${ratio(operacion).toFixed(2)} (p50 ${(b![operacion].p50 / a![operacion].p50).toFixed(2)}) — ${ratio(operacion) <= RUIDO ? 'same speed' : 'SLOWER'}`;
  const table = [
    '| scenario | operation | req/s | p50 ms | p95 ms | p99 ms | refused |',
    '|---|---|---|---|---|---|---|',
    ...todos.flatMap((escenario, k) => {
      const c = [a!, b!][k]!;
      return [fila(escenario.nombre, 'POST /api/solicitudes/vacaciones', c.creacion), fila(escenario.nombre, 'PUT /api/solicitudes/{id}/aprobar', c.aprobacion)];
    }),
  ].join('\n');
  const [calA, calB] = calendario;
  const soloCalendario =
    `CalendarioLaboralService.deEmpleado alone (${CONSULTAS} look-ups one at a time, SQL round trips included): ` +
    `(a) p50 ${calA!.p50.toFixed(2)} ms, p95 ${calA!.p95.toFixed(2)} ms; (b) p50 ${calB!.p50.toFixed(2)} ms, p95 ${calB!.p95.toFixed(2)} ms`;
  const verdicts = [veredicto('creacion', 'Creation'), veredicto('aprobacion', 'Approval'), soloCalendario, await diasContados(todos)].join('\n');
  const setup =
    `${EMPLEADOS} employees (the Admins approving), ${RONDAS} rounds of ${LOTE} vacation requests then their approvals per scenario, ` +
    `${PARALELO} at a time, after ${CALENTAMIENTO} of each to warm up; the scenarios alternate within each round`;
  writeResults(
    'centros.md',
    `${table}\n\n${verdicts}`,
    `# Centres and schedules: request creation and approval\n\n${measuredOn()}, compiled service in production mode on two throw-away PostgreSQL databases; ${setup}.\n\n${table}\n\n${verdicts.split('\n').join('\n\n')}\n`,
  );
}
