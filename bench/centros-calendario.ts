import 'reflect-metadata';
import { DataSource } from 'typeorm';
import type { CalendarDate } from '../src/common/calendar-date.js';
import { CalendarioLaboralRepository } from '../src/calendario-laboral/calendario-laboral.repository.js';
import { CalendarioLaboralService } from '../src/calendario-laboral/calendario-laboral.service.js';
import { percentile } from './report.js';

export interface Consulta {
  idEmpleado: number;
  inicio: CalendarDate;
  fin: CalendarDate;
}

/**
 * The part of a request's creation that centres and schedules changed, alone: `CalendarioLaboralService.deEmpleado`
 * (the employee's holidays and schedule assignments, two queries) for each of `consultas`, one at a time on
 * one connection, twice (the first pass warms the caches). Answers the p50 and p95 of the second pass, in ms.
 */
export async function tiempoDelCalendario(url: string, consultas: Consulta[]): Promise<{ p50: number; p95: number }> {
  const db = await new DataSource({ type: 'postgres', url, poolSize: 1 }).initialize();
  const calendario = new CalendarioLaboralService(new CalendarioLaboralRepository());
  try {
    let latencias: number[] = [];
    for (let pasada = 0; pasada < 2; pasada += 1) {
      latencias = [];
      for (const { idEmpleado, inicio, fin } of consultas) {
        const started = performance.now();
        await calendario.deEmpleado(db.manager, idEmpleado, inicio, fin);
        latencias.push(performance.now() - started);
      }
    }
    latencias.sort((x, y) => x - y);
    return { p50: percentile(latencias, 50), p95: percentile(latencias, 95) };
  } finally {
    await db.destroy();
  }
}
