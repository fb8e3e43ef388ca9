import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { Jornada } from './entities/jornada.entity.js';

export type JornadaCampos = Pick<Jornada, 'nombre' | 'horas' | 'periodos'>;

/** The unique index on lower(nombre): the service answers 409 jornada_duplicada for it. */
export const UNIQUE_NOMBRE_JORNADA = 'uq_jornada_nombre';

@Injectable()
export class JornadasRepository {
  private readonly jornadas: Repository<Jornada>;

  constructor(dataSource: DataSource) {
    this.jornadas = dataSource.getRepository(Jornada);
  }

  /** By name, then id: a company has a handful of schedules. */
  findPage(limit: number, offset: number): Promise<[Jornada[], number]> {
    return this.jornadas.findAndCount({ order: { nombre: 'ASC', id_jornada: 'ASC' }, take: limit, skip: offset });
  }

  findById(id: number): Promise<Jornada | null> {
    return this.jornadas.findOneBy({ id_jornada: id });
  }

  insert(manager: EntityManager, campos: JornadaCampos): Promise<Jornada> {
    const jornadas = manager.getRepository(Jornada);
    return jornadas.save(jornadas.create(campos));
  }

  /** Locks the schedule until the transaction ends: changes and deletions of one schedule take turns. */
  async lock(manager: EntityManager, id: number): Promise<boolean> {
    return (await manager.query(`SELECT 1 FROM jornada WHERE id_jornada = $1 FOR UPDATE`, [id])).length > 0;
  }

  async update(manager: EntityManager, id: number, changes: Partial<JornadaCampos>): Promise<Jornada> {
    await manager.getRepository(Jornada).update({ id_jornada: id }, changes);
    return (await manager.getRepository(Jornada).findOneBy({ id_jornada: id }))!;
  }

  /** Any assignment, past or future, keeps a schedule: the history counts requests with it. */
  async isAssigned(manager: EntityManager, id: number): Promise<boolean> {
    return (await manager.query(`SELECT 1 FROM empleado_jornada WHERE id_jornada = $1 LIMIT 1`, [id])).length > 0;
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`DELETE FROM jornada WHERE id_jornada = $1`, [id]);
  }
}
