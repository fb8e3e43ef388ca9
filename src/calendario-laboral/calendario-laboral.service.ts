import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CalendarDate } from '../common/calendar-date.js';
import { CalendarioEmpleado } from './calendario-empleado.js';
import { CalendarioLaboralRepository } from './calendario-laboral.repository.js';
import { tramosDeJornada } from './jornadas-de-empleado.js';

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
}
