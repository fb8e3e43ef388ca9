import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { violatedUniqueConstraint } from '../common/unique-violation.js';
import { CentroTrabajo } from './entities/centro-trabajo.entity.js';

const UNIQUE_CODIGO = 'uq_centro_trabajo_codigo';

export type CentroTrabajoCampos = Pick<CentroTrabajo, 'nombre' | 'codigo' | 'comunidad_autonoma' | 'localidad' | 'zona_horaria'>;

/**
 * What keeps a centre from being deleted: each table that names it, with how the 409 calls its rows.
 */
const USOS: { tabla: string; uso: string }[] = [
  { tabla: 'empleado', uso: 'empleados' },
  { tabla: 'dia_festivo', uso: 'días festivos locales' },
];

/** Null when the code is taken in any case: the unique index decides, so racing writes cannot both win. */
async function uniqueCodigo<T>(write: () => Promise<T>): Promise<T | null> {
  try {
    return await write();
  } catch (error) {
    if (violatedUniqueConstraint(error) === UNIQUE_CODIGO) return null;
    throw error;
  }
}

@Injectable()
export class CentrosTrabajoRepository {
  private readonly centros: Repository<CentroTrabajo>;

  constructor(private readonly dataSource: DataSource) {
    this.centros = dataSource.getRepository(CentroTrabajo);
  }

  /** By name, then id: a company has a handful of centres. */
  findPage(limit: number, offset: number): Promise<[CentroTrabajo[], number]> {
    return this.centros.findAndCount({ order: { nombre: 'ASC', id_centro_trabajo: 'ASC' }, take: limit, skip: offset });
  }

  findById(id: number): Promise<CentroTrabajo | null> {
    return this.centros.findOneBy({ id_centro_trabajo: id });
  }

  insert(campos: CentroTrabajoCampos): Promise<CentroTrabajo | null> {
    return uniqueCodigo(() => this.centros.save(this.centros.create(campos)));
  }

  /** Null when the code is taken; undefined when there is no such centre. */
  /**
   * Changes the centre under its row lock and lets `despues` act, in the same transaction, on what it was
   * and is now (a new community changes its employees' holidays); undefined when there is no such centre.
   */
  update(
    id: number,
    changes: Partial<CentroTrabajoCampos>,
    despues: (manager: EntityManager, antes: CentroTrabajo, ahora: CentroTrabajo) => Promise<void>,
  ): Promise<CentroTrabajo | null | undefined> {
    return uniqueCodigo(() =>
      this.dataSource.transaction(async (manager) => {
        const antes = await manager.findOne(CentroTrabajo, { where: { id_centro_trabajo: id }, lock: { mode: 'pessimistic_write' } });
        if (!antes) return undefined;
        await manager.update(CentroTrabajo, { id_centro_trabajo: id }, changes);
        const ahora = (await manager.findOneBy(CentroTrabajo, { id_centro_trabajo: id }))!;
        await despues(manager, antes, ahora);
        return ahora;
      }),
    );
  }

  /**
   * Deletes the centre unless something uses it, under a row lock so that nothing starts using it
   * meanwhile. Answers what uses it (empty when deleted), or null when there is no such centre.
   */
  delete(id: number): Promise<string[] | null> {
    return this.dataSource.transaction(async (manager) => {
      const [centro] = await manager.query(`SELECT 1 FROM centro_trabajo WHERE id_centro_trabajo = $1 FOR UPDATE`, [id]);
      if (!centro) return null;
      const usos = await usosDe(manager, id);
      if (!usos.length) await manager.query(`DELETE FROM centro_trabajo WHERE id_centro_trabajo = $1`, [id]);
      return usos;
    });
  }
}

async function usosDe(manager: EntityManager, id: number): Promise<string[]> {
  const enUso = USOS.map(({ tabla, uso }) => `SELECT '${uso}' AS uso WHERE EXISTS (SELECT 1 FROM ${tabla} WHERE id_centro_trabajo = $1)`);
  const rows: { uso: string }[] = await manager.query(enUso.join(' UNION ALL '), [id]);
  return rows.map((row) => row.uso);
}
