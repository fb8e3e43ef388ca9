import type { DataSource, EntityManager } from 'typeorm';
import type { CalendarDate } from '../common/calendar-date.js';
import { violatedUniqueConstraint } from '../common/unique-violation.js';
import { cambiosEntre } from '../empleados/empleado-fields.js';
import { countActiveSuperAdmins, lockAdministration } from '../empleados/empleados.repository.js';
import { RolId } from '../catalogs/rol.entity.js';
import type { CambioEmpleado } from '../empleados/entities/historial-empleado.entity.js';
import { type EntradaHistorial, recordHistory } from '../empleados/historial-empleado.repository.js';
import { inTransaction } from './cli-database.js';
import type { CambiosDeCalendario } from '../calendario-laboral/cambios-de-calendario.js';
import type { CalendarConfig } from '../config/calendar-config.js';
import { registrarCambiosDeCalendario } from '../empleados/cambios-de-calendario-de-empleado.js';
import { cambiosDeCalendarioSinAplicacion } from '../recalculo/recalculo-sin-aplicacion.js';
import { CliError } from './cli-errors.js';
import type { Output } from './cli-runner.js';
import { type CentroAsignado, resolveCentros, setCentros } from './empleados-import-centros.js';
import { applyJornadas, cambiosDeJornada, type FechasActuales, type JornadaDeFila, resolveJornadas } from './empleados-import-jornadas.js';
import { applyResponsables, type Destino, resolveDestinos } from './empleados-import-responsables.js';
import { applyBajas, esBaja } from './empleados-import-bajas.js';
import type { Diagnostic } from '../common/csv.js';
import { printDiagnostics, rejectFile } from './cli-diagnostics.js';
import { type ImportRow, readImportRows } from './empleados-import-rows.js';
import {
  type Asignacion,
  type DatosEmpleado,
  findCorreoHolders,
  insertEmpleados,
  lockAsignaciones,
  lockEmpleados,
  updateEmpleados,
  upsertAsignaciones,
} from './empleados-import.repository.js';

export interface ImportOptions {
  /** The file's name as the operator gave it: every message starts with it. */
  file: string;
  csv: string;
  /** The import day in the company's time zone: rows without `anio` take its year, schedules apply from it. */
  hoy: CalendarDate;
  dryRun: boolean;
  /** What recounting requests after a change of centre needs. */
  config: CalendarConfig;
}

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/** What the file changes, worked out against the locked current rows. */
interface Plan {
  counts: ImportCounts;
  diagnostics: Diagnostic[];
  nuevos: ImportRow[];
  updates: DatosEmpleado[];
  correoChanges: number[];
  asignaciones: Asignacion[];
  historial: EntradaHistorial[];
  /** Lines that take the Super Administrador role from an active employee, or deactivate one. */
  demotions: number[];
  /** Active employees whose fecha_baja, as the file gives it, has come: deactivated. */
  bajas: number[];
  filas: ImportRow[];
  /** The managers the file sets, by line; the current ones of the file's existing employees, by id. */
  destinos: Map<number, Destino>;
  anteriores: Map<number, number | null>;
  /** The centre each row sets, by line (rows of a file without the column: none); the changes to existing employees. */
  centrosPorLinea: Map<number, number | null>;
  centros: CentroAsignado[];
  /** The employee id of each existing idp_oid of the file. */
  existentes: Map<string, number>;
  /** The schedules the file names, and the dates and schedules that change (new employees' too, added when they have ids). */
  jornadasDeFila: JornadaDeFila;
  fechas: (FechasActuales & { id_empleado: number })[];
  jornadas: { idEmpleado: number; idJornada: number }[];
  hoy: CalendarDate;
}

/**
 * Creates and updates the file's employees (by idp_oid), their allocation for the row's year and, with
 * the column correo_responsable, their manager and, with centro_trabajo, their work centre, in
 * one transaction: any invalid row rejects the whole file and every problem is printed with its
 * line. Employees not in the file are never touched; `activo` only when a row's fecha_baja has come for an active
 * employee (deactivated, as by the API), never back to true. A dry run rolls back at the end.
 */
export async function importEmpleados(dataSource: DataSource, options: ImportOptions, output: Output): Promise<ImportCounts> {
  const { rows, errors, readable } = readImportRows(options.csv, Number(options.hoy.slice(0, 4)));
  if (!readable) rejectFile(options.file, errors, output);
  try {
    return await inTransaction(dataSource, !options.dryRun, async (manager) => {
      await lockAdministration(manager);
      const superAdmins = await countActiveSuperAdmins(manager);
      const plan = await planImport(manager, rows, options.hoy);
      const diagnostics = [...errors, ...plan.diagnostics];
      if (diagnostics.some((diagnostic) => !diagnostic.warning)) rejectFile(options.file, diagnostics, output);
      printDiagnostics(options.file, diagnostics, output);
      const chainErrors = await apply(manager, plan, cambiosDeCalendarioSinAplicacion(dataSource, options.config));
      if (chainErrors.length) rejectFile(options.file, chainErrors, output);
      if (superAdmins > 0 && (await countActiveSuperAdmins(manager)) === 0) {
        const message = 'takes the Super Administrador role from the last active one: nobody could change roles any more.';
        rejectFile(options.file, plan.demotions.map((line) => ({ line, message })), output);
      }
      const { created, updated, unchanged } = plan.counts;
      const dryRun = options.dryRun ? ' (dry run: rolled back, nothing was written)' : '';
      output.out(`${options.file}: ${created} created, ${updated} updated, ${unchanged} unchanged${dryRun}.`);
      return plan.counts;
    });
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (!constraint) throw error;
    throw new CliError(`${options.file}: another change to these employees was made meanwhile (${constraint}); nothing was written. Run the import again.`);
  }
}

async function planImport(manager: EntityManager, rows: ImportRow[], hoy: CalendarDate): Promise<Plan> {
  const actuales = new Map((await lockEmpleados(manager, rows.map((row) => row.idp_oid))).map((empleado) => [empleado.idp_oid, empleado]));
  const { destinos, diagnostics } = await resolveDestinos(manager, rows);
  const { centros: centrosPorLinea, diagnostics: centroDiagnostics } = await resolveCentros(manager, rows);
  const jornadasDeFila = await resolveJornadas(manager, rows, [...actuales.values()].map((actual) => actual.id_empleado), hoy);
  const plan: Plan = {
    counts: { created: 0, updated: 0, unchanged: 0 },
    diagnostics: [...diagnostics, ...centroDiagnostics, ...jornadasDeFila.diagnostics],
    jornadasDeFila,
    fechas: [],
    jornadas: [],
    hoy,
    nuevos: [],
    updates: [],
    correoChanges: [],
    asignaciones: [],
    historial: [],
    demotions: [],
    bajas: [],
    filas: rows,
    destinos,
    centrosPorLinea,
    centros: [],
    anteriores: new Map([...actuales.values()].map((actual) => [actual.id_empleado, actual.id_responsable])),
    existentes: new Map([...actuales.values()].map((actual) => [actual.idp_oid, actual.id_empleado])),
  };
  const holders = new Map((await findCorreoHolders(manager, rows.map((row) => row.correo))).map((holder) => [holder.correo.toLowerCase(), holder]));
  const enArchivo = new Set(rows.map((row) => row.idp_oid));
  const keys = rows.flatMap((row) => {
    const actual = actuales.get(row.idp_oid);
    return actual ? [{ id_empleado: actual.id_empleado, anio: row.anio }] : [];
  });
  // One row per employee, so one locked allocation per employee at most.
  const asignacionesActuales = new Map((await lockAsignaciones(manager, keys)).map((asignacion) => [asignacion.id_empleado, asignacion]));

  for (const row of rows) {
    const problem = (message: string, warning?: boolean) => plan.diagnostics.push({ line: row.line, message, warning });
    const holder = holders.get(row.correo.toLowerCase());
    // A holder who is in the file gives the address up in this same import (an address swap).
    if (holder && holder.idp_oid !== row.idp_oid && !enArchivo.has(holder.idp_oid)) {
      problem(`correo ${row.correo} already belongs to employee ${holder.id_empleado} (idp_oid ${holder.idp_oid}), who is not in the file.`);
    }
    const datos = { correo: row.correo, nombre: row.nombre, id_rol: row.id_rol };
    const actual = actuales.get(row.idp_oid);
    const jornada = cambiosDeJornada(row, actual, actual && jornadasDeFila.vigentes.get(actual.id_empleado), jornadasDeFila.porLinea.get(row.line), hoy);
    if (jornada.problem) problem(jornada.problem);
    if (!actual) {
      plan.nuevos.push(row);
      plan.counts.created += 1;
      continue;
    }
    if (!actual.activo) problem(`employee ${actual.id_empleado} is inactive: the import updates them but does not reactivate them.`, true);
    const centro = centrosPorLinea.get(row.line);
    const cambios: CambioEmpleado[] = cambiosEntre(
      { correo: actual.correo, nombre: actual.nombre, id_rol: actual.id_rol, id_centro_trabajo: actual.id_centro_trabajo },
      { ...datos, id_centro_trabajo: centro },
    );
    if (cambios.length) plan.updates.push({ id_empleado: actual.id_empleado, ...datos });
    cambios.push(...jornada.cambios);
    if (esBaja(row, actual, hoy)) {
      cambios.push({ campo: 'activo', anterior: true, nuevo: false });
      plan.bajas.push(actual.id_empleado);
      if (actual.id_rol === RolId.SuperAdministrador) plan.demotions.push(row.line);
      problem(`employee ${actual.id_empleado} left on ${row.fecha_baja}: deactivated, their role, delegations and calendar feed ended as for any leaver.`, true);
    }
    if (jornada.fechas) plan.fechas.push({ id_empleado: actual.id_empleado, ...jornada.fechas });
    if (jornada.idJornada !== undefined) plan.jornadas.push({ idEmpleado: actual.id_empleado, idJornada: jornada.idJornada });
    if (centro !== undefined && centro !== actual.id_centro_trabajo) plan.centros.push({ id_empleado: actual.id_empleado, id_centro_trabajo: centro });
    if (actual.activo && actual.id_rol === RolId.SuperAdministrador && row.id_rol !== RolId.SuperAdministrador) plan.demotions.push(row.line);
    if (actual.correo.toLowerCase() !== row.correo.toLowerCase()) plan.correoChanges.push(actual.id_empleado);
    const asignacion = asignacionesActuales.get(actual.id_empleado);
    if (asignacion && row.dias_asignados < asignacion.dias_usados) {
      problem(`dias_vacaciones ${row.dias_asignados} is less than the ${asignacion.dias_usados} days already used in ${row.anio}.`);
    }
    if (asignacion?.dias_asignados !== row.dias_asignados) {
      cambios.push(cambioAsignacion(row, asignacion?.dias_asignados ?? null));
      plan.asignaciones.push({ id_empleado: actual.id_empleado, anio: row.anio, dias_asignados: row.dias_asignados });
    }
    if (cambios.length) plan.historial.push({ idEmpleado: actual.id_empleado, idActor: null, origen: 'importacion', cambios });
    plan.counts[cambios.length ? 'updated' : 'unchanged'] += 1;
  }
  return plan;
}

/**
 * Existing employees first: a new employee may take an address that one of them gives up. Managers
 * last, once every employee of the file has an id; answers the rows whose chain of managers fails.
 */
async function apply(manager: EntityManager, plan: Plan, calendario: CambiosDeCalendario): Promise<Diagnostic[]> {
  await updateEmpleados(manager, plan.updates, plan.correoChanges);
  const ids = await insertEmpleados(manager, plan.nuevos);
  const creados = plan.nuevos.map((row) => ({
    row,
    id_empleado: ids.get(row.idp_oid)!,
    id_centro_trabajo: plan.centrosPorLinea.get(row.line) ?? undefined,
    jornada: cambiosDeJornada(row, undefined, undefined, plan.jornadasDeFila.porLinea.get(row.line), plan.hoy),
  }));
  await setCentros(manager, [
    ...plan.centros,
    ...creados.flatMap(({ id_empleado, id_centro_trabajo }) => (id_centro_trabajo === undefined ? [] : [{ id_empleado, id_centro_trabajo }])),
  ]);
  await upsertAsignaciones(manager, [
    ...plan.asignaciones,
    ...creados.map(({ row, id_empleado }) => ({ id_empleado, anio: row.anio, dias_asignados: row.dias_asignados })),
  ]);
  await applyJornadas(
    manager,
    [...plan.fechas, ...creados.flatMap(({ id_empleado, jornada }) => (jornada.fechas ? [{ id_empleado, ...jornada.fechas }] : []))],
    [...plan.jornadas, ...creados.flatMap(({ id_empleado, jornada }) => (jornada.idJornada === undefined ? [] : [{ idEmpleado: id_empleado, idJornada: jornada.idJornada }]))],
    plan.hoy,
  );
  const historial = new Map<number, EntradaHistorial>([
    ...plan.historial.map((entry): [number, EntradaHistorial] => [entry.idEmpleado, entry]),
    ...creados.map(({ row, id_empleado, id_centro_trabajo, jornada }): [number, EntradaHistorial] => [
      id_empleado,
      {
        idEmpleado: id_empleado,
        idActor: null,
        origen: 'importacion',
        cambios: [...cambiosEntre({}, { correo: row.correo, nombre: row.nombre, idp_oid: row.idp_oid, id_rol: row.id_rol, id_centro_trabajo }), cambioAsignacion(row, null), ...jornada.cambios],
      },
    ]),
  ]);
  const bajasNuevas = creados.filter(({ row }) => esBaja(row, { activo: true }, plan.hoy)).map(({ id_empleado }) => id_empleado);
  await applyBajas(manager, [...plan.bajas, ...bajasNuevas], historial, plan.hoy);
  const idOf = (idpOid: string) => plan.existentes.get(idpOid) ?? ids.get(idpOid)!;
  const { errors, changed } = await applyResponsables(manager, plan.filas, plan.destinos, idOf, plan.anteriores, historial);
  plan.counts.unchanged -= changed.length;
  plan.counts.updated += changed.length;
  await recordHistory(manager, [...historial.values()]);
  await registrarCambiosDeCalendario(calendario, manager, [...historial.values()]);
  return errors;
}

function cambioAsignacion(row: ImportRow, anterior: number | null): CambioEmpleado {
  return { campo: 'dias_asignados', anio: row.anio, anterior, nuevo: row.dias_asignados };
}
