import 'reflect-metadata';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DataSource } from 'typeorm';
import type { CalendarioEmpleado } from '../src/calendario-laboral/calendario-empleado.js';
import { CalendarioLaboralRepository } from '../src/calendario-laboral/calendario-laboral.repository.js';
import { CalendarioLaboralService } from '../src/calendario-laboral/calendario-laboral.service.js';
import { addDays, type CalendarDate, daysInRange } from '../src/common/calendar-date.js';
import { runMigrationsWithLock } from '../src/database/migrate.js';
import { hashFichaje } from '../src/fichajes/fichaje-hash.js';
import { buildDataSourceOptions } from '../src/schema/data-source-options.js';
import { seedCentrosYJornadas, seedNationalHolidays } from './centros-seed.js';
import { aleatorio, jornadaSimulada, type Marcaje } from './fichajes-jornada.js';
import { seedData } from './seed-data.js';

/** Calendars loaded at a time: three queries each, whatever the batch holds. */
const LOTE_CALENDARIOS = 250;
const ZONA_EMPRESA = 'Europe/Madrid';
const COLUMNAS = 'id_empleado, tipo, modalidad, instante, fecha, origen, id_solicitud, sustituye, hash, hash_anterior';

export interface RegistroSembrado {
  desde: CalendarDate;
  hasta: CalendarDate;
  filas: number;
  /** Absent for a register seeded by an earlier run. */
  segundos?: { empresa: number; registro: number; analyze: number };
}

interface Empleado {
  id: number;
  zona: string;
  /** Their usual entrada, minutes after local midnight: 07:00 to 09:30. */
  inicioHabitual: number;
  calendario: CalendarioEmpleado;
  anterior: Buffer | null;
}

interface Fila extends Marcaje {
  empleado: Empleado;
  fecha: CalendarDate;
}

const hex = (hash: Buffer | null) => (hash ? `\\\\x${hash.toString('hex')}` : '\\N');

/**
 * One day of the whole company, in the order the service would have written it (by instant, as the clock
 * ran): each employee whose calendar (their schedule in force, their centre's holidays) expects hours that day
 * clocks four times; each row hashed onto the employee's previous one, as `FichajesService.fichar` does.
 * COPY text lines; the day holds at most 4 × the employees, so memory stays bounded whatever the years.
 */
function diaDeLaEmpresa(empleados: Empleado[], fecha: CalendarDate, azar: () => number): { lineas: string; filas: number } {
  const filas: Fila[] = [];
  for (const empleado of empleados) {
    const horas = empleado.calendario.horasDe(fecha);
    if (horas <= 0) continue;
    for (const marcaje of jornadaSimulada(azar, fecha, empleado.zona, horas, empleado.inicioHabitual)) filas.push({ ...marcaje, empleado, fecha });
  }
  filas.sort((a, b) => a.instante.getTime() - b.instante.getTime());
  let lineas = '';
  for (const { empleado, tipo, modalidad, instante } of filas) {
    const contenido = { id_empleado: empleado.id, tipo, modalidad, instante, fecha, origen: 'empleado' as const, id_solicitud: null, sustituye: null };
    const hash = hashFichaje(empleado.anterior, contenido);
    lineas += `${empleado.id}\t${tipo}\t${modalidad}\t${instante.toISOString()}\t${fecha}\templeado\t\\N\t\\N\t${hex(hash)}\t${hex(empleado.anterior)}\n`;
    empleado.anterior = hash;
  }
  return { lineas, filas: filas.length };
}

/** Every employee with their centre's time zone and their calendar over the seeded dates, loaded in batches. */
async function empleadosConCalendario(db: DataSource, desde: CalendarDate, hasta: CalendarDate): Promise<Empleado[]> {
  const filas: { id_empleado: number; zona_horaria: string | null }[] = await db.query(
    `SELECT e.id_empleado, c.zona_horaria FROM empleado e LEFT JOIN centro_trabajo c USING (id_centro_trabajo) ORDER BY e.id_empleado`,
  );
  const servicio = new CalendarioLaboralService(new CalendarioLaboralRepository());
  const empleados: Empleado[] = [];
  for (let i = 0; i < filas.length; i += LOTE_CALENDARIOS) {
    const lote = filas.slice(i, i + LOTE_CALENDARIOS);
    const calendarios = await servicio.deEmpleados(db.manager, lote.map((fila) => fila.id_empleado), desde, hasta);
    for (const fila of lote) {
      const inicioHabitual = 7 * 60 + (fila.id_empleado % 6) * 30;
      empleados.push({ id: fila.id_empleado, zona: fila.zona_horaria ?? ZONA_EMPRESA, inicioHabitual, calendario: calendarios.get(fila.id_empleado)!, anterior: null });
    }
  }
  return empleados;
}

/** Streams the register day by day into `fichaje` with COPY (the append-only trigger refuses UPDATE and DELETE, not COPY). */
async function copiarRegistro(url: string, empleados: Empleado[], desde: CalendarDate, hasta: CalendarDate): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let total = 0;
  try {
    const azar = aleatorio(22);
    const dias = daysInRange(desde, hasta);
    async function* lineas() {
      for (let d = 0; d < dias; d += 1) {
        const dia = diaDeLaEmpresa(empleados, addDays(desde, d), azar);
        total += dia.filas;
        if (d % 100 === 99) process.stdout.write(`  … ${addDays(desde, d)}: ${total.toLocaleString('en')} records\n`);
        if (dia.lineas) yield dia.lineas;
      }
    }
    await pipeline(Readable.from(lineas()), client.query(copyFrom(`COPY fichaje (${COLUMNAS}) FROM STDIN`)));
  } finally {
    await client.end();
  }
  return total;
}

/**
 * Migrates the empty database at `url` and fills it as a company of `empleados` (seedData's roles, bench:centros'
 * 50 centres in the 19 communities — the Canaries' an hour behind — with their holidays and its part-time and
 * reduced schedules) that has clocked every working day from `anios` years ago to yesterday. Then ANALYZE.
 */
export async function seedRegistro(url: string, empleados: number, anios: number, hoy: CalendarDate): Promise<RegistroSembrado> {
  const desde = addDays(hoy, -Math.round(365.25 * anios));
  const hasta = addDays(hoy, -1);
  const years = Array.from({ length: Number(hoy.slice(0, 4)) - Number(desde.slice(0, 4)) + 2 }, (_, k) => Number(desde.slice(0, 4)) + k);
  const db = await new DataSource(buildDataSourceOptions({ url, poolSize: 2 })).initialize();
  try {
    let started = performance.now();
    await runMigrationsWithLock(db);
    await seedData(db, { empleados, solicitudes: 0, notificacionesPorEmpleado: 0 });
    await seedNationalHolidays(db, years);
    await seedCentrosYJornadas(db, years);
    const empresa = (performance.now() - started) / 1000;
    started = performance.now();
    const filas = await copiarRegistro(url, await empleadosConCalendario(db, desde, hasta), desde, hasta);
    const registro = (performance.now() - started) / 1000;
    started = performance.now();
    await db.query('VACUUM ANALYZE fichaje');
    return { desde, hasta, filas, segundos: { empresa, registro, analyze: (performance.now() - started) / 1000 } };
  } finally {
    await db.destroy();
  }
}

/** The register an earlier run seeded at `url` (kept with BENCH_FICHAJES_CONSERVAR): its dates and size, to measure it again. */
export async function registroSembrado(url: string, hoy: CalendarDate): Promise<RegistroSembrado> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT to_char(min(fecha), 'YYYY-MM-DD') AS desde, count(*)::int AS filas FROM fichaje`);
    return { desde: rows[0].desde, hasta: addDays(hoy, -1), filas: rows[0].filas };
  } finally {
    await client.end();
  }
}
