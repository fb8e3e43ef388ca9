import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A Super Admin's view of an employee's blocked data (LOPDGDD art. 32): opened with a stated legal reason, read-only,
 * for the one who opened it and for one hour. Each opening and each view is also written to `registro_privacidad`,
 * which is the proof; this table only says which views are open.
 */
export class ConsultasBloqueados1766448000000 implements MigrationInterface {
  name = 'ConsultasBloqueados1766448000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE consulta_bloqueados (
        id_consulta serial PRIMARY KEY,
        id_actor integer NOT NULL CONSTRAINT fk_consulta_bloqueados_actor REFERENCES empleado (id_empleado) ON DELETE RESTRICT,
        id_empleado integer NOT NULL CONSTRAINT fk_consulta_bloqueados_empleado REFERENCES empleado (id_empleado) ON DELETE RESTRICT,
        motivo varchar(500) NOT NULL CONSTRAINT consulta_bloqueados_motivo_check CHECK (char_length(motivo) >= 10),
        abierta_en timestamptz(3) NOT NULL DEFAULT now(),
        expira_en timestamptz(3) NOT NULL,
        CONSTRAINT consulta_bloqueados_plazo_check CHECK (expira_en > abierta_en)
      )`);
    await queryRunner.query(`CREATE INDEX ix_consulta_bloqueados_empleado ON consulta_bloqueados (id_empleado)`);
    await queryRunner.query(`CREATE INDEX ix_consulta_bloqueados_actor ON consulta_bloqueados (id_actor)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE consulta_bloqueados`);
  }
}
