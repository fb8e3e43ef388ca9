import { Injectable } from '@nestjs/common';
import { Between, DataSource, type EntityManager, type Repository } from 'typeorm';
import { violatedUniqueConstraint } from '../common/unique-violation.js';
import { DiaFestivo } from './entities/dia-festivo.entity.js';

/** One partial unique index per scope: a date once nationally, once per community, once per centre. */
const UNIQUE_FECHA_POR_DESTINO = ['uq_dia_festivo_nacional', 'uq_dia_festivo_autonomico', 'uq_dia_festivo_local'];

const COLUMNAS = 'id_dia_festivo, fecha, nombre, ambito, comunidad_autonoma, id_centro_trabajo, excluye_nacional';

export type DiaFestivoCampos = Omit<DiaFestivo, 'id_dia_festivo'>;

/** What the unique indexes compare: the date and the target (an exclusion and an added day of a community collide). */
export const claveFechaDestino = (campos: Pick<DiaFestivoCampos, 'fecha' | 'ambito' | 'comunidad_autonoma' | 'id_centro_trabajo'>): string =>
  [campos.fecha, campos.ambito, campos.comunidad_autonoma ?? '', campos.id_centro_trabajo ?? ''].join('|');

const isFechaDestinoDuplicada = (error: unknown) => UNIQUE_FECHA_POR_DESTINO.includes(violatedUniqueConstraint(error) ?? '');

@Injectable()
export class DiasFestivosRepository {
  private readonly diasFestivos: Repository<DiaFestivo>;

  constructor(dataSource: DataSource) {
    this.diasFestivos = dataSource.getRepository(DiaFestivo);
  }

  /** A page of every row of every scope (or of one year), by date, and how many rows there are. */
  findPage(anio: number | undefined, offset: number, limit: number): Promise<[DiaFestivo[], number]> {
    return this.diasFestivos.findAndCount({
      where: anio === undefined ? {} : { fecha: Between(`${anio}-01-01`, `${anio}-12-31`) },
      order: { fecha: 'ASC', id_dia_festivo: 'ASC' },
      skip: offset,
      take: limit,
    });
  }

  /** The row, locked until the transaction ends; null when there is none. */
  lock(manager: EntityManager, id: number): Promise<DiaFestivo | null> {
    return manager.findOne(DiaFestivo, { where: { id_dia_festivo: id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Null when the date already has a holiday for that target; the unique indexes decide, so racing inserts cannot both win. */
  async insert(manager: EntityManager, campos: DiaFestivoCampos): Promise<DiaFestivo | null> {
    try {
      return await manager.save(DiaFestivo, manager.create(DiaFestivo, campos));
    } catch (error) {
      if (isFechaDestinoDuplicada(error)) return null;
      throw error;
    }
  }

  /** Replaces every field of a row; null when another row already has that date and target. */
  async replace(manager: EntityManager, id: number, campos: DiaFestivoCampos): Promise<DiaFestivo | null> {
    try {
      await manager.update(DiaFestivo, { id_dia_festivo: id }, campos);
      return { id_dia_festivo: id, ...campos };
    } catch (error) {
      if (isFechaDestinoDuplicada(error)) return null;
      throw error;
    }
  }

  /**
   * Inserts, in one statement, the rows whose date and target have no holiday yet, and answers those
   * inserted (in no particular order): match them by `claveFechaDestino`.
   */
  insertAbsent(manager: EntityManager, filas: DiaFestivoCampos[]): Promise<DiaFestivo[]> {
    if (!filas.length) return Promise.resolve([]);
    const columna = <K extends keyof DiaFestivoCampos>(campo: K) => filas.map((fila) => fila[campo]);
    return manager.query(
      `INSERT INTO dia_festivo (fecha, nombre, ambito, comunidad_autonoma, id_centro_trabajo, excluye_nacional)
       SELECT * FROM unnest($1::date[], $2::varchar[], $3::varchar[], $4::varchar[], $5::int[], $6::boolean[])
       ON CONFLICT DO NOTHING RETURNING ${COLUMNAS}`,
      [columna('fecha'), columna('nombre'), columna('ambito'), columna('comunidad_autonoma'), columna('id_centro_trabajo'), columna('excluye_nacional')],
    );
  }

  /** The deleted row; null when there was none. */
  async delete(manager: EntityManager, id: number): Promise<DiaFestivo | null> {
    const [filas]: [DiaFestivo[], number] = await manager.query(`DELETE FROM dia_festivo WHERE id_dia_festivo = $1 RETURNING ${COLUMNAS}`, [id]);
    return filas[0] ?? null;
  }
}
