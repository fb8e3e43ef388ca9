import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who's out: each employee's secret calendar-feed key (only its SHA-256 is kept; rotating replaces
 * the row) and a GiST index over the days of leave requests that may show in the calendar, so the
 * overlap with a range is an index search rather than a scan of every request ever made.
 */
export class Calendario1764806400000 implements MigrationInterface {
  name = 'Calendario1764806400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE calendario_enlace (
        id_empleado integer PRIMARY KEY REFERENCES empleado (id_empleado) ON DELETE CASCADE,
        clave_sha256 bytea NOT NULL CONSTRAINT uq_calendario_enlace_clave UNIQUE,
        fecha_creacion timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE INDEX ix_solicitud_calendario ON solicitud USING gist (daterange(fecha_inicio, fecha_fin, '[]'))
        WHERE id_tipo_solicitud IN (1, 2, 3, 4) AND id_estado_solicitud IN (1, 2)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX ix_solicitud_calendario`);
    await queryRunner.query(`DROP TABLE calendario_enlace`);
  }
}
