import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CalendarDate } from '../common/calendar-date.js';
import { CalendarioEmpleado } from './calendario-empleado.js';
import { CalendarioLaboralRepository } from './calendario-laboral.repository.js';
import { tramosDeJornada } from './jornadas-de-empleado.js';
import { diasProrrateados } from './prorrateo.js';

/**
 * The one entry point for counting working time: an employee's calendar (schedules in force and holidays)
 * between two dates. Callers bound the dates (a request covers at most 366 days).
 */
@Injectable()
export class CalendarioLaboralService {
  constructor(private readonly repository: CalendarioLaboralRepository) {}

  async deEmpleado(manager: EntityManager, idEmpleado: number, inicio: CalendarDate, fin: CalendarDate): Promise<CalendarioEmpleado> {
    const festivos = await this.repository.festivosDeEmpleado(manager, idEmpleado, inicio, fin);
    const asignaciones = await this.repository.asignacionesDeJornada(manager, idEmpleado, inicio, fin);
    return new CalendarioEmpleado(tramosDeJornada(asignaciones, inicio, fin), festivos);
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
}
