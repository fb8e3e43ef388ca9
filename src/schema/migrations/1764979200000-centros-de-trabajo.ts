import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Frozen copy of src/catalogs/comunidades-autonomas.ts as of this migration. */
const COMUNIDADES = `'ES-AN', 'ES-AR', 'ES-AS', 'ES-CN', 'ES-CB', 'ES-CL', 'ES-CM', 'ES-CT', 'ES-EX', 'ES-GA', 'ES-IB', 'ES-RI', 'ES-MD', 'ES-MC', 'ES-NC', 'ES-PV', 'ES-VC', 'ES-CE', 'ES-ML'`;

/**
 * Work centres: where an employee works decides their regional holidays. A code unique in any case;
 * the time zone is validated by the service (IANA names change with tzdata, a CHECK would freeze them).
 * An employee's centre is optional (none: national holidays only) and a centre in use cannot go.
 */
export class CentrosDeTrabajo1764979200000 implements MigrationInterface {
  name = 'CentrosDeTrabajo1764979200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE centro_trabajo (
        id_centro_trabajo serial PRIMARY KEY,
        nombre varchar(100) NOT NULL,
        codigo varchar(30) NOT NULL,
        comunidad_autonoma varchar(5) NOT NULL CONSTRAINT centro_trabajo_comunidad_autonoma_check CHECK (comunidad_autonoma IN (${COMUNIDADES})),
        localidad varchar(100),
        zona_horaria varchar(64) NOT NULL,
        fecha_creacion timestamptz NOT NULL DEFAULT now(),
        fecha_actualizacion timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX uq_centro_trabajo_codigo ON centro_trabajo (lower(codigo))`);
    await queryRunner.query(`
      ALTER TABLE empleado ADD COLUMN id_centro_trabajo integer
        CONSTRAINT fk_empleado_centro_trabajo REFERENCES centro_trabajo (id_centro_trabajo) ON DELETE RESTRICT`);
    await queryRunner.query(`CREATE INDEX ix_empleado_centro_trabajo ON empleado (id_centro_trabajo) WHERE id_centro_trabajo IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE empleado DROP COLUMN id_centro_trabajo`);
    await queryRunner.query(`DROP TABLE centro_trabajo`);
  }
}
