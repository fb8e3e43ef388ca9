import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EstadoSolicitudId } from '../catalogs/estado-solicitud.entity.js';
import { TipoSolicitudId } from '../catalogs/tipo-solicitud.entity.js';
import { calendarDateAt, type CalendarDate } from '../common/calendar-date.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { DiasAnio } from '../calendario-laboral/calendario-empleado.js';
import { caducidadDe, type PeriodoLibre, planificar } from './vacaciones-por-anio.js';

export interface PeriodoVacaciones {
  anio: number;
  dias_asignados: number;
  dias_usados: number;
  /** Days of the employee's pending vacation requests that fall in this year. */
  dias_pendientes: number;
  /** What this allocation can still pay once pending requests take their share; 0 once expired. */
  dias_disponibles: number;
  /** Last day the remainder can be used (VACACIONES_CADUCIDAD); null when it never expires. */
  caduca: CalendarDate | null;
}

export interface SaldoVacaciones {
  dias_asignados: number;
  dias_usados: number;
  /** Days of the employee's own pending vacation requests: promised, not yet deducted. */
  dias_pendientes: number;
  dias_disponibles: number;
  periodos: PeriodoVacaciones[];
}

/** A year whose days the allocations cannot pay: what they can pay, and what is asked. */
export interface Faltante {
  anio: number;
  disponibles: number;
  solicitados: number;
}

interface SaldoRow {
  dias_asignados: string;
  dias_usados: string;
  dias_pendientes: string;
  dias_disponibles: string;
  periodos: { anio: number; dias_asignados: number; dias_usados: number }[];
}

interface PendienteRow {
  id_solicitud: number;
  anio: number;
  dias: number;
}

/**
 * Requests' days per year as recorded at creation (solicitud_dias_anio); a request without that
 * record (inserted directly, outside the API) counts whole in its first day's year.
 */
const DIAS_POR_ANIO = `s.id_solicitud, coalesce(d.anio, extract(year FROM s.fecha_inicio)::int) AS anio,
       coalesce(d.dias, s.dias_solicitados)::float8 AS dias
  FROM solicitud s LEFT JOIN solicitud_dias_anio d ON d.id_solicitud = s.id_solicitud`;

@Injectable()
export class VacacionesRepository {
  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'companyTimeZone' | 'vacacionesCaducidad'>) {}

  /**
   * One statement, so periods and pending days come from the same snapshot. The arithmetic stays in
   * NUMERIC: summing fractional days as JS floats drifts (22.5 − 3.3 − 1.1 = 18.099999999999998).
   */
  async saldo(manager: EntityManager, idEmpleado: number): Promise<SaldoVacaciones> {
    const [row]: SaldoRow[] = await manager.query(
      `SELECT v.asignados AS dias_asignados, v.usados AS dias_usados, p.pendientes AS dias_pendientes,
              v.asignados - v.usados - p.pendientes AS dias_disponibles, v.periodos
         FROM (SELECT coalesce(sum(dias_asignados), 0) AS asignados,
                      coalesce(sum(dias_usados), 0) AS usados,
                      coalesce(json_agg(json_build_object('anio', anio, 'dias_asignados', dias_asignados, 'dias_usados', dias_usados)
                                        ORDER BY anio), '[]') AS periodos
                 FROM vacaciones WHERE id_empleado = $1) v,
              (SELECT coalesce(sum(dias_solicitados), 0) AS pendientes FROM solicitud
                WHERE id_empleado = $1 AND id_tipo_solicitud = $2 AND id_estado_solicitud = $3) p`,
      [idEmpleado, TipoSolicitudId.Vacaciones, EstadoSolicitudId.Pendiente],
    );
    return {
      dias_asignados: Number(row!.dias_asignados),
      dias_usados: Number(row!.dias_usados),
      dias_pendientes: Number(row!.dias_pendientes),
      dias_disponibles: Number(row!.dias_disponibles),
      // json_build_object renders NUMERIC as a JSON number, so `pg` already parsed these.
      periodos: await this.porAnio(manager, idEmpleado, row!.periodos),
    };
  }

  /** Each year's pending days, and what is left of it after the pending requests take their share, oldest request first. */
  private async porAnio(manager: EntityManager, idEmpleado: number, periodos: SaldoRow['periodos']): Promise<PeriodoVacaciones[]> {
    const hoy = this.today();
    const pendientes = await this.pendingDays(manager, idEmpleado);
    const libres = await this.remainders(manager, idEmpleado, false);
    this.planPending(libres, pendientes, hoy);
    return periodos.map((periodo) => {
      const caduca = caducidadDe(periodo.anio, this.config.vacacionesCaducidad);
      const restante = libres.find((libre) => libre.anio === periodo.anio)?.libres ?? 0;
      return {
        ...periodo,
        dias_pendientes: pendientes.filter((p) => p.anio === periodo.anio).reduce((sum, p) => (Math.round(sum * 100) + Math.round(p.dias * 100)) / 100, 0),
        dias_disponibles: caduca !== null && hoy > caduca ? 0 : restante,
        caduca,
      };
    });
  }

  /**
   * The first year of `demanda` (a new request's days per year) that the employee's allocations
   * cannot pay today, once their pending requests have taken their share; null when all fit.
   */
  async shortfall(manager: EntityManager, idEmpleado: number, demanda: DiasAnio[]): Promise<Faltante | null> {
    const libres = await this.remainders(manager, idEmpleado, false);
    const hoy = this.today();
    this.planPending(libres, await this.pendingDays(manager, idEmpleado), hoy);
    return this.firstShortfall(demanda, planificar(libres, demanda, hoy, this.config.vacacionesCaducidad).faltan);
  }

  /** Records how many of a new vacation request's days fall in each year. */
  async recordDaysPerYear(manager: EntityManager, idSolicitud: number, demanda: DiasAnio[]): Promise<void> {
    await manager.query(
      `INSERT INTO solicitud_dias_anio (id_solicitud, anio, dias) SELECT $1, * FROM unnest($2::int[], $3::numeric[])`,
      [idSolicitud, demanda.map((d) => d.anio), demanda.map((d) => d.dias)],
    );
  }

  private firstShortfall(demanda: DiasAnio[], faltan: DiasAnio[]): Faltante | null {
    const [falta] = faltan;
    if (!falta) return null;
    const solicitados = demanda.find((d) => d.anio === falta.anio)!.dias;
    return { anio: falta.anio, solicitados, disponibles: (Math.round(solicitados * 100) - Math.round(falta.dias * 100)) / 100 };
  }

  /** Pending requests take their days in creation order; what they cannot pay is left for their approval to refuse. */
  private planPending(libres: PeriodoLibre[], pendientes: PendienteRow[], hoy: CalendarDate): void {
    planificar(libres, pendientes, hoy, this.config.vacacionesCaducidad);
  }

  /** The employee's pending vacation days per request and year, oldest request first. */
  private pendingDays(manager: EntityManager, idEmpleado: number): Promise<PendienteRow[]> {
    return manager.query(
      `SELECT ${DIAS_POR_ANIO} WHERE s.id_empleado = $1 AND s.id_tipo_solicitud = $2 AND s.id_estado_solicitud = $3 ORDER BY s.id_solicitud, anio`,
      [idEmpleado, TipoSolicitudId.Vacaciones, EstadoSolicitudId.Pendiente],
    );
  }

  /** What is left of each year's allocation, oldest first; `lock` locks them in that order. */
  private remainders(manager: EntityManager, idEmpleado: number, lock: boolean): Promise<PeriodoLibre[]> {
    return manager.query(
      `SELECT id_vacaciones, anio, (dias_asignados - dias_usados)::float8 AS libres
         FROM vacaciones WHERE id_empleado = $1 ORDER BY anio ${lock ? 'FOR UPDATE' : ''}`,
      [idEmpleado],
    );
  }

  private today(): CalendarDate {
    return calendarDateAt(new Date(), this.config.companyTimeZone);
  }

  /**
   * Deducts request `idSolicitud`'s days from the employee's allocations, each year's days from that
   * year's allocation and the unexpired remainder of earlier ones (oldest first), after locking them so
   * that concurrent approvals see each other's deductions, and records in `deduccion_vacaciones` what
   * each year gave. The first year short of days, with nothing changed, when they do not suffice.
   */
  async deduct(manager: EntityManager, idEmpleado: number, idSolicitud: number): Promise<Faltante | null> {
    const libres = await this.remainders(manager, idEmpleado, true);
    const demanda = await this.daysPerYear(manager, idSolicitud);
    const plan = planificar(libres, demanda, this.today(), this.config.vacacionesCaducidad);
    if (plan.faltan.length > 0) {
      // What the allocations could pay without this request's own share of them.
      return this.firstShortfall(demanda, plan.faltan);
    }
    await manager.query(
      `WITH tomas AS (SELECT * FROM unnest($2::int[], $3::numeric[]) AS t (id_vacaciones, dias)),
       descontados AS (
         UPDATE vacaciones v SET dias_usados = v.dias_usados + t.dias FROM tomas t WHERE v.id_vacaciones = t.id_vacaciones)
       INSERT INTO deduccion_vacaciones (id_solicitud, id_vacaciones, dias) SELECT $1, id_vacaciones, dias FROM tomas`,
      [idSolicitud, [...plan.tomas.keys()], [...plan.tomas.values()]],
    );
    return null;
  }

  private daysPerYear(manager: EntityManager, idSolicitud: number): Promise<DiasAnio[]> {
    return manager.query(`SELECT ${DIAS_POR_ANIO} WHERE s.id_solicitud = $1 ORDER BY anio`, [idSolicitud]);
  }

  /**
   * Locks all of the employee's allocations, always in year order: deductions and returns for
   * different requests of one employee then queue instead of deadlocking.
   */
  async lockAllocations(manager: EntityManager, idEmpleado: number): Promise<void> {
    await manager.query(`SELECT 1 FROM vacaciones WHERE id_empleado = $1 ORDER BY anio FOR UPDATE`, [idEmpleado]);
  }

  /** The year's allocation, locked so that approvals deducting from it wait for the change. */
  async lockAllocation(manager: EntityManager, idEmpleado: number, anio: number): Promise<PeriodoVacaciones | null> {
    const [row] = await manager.query(
      `SELECT anio, dias_asignados::float8 AS dias_asignados, dias_usados::float8 AS dias_usados
         FROM vacaciones WHERE id_empleado = $1 AND anio = $2 FOR UPDATE`,
      [idEmpleado, anio],
    );
    return row ?? null;
  }

  async setAllocation(manager: EntityManager, idEmpleado: number, anio: number, dias: number): Promise<void> {
    await manager.query(
      `INSERT INTO vacaciones (id_empleado, anio, dias_asignados) VALUES ($1, $2, $3)
       ON CONFLICT (id_empleado, anio) DO UPDATE SET dias_asignados = EXCLUDED.dias_asignados`,
      [idEmpleado, anio, dias],
    );
  }
}
