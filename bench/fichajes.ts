// `npm run bench:fichajes` (issue 22): the working-time register at 7.5 million records. A throw-away PostgreSQL
// database, migrated by the service's own migrations, holds BENCH_FICHAJES_EMPLEADOS (2,000) employees over 50
// centres (the Canaries an hour behind), a third of them on part-time or reduced schedules, and their four records a
// working day for BENCH_FICHAJES_ANIOS (4) years back to yesterday, valid: `fecha` as the service sets it and each
// employee's SHA-256 chain computed with its own `hashFichaje`, loaded with COPY. Against the compiled service in
// production mode, with real RS256 tokens:
//   (1) a clock-in burst: every employee POSTs an entrada, at random instants over BENCH_FICHAJES_RAFAGA_S (60 s:
//       the issue's 5 minutes compressed, a stricter load);
//   (2) one employee's month (GET /api/fichajes), N = 500 random employees and months, one at a time;
//   (3) the chain verification of one employee-year (GET /api/fichajes/verificacion), N = 50;
//   (4) the company's monthly summary (GET /api/fichajes/resumen-empresa), N = 5;
//   (5) a full-year export (GET /api/fichajes/exportacion?formato=csv) read to the end, the service's RSS sampled.
// (4) and (5) print "not available" while the service answers 404. Each figure is also given as a ratio to a
// reference measured in the same run: the p50 of the reference server (bench/reference-server.ts: token check,
// employee look-up, a page of requests and its count, on node:http + pg). Prints EXPLAIN (ANALYZE, BUFFERS) of the
// queries behind (2) and (3) and writes bench/results/fichajes.md. A quick check: BENCH_FICHAJES_EMPLEADOS=200
// BENCH_FICHAJES_ANIOS=1. BENCH_FICHAJES_CONSERVAR=1 keeps the seeded database and prints its URL;
// BENCH_FICHAJES_DATABASE_URL=<that URL> measures it again without seeding (a build with other endpoints, say).
import 'reflect-metadata';
import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { addDays, calendarDateAt, type CalendarDate } from '../src/common/calendar-date.js';
import { ServiceProcess } from '../test/resilience/support/service-process.js';
import { createThrowawayDatabase, openPool } from '../test/resilience/support/throwaway-database.js';
import { TEST_AUDIENCE, TEST_ISSUER, TestIdentityProvider } from '../test/support/test-identity-provider.js';
import { cpuMs, descargar, enSerie, type Latencias, muestrearRss, rafaga, resumir, rssMb } from './fichajes-medidas.js';
import { planes } from './fichajes-planes.js';
import { registroSembrado, seedRegistro } from './fichajes-seed.js';
import { measuredOn, writeResults } from './report.js';

const EMPLEADOS = Number(process.env.BENCH_FICHAJES_EMPLEADOS ?? 2000);
const ANIOS = Number(process.env.BENCH_FICHAJES_ANIOS ?? 4);
const RAFAGA_S = Number(process.env.BENCH_FICHAJES_RAFAGA_S ?? 60);
const N_MES = 500;
/** BENCH_FICHAJES_SOLO=4,5: only those measures (another build's endpoints on a kept database, say). */
const SOLO = process.env.BENCH_FICHAJES_SOLO?.split(',').map(Number);
const mide = (medida: number) => !SOLO || SOLO.includes(medida);
const N_VERIFICACION = 50;
const N_RESUMEN = 5;
const N_REFERENCIA = 500;
const ZONA = 'Europe/Madrid';
const HOY = calendarDateAt(new Date(), ZONA);
/** The issue's targets, in ms (RSS in MB). */
const OBJETIVO = { rafagaP99: 100, mes: 20, verificacion: 1000, resumen: 5000, rssMb: 300 };

// seedData's roles: employee i is a Super Admin when i % 100 = 0, an Admin when i % 25 = 0, else an Empleado.
const ADMIN = 25;

const azarEntre = (n: number) => Math.floor(Math.random() * n);
function addMonth(inicio: CalendarDate): CalendarDate {
  const [y, m] = [Number(inicio.slice(0, 4)), Number(inicio.slice(5, 7))];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}
const finDeMes = (inicio: CalendarDate) => addDays(addMonth(inicio), -1);

/** The first days of the full months inside the seeded dates. */
function mesesCompletos(desde: CalendarDate, hasta: CalendarDate): CalendarDate[] {
  const meses: CalendarDate[] = [];
  for (let mes = addMonth(`${desde.slice(0, 7)}-01`); finDeMes(mes) <= hasta; mes = addMonth(mes)) meses.push(mes);
  return meses;
}

function waitForLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`reference server exited with ${code}`)));
  });
}

interface Fila {
  medida: string;
  n: string;
  /** The service process's CPU time per request (user + system), whatever the machine's other load: its own cost. */
  cpu: string;
  p50: string;
  p99: string;
  objetivo: string;
  cumple: string;
  ratio: string;
}

const ms = (valor: number) => valor.toFixed(valor < 10 ? 2 : 1);
const fallos = (l: Latencias) => [...l.fallos].map(([status, veces]) => `${veces} × ${status}`).join(', ');

const REUTILIZADA = process.env.BENCH_FICHAJES_DATABASE_URL;
const database = REUTILIZADA ? { url: REUTILIZADA, drop: async () => undefined } : await createThrowawayDatabase('ess_bench_fichajes');
const idp = await TestIdentityProvider.startHttps();
const pool = openPool(database.url, 1);
let service: ServiceProcess | undefined;
let reference: ChildProcess | undefined;
try {
  process.stdout.write(REUTILIZADA ? 'measuring the register an earlier run seeded\n' : `seeding ${EMPLEADOS} employees × ${ANIOS} years of records…\n`);
  const sembrado = REUTILIZADA ? await registroSembrado(database.url, HOY) : await seedRegistro(database.url, EMPLEADOS, ANIOS, HOY);
  const { segundos } = sembrado;
  const siembra =
    `${sembrado.filas.toLocaleString('en')} records from ${sembrado.desde} to ${sembrado.hasta}: ` +
    (segundos
      ? `company ${segundos.empresa.toFixed(1)} s, register (hash + COPY) ${segundos.registro.toFixed(1)} s (${Math.round(sembrado.filas / segundos.registro).toLocaleString('en')} rows/s), VACUUM ANALYZE ${segundos.analyze.toFixed(1)} s`
      : 'seeded by an earlier run (its clock-ins included)');
  const [{ tamano }] = (await pool.query(`SELECT pg_size_pretty(pg_total_relation_size('fichaje')) AS tamano`)).rows;
  process.stdout.write(`seeded ${siembra}; table with indexes ${tamano}\n`);

  service = await ServiceProcess.start('fichajes', { databaseUrl: database.url, jwksUri: idp.jwksUri, caFile: idp.caFile, env: { HTTP_REQUEST_TIMEOUT_SECONDS: '900' } });
  reference = spawn(process.execPath, ['--import', 'tsx', 'bench/reference-server.ts'], {
    env: {
      ...process.env,
      NODE_EXTRA_CA_CERTS: idp.caFile!,
      REFERENCE_OPTIONS: JSON.stringify({ databaseUrl: database.url, issuer: TEST_ISSUER, audience: TEST_AUDIENCE, jwksUri: idp.jwksUri, poolSize: 10 }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const referenceUrl = await waitForLine(reference);
  const url = service.url;
  const ids = Array.from({ length: EMPLEADOS }, (_, k) => k + 1);
  const tokens = await Promise.all(ids.map((i) => idp.token(`bench-oid-${i}`)));
  const tokenDe = (id: number) => tokens[id - 1]!;
  const admin = { authorization: `Bearer ${tokenDe(ADMIN)}` };
  const get = (path: string, headers: Record<string, string>) => fetch(`${url}${path}`, { headers });

  // Warm both servers (JIT, token caches, connections) before anything is timed.
  await enSerie(200, 200, (i) => fetch(`${referenceUrl}/`, { headers: { authorization: `Bearer ${tokenDe(1 + (i % EMPLEADOS))}` } }));
  await enSerie(200, 200, (i) => get('/api/fichajes/hoy', { authorization: `Bearer ${tokenDe(1 + (i % EMPLEADOS))}` }));

  const cargaAntes = loadavg()[0]!;
  const referencia = await enSerie(N_REFERENCIA, 200, () => fetch(`${referenceUrl}/`, { headers: { authorization: `Bearer ${tokenDe(1 + azarEntre(EMPLEADOS))}` } }));
  const select1: number[] = [];
  for (let i = 0; i < N_REFERENCIA; i += 1) {
    const t = performance.now();
    await pool.query('SELECT 1');
    select1.push(performance.now() - t);
  }
  const roundTrip = resumir(select1, new Map(), 1);
  process.stdout.write(`reference p50 ${ms(referencia.p50)} ms; SELECT 1 p50 ${ms(roundTrip.p50)} ms\n`);
  const ratio = (valor: number) => `${(valor / referencia.p50).toFixed(1)}×`;
  const filas: Fila[] = [];
  let cpuInicio = cpuMs(service.pid);
  const cpuPorPeticion = (n: number) => {
    const ahora = cpuMs(service!.pid);
    const porPeticion = (ahora - cpuInicio) / n;
    cpuInicio = ahora;
    return porPeticion.toFixed(1);
  };
  const anotar = (medida: string, l: Latencias, objetivo: number, cual: 'p99' | 'max') => {
    filas.push({ medida, n: `${l.n}${l.fallos.size ? ` (${fallos(l)})` : ''}`, cpu: cpuPorPeticion(l.n), p50: ms(l.p50), p99: ms(l.p99), objetivo: `${cual} < ${objetivo} ms`, cumple: l[cual] < objetivo && !l.fallos.size ? 'yes' : 'NO', ratio: `p50 ${ratio(l.p50)}, p99 ${ratio(l.p99)}` });
    process.stdout.write(`${medida}: p50 ${ms(l.p50)} ms, p95 ${ms(l.p95)} ms, p99 ${ms(l.p99)} ms, max ${ms(l.max)} ms${l.fallos.size ? `, unexpected: ${fallos(l)}` : ''}\n`);
  };

  const meses = mesesCompletos(sembrado.desde, sembrado.hasta);
  const anio = String(Number(HOY.slice(0, 4)) - 1);
  const anioCompleto: [CalendarDate, CalendarDate] = [`${anio}-01-01`, `${anio}-12-31`];

  // (1) Clock-in burst; on a register an earlier burst left someone in, they clock out instead.
  if (mide(1)) {
    const { rows: ultimos } = await pool.query<{ id_empleado: number; tipo: string }>(
      `SELECT DISTINCT ON (id_empleado) id_empleado, tipo FROM fichaje ORDER BY id_empleado, id_fichaje DESC`,
    );
    const dentro = new Set(ultimos.filter((u) => u.tipo === 'entrada').map((u) => u.id_empleado));
    const tipoDe = (id: number) => (dentro.has(id) ? 'salida' : 'entrada');
    const tipo = dentro.size ? `entrada (${dentro.size} salida)` : 'entrada';
    const orden = [...ids].sort(() => Math.random() - 0.5);
    const burst = await rafaga(EMPLEADOS, RAFAGA_S * 1000, 201, (i) =>
      fetch(`${url}/api/fichajes`, { method: 'POST', headers: { authorization: `Bearer ${tokenDe(orden[i]!)}`, 'content-type': 'application/json' }, body: JSON.stringify({ tipo: tipoDe(orden[i]!) }) }),
    );
    anotar(`(1) POST /api/fichajes ${tipo}, ${EMPLEADOS} employees over ${RAFAGA_S} s (${burst.rps.toFixed(0)} req/s), p95 ${ms(burst.p95)} ms`, burst, OBJETIVO.rafagaP99, 'p99');
  }

  // (2) One employee's month.
  let diasLeidos = 0;
  if (mide(2)) {
    const mes = await enSerie(
      N_MES,
      200,
      () => {
        const inicio = meses[azarEntre(meses.length)]!;
        return get(`/api/fichajes?desde=${inicio}&hasta=${finDeMes(inicio)}`, { authorization: `Bearer ${tokenDe(1 + azarEntre(EMPLEADOS))}` });
      },
      (body) => (diasLeidos += (body as { data: { dias?: unknown[] } }).data.dias?.length ?? 0),
    );
    anotar(`(2) GET /api/fichajes, one employee's month (own token), random employee and month`, mes, OBJETIVO.mes, 'p99');
  }

  // (3) Chain verification of one employee-year: the last full calendar year.
  if (mide(3)) {
    const verificados: number[] = [];
    const verificacion = await enSerie(
      N_VERIFICACION,
      200,
      () => get(`/api/fichajes/verificacion?id_empleado=${1 + azarEntre(EMPLEADOS)}&desde=${anioCompleto[0]}&hasta=${anioCompleto[1]}`, admin),
      (body) => {
        const data = (body as { data: { valida: boolean; registros: number } }).data;
        if (!data.valida) throw new Error(`a seeded chain does not verify: ${JSON.stringify(data)}`);
        verificados.push(data.registros);
      },
    );
    anotar(`(3) GET /api/fichajes/verificacion, one employee-year (${anio}, ~${Math.round(verificados.reduce((a, b) => a + b, 0) / Math.max(1, verificados.length))} records, all valid)`, verificacion, OBJETIVO.verificacion, 'max');
  }

  // (4) Company monthly summary: the last full month.
  if (mide(4)) {
    const ultimoMes = meses.at(-1)!.slice(0, 7);
    const sondeo = await get(`/api/fichajes/resumen-empresa?mes=${ultimoMes}`, admin);
    await sondeo.arrayBuffer();
    cpuPorPeticion(1);
    if (sondeo.status === 404) {
      filas.push({ medida: '(4) GET /api/fichajes/resumen-empresa', n: '—', cpu: '—', p50: 'not available', p99: '—', objetivo: `max < ${OBJETIVO.resumen} ms`, cumple: '—', ratio: '—' });
      process.stdout.write('(4) GET /api/fichajes/resumen-empresa: not available (404)\n');
    } else {
      const resumen = await enSerie(N_RESUMEN, 200, () => get(`/api/fichajes/resumen-empresa?mes=${ultimoMes}`, admin));
      anotar(`(4) GET /api/fichajes/resumen-empresa?mes=${ultimoMes}, ${EMPLEADOS} employees`, resumen, OBJETIVO.resumen, 'max');
    }
  }

  // (5) Full-year export, streamed; the service's RSS sampled every 100 ms.
  if (mide(5)) {
    const rssAntes = rssMb(service.pid);
    const muestreo = muestrearRss(service.pid);
    const exportStarted = performance.now();
    const exportacion = await get(`/api/fichajes/exportacion?desde=${anioCompleto[0]}&hasta=${anioCompleto[1]}&formato=csv`, admin);
    if (exportacion.status !== 200) {
      await exportacion.arrayBuffer();
      muestreo.stop();
      filas.push({ medida: '(5) GET /api/fichajes/exportacion', n: '—', cpu: '—', p50: `not available (${exportacion.status})`, p99: '—', objetivo: `RSS < ${OBJETIVO.rssMb} MB`, cumple: '—', ratio: '—' });
      process.stdout.write(`(5) GET /api/fichajes/exportacion: not available (${exportacion.status})\n`);
    } else {
      const primerByte = performance.now() - exportStarted;
      const descarga = await descargar(exportacion);
      const pico = muestreo.stop();
      const medida = `(5) GET /api/fichajes/exportacion ${anio} CSV: ${(descarga.lineas - 1).toLocaleString('en')} rows, ${(descarga.bytes / 2 ** 20).toFixed(0)} MB in ${descarga.segundos.toFixed(1)} s (first byte ${ms(primerByte)} ms); service RSS before ${rssAntes.toFixed(0)} MB`;
      filas.push({ medida, n: '1', cpu: cpuPorPeticion(1), p50: `peak RSS ${pico.toFixed(0)} MB`, p99: '—', objetivo: `RSS < ${OBJETIVO.rssMb} MB`, cumple: pico < OBJETIVO.rssMb ? 'yes' : 'NO', ratio: `${(descarga.segundos * 1000 / referencia.p50).toFixed(0)}× (whole download)` });
      process.stdout.write(`${medida}, peak ${pico.toFixed(0)} MB\n`);
    }
  }

  const carga = `the machine's 1-minute load average was ${cargaAntes.toFixed(1)} when the measurements began and ${loadavg()[0]!.toFixed(1)} when they ended (2 cores)`;
  const ejemplo = 1 + azarEntre(EMPLEADOS);
  const mesEjemplo = meses[Math.floor(meses.length / 2)]!;
  const explicados = await planes(database.url, ejemplo, [mesEjemplo, finDeMes(mesEjemplo)], anioCompleto);
  process.stdout.write(`\n${explicados.join('\n\n')}\n`);

  const tabla = [
    '| measure | N | p50 ms | p99 ms | target | met | vs reference p50 | service CPU ms/request |',
    '|---|---|---|---|---|---|---|---|',
    ...filas.map((f) => `| ${f.medida} | ${f.n} | ${f.p50} | ${f.p99} | ${f.objetivo} | ${f.cumple} | ${f.ratio} | ${f.cpu} |`),
  ].join('\n');
  const referencias =
    `Reference, same run: bench/reference-server.ts (node:http + pg: RS256 check, employee look-up, a page of requests and its count), ${N_REFERENCIA} requests one at a time: ` +
    `p50 ${ms(referencia.p50)} ms, p99 ${ms(referencia.p99)} ms; \`SELECT 1\` round trip p50 ${ms(roundTrip.p50)} ms. (2) read ${diasLeidos.toLocaleString('en')} days in all; ${carga}.`;
  writeResults(
    'fichajes.md',
    `${tabla}\n\n${referencias}`,
    [
      '# Working-time register at 7.5 M records (issue 22)',
      '',
      `${measuredOn()}, compiled service in production mode on a throw-away PostgreSQL database (${(await pool.query('SHOW server_version')).rows[0].server_version}); ` +
        `the machine is shared with other engineers' builds and tests, so figures are noisy.`,
      '',
      `Seed: ${EMPLEADOS} employees, ${ANIOS} years — ${siembra}; \`fichaje\` with its indexes ${tamano}.`,
      '',
      tabla,
      '',
      referencias,
      '',
      '## Query plans',
      '',
      ...explicados.flatMap((p) => [p, '']),
    ].join('\n'),
  );
} finally {
  reference?.kill('SIGTERM');
  await service?.stop();
  await pool.end();
  if (process.env.BENCH_FICHAJES_CONSERVAR) process.stdout.write(`kept the seeded database: BENCH_FICHAJES_DATABASE_URL=${database.url}\n`);
  else await database.drop();
  await idp.stop();
}
