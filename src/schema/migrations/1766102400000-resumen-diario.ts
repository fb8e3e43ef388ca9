import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The approvers who chose one daily digest of what waits on them instead of an e-mail per new request: a row
 * each, nobody by default (as preferencia_notificacion, only choices made are stored).
 */
export class ResumenDiario1766102400000 implements MigrationInterface {
  name = 'ResumenDiario1766102400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE resumen_diario (
        id_empleado integer NOT NULL CONSTRAINT pk_resumen_diario PRIMARY KEY
          CONSTRAINT fk_resumen_diario_empleado REFERENCES empleado (id_empleado) ON DELETE CASCADE,
        desde timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE resumen_diario`);
  }
}
