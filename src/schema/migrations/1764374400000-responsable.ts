import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The employee's manager (`id_responsable`). The database refuses oneself; cycles are refused by
 * the writers (the admin API, the import, SCIM), which walk the chain under the administration lock.
 */
export class Responsable1764374400000 implements MigrationInterface {
  name = 'Responsable1764374400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE empleado
        ADD COLUMN id_responsable integer CONSTRAINT fk_empleado_responsable REFERENCES empleado (id_empleado) ON DELETE SET NULL,
        ADD CONSTRAINT chk_empleado_responsable_no_si_mismo CHECK (id_responsable <> id_empleado)`);
    await queryRunner.query(`CREATE INDEX ix_empleado_responsable ON empleado (id_responsable) WHERE id_responsable IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // History entries that changed id_responsable stay: a record of what was, as after any removed field.
    await queryRunner.query(`ALTER TABLE empleado DROP COLUMN id_responsable`);
  }
}
