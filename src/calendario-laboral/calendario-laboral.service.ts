import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CalendarDate } from '../common/calendar-date.js';
import { CalendarioEmpleado } from './calendario-empleado.js';
import { CalendarioLaboralRepository, claveDeDestino } from './calendario-laboral.repository.js';
import { tramosDeJornada } from './jornadas-de-empleado.js';
import { comprobarRangoPrevisto, minutosPrevistos, type MinutosPrevistosDia } from './minutos-previstos.js';
import { diasProrrateados } from './prorrateo.js';

/** An employee's expected minutes per day of a range, and the calendar they come from. */
export interface PrevistosDeEmpleado {
  calendario: CalendarioEmpleado;
  dias: MinutosPrevistosDia[];
}

/**
 * The one entry point for counting working time: an employee's calendar (schedules in force and holidays)
 * between two dates. Callers bound the dates (a request covers at most 366 days).
 */
@Injectable()
export class CalendarioLaboralService {
  constructor(private readonly repository: CalendarioLaboralRepository) {}

  /** deEmpleados for one employee, who must exist. */
  async deEmpleado(manager: EntityManager, idEmpleado: number, inicio: CalendarDate, fin: CalendarDate): Promise<CalendarioEmpleado> {
    const calendario = (await this.deEmpleados(manager, [idEmpleado], inicio, fin)).get(idEmpleado);
    if (!calendario) throw new Error(`Employee ${idEmpleado} does not exist`);
    return calendario;
  }

  /**
   * The minutes each day from `desde` to `hasta` (at most MAX_DIAS_PREVISTOS days, else RangeError) expects of
   * the employee: their schedule and holidays, less their approved vacations, permissions and absences.
   */
  async minutosPrevistos(manager: EntityManager, idEmpleado: number, desde: CalendarDate, hasta: CalendarDate): Promise<MinutosPrevistosDia[]> {
    comprobarRangoPrevisto(desde, hasta);
    const [calendario, ausencias] = await Promise.all([
      this.deEmpleado(manager, idEmpleado, desde, hasta),
      this.repository.ausenciasAprobadas(manager, idEmpleado, desde, hasta),
    ]);
    return minutosPrevistos(calendario, ausencias, desde, hasta);
  }

  /**
   * minutosPrevistos for many employees at once, in four queries whatever their number (deEmpleados and their
   * approved absences); the same per-day rule, so each answer equals the one-employee call's. Each comes with the
   * calendar it was counted on. Unknown ids are absent.
   */
  async minutosPrevistosDeEmpleados(manager: EntityManager, ids: readonly number[], desde: CalendarDate, hasta: CalendarDate): Promise<Map<number, PrevistosDeEmpleado>> {
    comprobarRangoPrevisto(desde, hasta);
    const [calendarios, ausencias] = await Promise.all([
      this.deEmpleados(manager, ids, desde, hasta),
      this.repository.ausenciasAprobadasDeEmpleados(manager, ids, desde, hasta),
    ]);
    return new Map([...calendarios].map(([id, calendario]) => [id, { calendario, dias: minutosPrevistos(calendario, ausencias.get(id) ?? [], desde, hasta) }]));
  }

  /**
   * `dias` (a full-time, full-year allocation) prorated for `anio` to each employee of `ids` by their
   * schedules and employment dates (diasProrrateados), in one query; null for those not employed that year.
   */
  async prorrateos(manager: EntityManager, ids: readonly number[], anio: number, dias: number): Promise<Map<number, number | null>> {
    const [inicio, fin] = [`${anio}-01-01`, `${anio}-12-31`];
    const contratos = await this.repository.contratos(manager, ids, inicio, fin);
    return new Map(
      contratos.map((contrato) => [
        contrato.id_empleado,
        diasProrrateados({ dias, anio, jornadas: tramosDeJornada(contrato.asignaciones, inicio, fin), fechaAlta: contrato.fecha_alta, fechaBaja: contrato.fecha_baja }),
      ]),
    );
  }

  /**
   * deEmpleado for many employees at once, in three queries whatever their number: their targets, the
   * holidays of each distinct target, and all their schedule assignments. A calendar loaded for these dates
   * counts any range inside them as one loaded for that range would. Unknown ids are absent from the map.
   */
  async deEmpleados(manager: EntityManager, ids: readonly number[], inicio: CalendarDate, fin: CalendarDate): Promise<Map<number, CalendarioEmpleado>> {
    const [{ destinos, festivos }, asignaciones] = await Promise.all([
      this.destinosYFestivos(manager, ids, inicio, fin),
      this.repository.asignacionesDeEmpleados(manager, ids, inicio, fin),
    ]);
    return new Map(
      destinos.map((destino) => [
        destino.id_empleado,
        new CalendarioEmpleado(tramosDeJornada(asignaciones.get(destino.id_empleado) ?? [], inicio, fin), festivos.get(claveDeDestino(destino))!),
      ]),
    );
  }

  private async destinosYFestivos(manager: EntityManager, ids: readonly number[], inicio: CalendarDate, fin: CalendarDate) {
    const destinos = await this.repository.destinosDeEmpleados(manager, ids);
    const distintos = [...new Map(destinos.map((destino) => [claveDeDestino(destino), destino])).values()];
    return { destinos, festivos: await this.repository.festivosDeDestinos(manager, distintos, inicio, fin) };
  }
}
