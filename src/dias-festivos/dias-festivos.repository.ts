import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CalendarDate } from '../common/calendar-date.js';

@Injectable()
export class DiasFestivosRepository {
  async datesBetween(manager: EntityManager, start: CalendarDate, end: CalendarDate): Promise<Set<CalendarDate>> {
    const rows: { fecha: string }[] = await manager.query(`SELECT fecha FROM dia_festivo WHERE fecha BETWEEN $1 AND $2`, [start, end]);
    return new Set(rows.map((row) => row.fecha));
  }
}
