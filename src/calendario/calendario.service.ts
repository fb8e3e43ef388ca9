import { Injectable } from '@nestjs/common';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { isAdmin } from '../auth/roles.decorator.js';
import { daysInRange } from '../common/calendar-date.js';
import { rangoDemasiadoLargo, rangoFechasInvalido } from '../common/date-window.js';
import { toCalendarioEntry, type CalendarioEntry } from './calendario-entry.js';
import { CalendarioRepository } from './calendario.repository.js';
import type { CalendarioQuery } from './dto/calendario.query.js';

/** Longest range one answer covers, in days: a quarter. */
export const MAX_CALENDARIO_DIAS = 93;

export interface Viewer {
  id_empleado: number;
  id_rol: number;
}

export interface CalendarioView {
  entries: CalendarioEntry[];
  truncado: boolean;
}

@Injectable()
export class CalendarioService {
  constructor(private readonly repository: CalendarioRepository) {}

  list(caller: AuthenticatedEmployee, query: CalendarioQuery): Promise<CalendarioView> {
    if (query.hasta < query.desde) {
      throw rangoFechasInvalido();
    }
    if (daysInRange(query.desde, query.hasta) > MAX_CALENDARIO_DIAS) {
      throw rangoDemasiadoLargo(MAX_CALENDARIO_DIAS);
    }
    return this.view({ id_empleado: caller.id_empleado, id_rol: caller.rol.id_rol }, query);
  }

  /** What `viewer` sees in a range already checked; the feed calls this with its own window. */
  async view(viewer: Viewer, query: CalendarioQuery): Promise<CalendarioView> {
    const { rows, truncado } = await this.repository.find({
      desde: query.desde,
      hasta: query.hasta,
      incluirPendientes: query.incluir_pendientes === true,
      equipoDe: isAdmin(viewer.id_rol) ? null : viewer.id_empleado,
      idEmpleado: query.id_empleado,
      idResponsable: query.id_responsable,
    });
    return { entries: rows.map(toCalendarioEntry), truncado };
  }
}
