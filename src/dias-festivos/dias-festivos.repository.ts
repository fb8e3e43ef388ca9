import { Injectable } from '@nestjs/common';
import { Between, DataSource, type EntityManager, type Repository } from 'typeorm';
import type { CalendarDate } from '../common/calendar-date.js';
import { isUniqueViolation } from '../common/unique-violation.js';
import { DiaFestivo } from './entities/dia-festivo.entity.js';

const UNIQUE_FECHA = 'uq_dia_festivo_fecha';

@Injectable()
export class DiasFestivosRepository {
  private readonly diasFestivos: Repository<DiaFestivo>;

  constructor(dataSource: DataSource) {
    this.diasFestivos = dataSource.getRepository(DiaFestivo);
  }

  async datesBetween(manager: EntityManager, start: CalendarDate, end: CalendarDate): Promise<Set<CalendarDate>> {
    const rows: { fecha: string }[] = await manager.query(`SELECT fecha FROM dia_festivo WHERE fecha BETWEEN $1 AND $2`, [start, end]);
    return new Set(rows.map((row) => row.fecha));
  }

  /** Every holiday, or those of one year, by date. */
  findAll(anio?: number): Promise<DiaFestivo[]> {
    return this.diasFestivos.find({
      where: anio === undefined ? {} : { fecha: Between(`${anio}-01-01`, `${anio}-12-31`) },
      order: { fecha: 'ASC' },
    });
  }

  /** Null when the date already has a holiday; the unique constraint decides, so racing inserts cannot both win. */
  async insert(fecha: CalendarDate, nombre: string): Promise<DiaFestivo | null> {
    try {
      return await this.diasFestivos.save(this.diasFestivos.create({ fecha, nombre }));
    } catch (error) {
      if (isUniqueViolation(error, UNIQUE_FECHA)) return null;
      throw error;
    }
  }

  /** False when there was no such holiday. */
  async delete(id: number): Promise<boolean> {
    const { affected } = await this.diasFestivos.delete({ id_dia_festivo: id });
    return affected === 1;
  }
}
