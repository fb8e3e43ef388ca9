import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Delegations: from `desde` to `hasta` (both included) the delegate may decide what the delegator
 * may. Overlaps of one delegator and chains are refused by the service under an advisory lock, as
 * a chain spans rows no constraint can see together.
 */
export class Delegaciones1764288000000 implements MigrationInterface {
  name = 'Delegaciones1764288000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE delegacion (
        id_delegacion serial PRIMARY KEY,
        id_delegante integer NOT NULL REFERENCES empleado (id_empleado),
        id_delegado integer NOT NULL REFERENCES empleado (id_empleado),
        desde date NOT NULL,
        hasta date NOT NULL,
        fecha_creacion timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ck_delegacion_rango CHECK (hasta >= desde),
        CONSTRAINT ck_delegacion_a_otro CHECK (id_delegado <> id_delegante)
      )`);
    await queryRunner.query(`CREATE INDEX ix_delegacion_delegante ON delegacion (id_delegante, hasta)`);
    await queryRunner.query(`CREATE INDEX ix_delegacion_delegado ON delegacion (id_delegado, hasta)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE delegacion`);
  }
}
