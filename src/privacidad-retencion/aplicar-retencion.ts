import type { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { CalendarDate } from '../common/calendar-date.js';
import { anotarEnRegistroPrivacidad } from '../registro-privacidad/registro-privacidad.js';
import type { FileStorage } from '../uploads/storage/file-storage.js';
import { bloquear, type PlazosDeRetencion } from './bloqueo.js';
import { faseNoEjecutada, Informe, type ResultadoFase, type ResultadoPurga } from './informe.js';
import { purgar } from './purga.js';

/** Rows one phase of one run moves at most; what is left waits for the next run. */
export const MAX_FILAS_POR_EJECUCION = 100_000;
/** Arbitrary constant: "ess-api retention run". One run at a time across instances. */
const RETENCION_LOCK_KEY = 7_307_263_525;

export interface OpcionesRetencion {
  /** The company's today: the job and the CLI pass it in COMPANY_TIMEZONE; tests move it. */
  hoy: CalendarDate;
  /** Lists what would be done, and rolls everything back. */
  simulacro: boolean;
}

export interface ResultadoRetencion {
  hoy: CalendarDate;
  simulacro: boolean;
  bloqueo: ResultadoFase;
  purga: ResultadoPurga;
}

export interface DependenciasRetencion {
  dataSource: DataSource;
  storage: FileStorage;
  plazos: PlazosDeRetencion;
  /** Told about files the purge could not remove. */
  logger: Pick<Logger, 'warn'>;
  /** Rows per phase and run; MAX_FILAS_POR_EJECUCION unless a test lowers it. */
  maxFilas?: number;
}

class Simulacro<T> extends Error {
  constructor(readonly resultado: T) {
    super('dry run');
  }
}

/**
 * Blocks what passed its retention, then purges what passed its blocking period. Each phase is one transaction
 * under an advisory lock: a second run meanwhile (another instance, the CLI) does nothing and says so; the
 * phase's entry in `registro_privacidad` stands or falls with its work. Both are idempotent.
 */
export async function aplicarRetencion(deps: DependenciasRetencion, { hoy, simulacro }: OpcionesRetencion): Promise<ResultadoRetencion> {
  const maxFilas = deps.maxFilas ?? MAX_FILAS_POR_EJECUCION;
  const bloqueo = await fase(deps.dataSource, simulacro, async (manager) => {
    const informe = new Informe(maxFilas);
    await bloquear(manager, deps.plazos, hoy, informe);
    const resultado = informe.resultado();
    if (!simulacro) await anotar(manager, 'bloqueo', hoy, resultado, {});
    return resultado;
  });
  const purga = await fase(deps.dataSource, simulacro, async (manager): Promise<ResultadoPurga> => {
    const informe = new Informe(maxFilas);
    const archivos = await purgar(manager, deps.storage, { hoy, simulacro, logger: deps.logger }, informe);
    const resultado = informe.resultado();
    if (!simulacro) await anotar(manager, 'purga', hoy, resultado, { ...archivos });
    return { ...resultado, ...archivos };
  });
  return { hoy, simulacro, bloqueo: bloqueo ?? faseNoEjecutada(), purga: purga ?? { ...faseNoEjecutada(), archivos: 0, pendientes: 0 } };
}

/** One phase in one transaction; null when another run holds the lock. A dry run rolls its transaction back. */
async function fase<T>(dataSource: DataSource, simulacro: boolean, trabajo: (manager: EntityManager) => Promise<T>): Promise<T | null> {
  try {
    return await dataSource.transaction(async (manager) => {
      const [{ libre }] = await manager.query(`SELECT pg_try_advisory_xact_lock($1) AS libre`, [RETENCION_LOCK_KEY]);
      if (!libre) return null;
      await manager.query(`SET LOCAL ess.purga = 'on'`);
      const resultado = await trabajo(manager);
      if (simulacro) throw new Simulacro(resultado);
      return resultado;
    });
  } catch (error) {
    if (error instanceof Simulacro) return error.resultado as T;
    throw error;
  }
}

function anotar(manager: EntityManager, tipo: 'bloqueo' | 'purga', hoy: CalendarDate, resultado: ResultadoFase, extra: object): Promise<number> {
  const empleados = Object.keys(resultado.por_empleado).map(Number);
  return anotarEnRegistroPrivacidad(manager, { tipo, idActor: null, idEmpleado: null, detalle: { hoy, por_tipo: resultado.por_tipo, empleados, ...extra } });
}
