import { Injectable } from '@nestjs/common';
import { Between, DataSource, type EntityManager, type Repository } from 'typeorm';
import { violatedUniqueConstraint } from '../common/unique-violation.js';
import { DiaFestivo } from './entities/dia-festivo.entity.js';

/** One partial unique index per scope: a date once nationally, once per community, once per centre. */
const UNIQUE_FECHA_POR_DESTINO = ['uq_dia_festivo_nacional', 'uq_dia_festivo_autonomico', 'uq_dia_festivo_local'];

export type DiaFestivoCampos = Omit<DiaFestivo, 'id_dia_festivo'>;

@Injectable()
export class DiasFestivosRepository {
  private readonly diasFestivos: Repository<DiaFestivo>;

  constructor(dataSource: DataSource) {
    this.diasFestivos = dataSource.getRepository(DiaFestivo);
  }

  /** Every row of every scope, or those of one year, by date. */
  findAll(anio?: number): Promise<DiaFestivo[]> {
    return this.diasFestivos.find({
      where: anio === undefined ? {} : { fecha: Between(`${anio}-01-01`, `${anio}-12-31`) },
      order: { fecha: 'ASC', id_dia_festivo: 'ASC' },
    });
  }

  /** Null when the date already has a holiday for that target; the unique indexes decide, so racing inserts cannot both win. */
  async insert(manager: EntityManager, campos: DiaFestivoCampos): Promise<DiaFestivo | null> {
    try {
      return await manager.save(DiaFestivo, manager.create(DiaFestivo, campos));
    } catch (error) {
      if (UNIQUE_FECHA_POR_DESTINO.includes(violatedUniqueConstraint(error) ?? '')) return null;
      throw error;
    }
  }

  /** Null when that date already has a holiday for that target. */
  async insertIfAbsent(manager: EntityManager, campos: DiaFestivoCampos): Promise<DiaFestivo | null> {
    const rows: DiaFestivo[] = await manager.query(
      `INSERT INTO dia_festivo (fecha, nombre, ambito, comunidad_autonoma, id_centro_trabajo, excluye_nacional) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT DO NOTHING RETURNING id_dia_festivo, fecha, nombre, ambito, comunidad_autonoma, id_centro_trabajo, excluye_nacional`,
      [campos.fecha, campos.nombre, campos.ambito, campos.comunidad_autonoma, campos.id_centro_trabajo, campos.excluye_nacional],
    );
    return rows[0] ?? null;
  }

  /** False when there was no such holiday. */
  async delete(id: number): Promise<boolean> {
    const { affected } = await this.diasFestivos.delete({ id_dia_festivo: id });
    return affected === 1;
  }
}
