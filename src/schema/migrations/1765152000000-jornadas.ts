import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Seven numbers, Monday first, each 0–24 in quarter hours: what a schedule's `horas` column must hold. */
const SEMANA_VALIDA = (columna: string) =>
  `array_length(${columna}, 1) = 7 AND array_ndims(${columna}) = 1 AND 0 <= ALL (${columna}) AND 24 >= ALL (${columna})` +
  ` AND ${[1, 2, 3, 4, 5, 6, 7].map((dia) => `${columna}[${dia}] * 4 = trunc(${columna}[${dia}] * 4)`).join(' AND ')}`;

/**
 * Working schedules (jornadas): hours per weekday, with optional periods of the year that have their own
 * hours (a summer "jornada intensiva"). Employees get one from a date on; the assignments are a history,
 * since a request is counted with the schedule in force on each of its days. An employee without any
 * assignment works the default week (8 hours Monday to Friday), as before this migration.
 * `fecha_alta`/`fecha_baja` bound the part of a year an allocation may be prorated to.
 */
export class Jornadas1765152000000 implements MigrationInterface {
  name = 'Jornadas1765152000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE jornada (
        id_jornada serial PRIMARY KEY,
        nombre varchar(100) NOT NULL,
        horas numeric(4,2)[] NOT NULL CONSTRAINT jornada_horas_check CHECK (${SEMANA_VALIDA('horas')}),
        periodos jsonb NOT NULL DEFAULT '[]' CONSTRAINT jornada_periodos_check CHECK (jsonb_typeof(periodos) = 'array'),
        fecha_creacion timestamptz NOT NULL DEFAULT now(),
        fecha_actualizacion timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX uq_jornada_nombre ON jornada (lower(nombre))`);
    await queryRunner.query(`
      CREATE TABLE empleado_jornada (
        id_empleado_jornada serial PRIMARY KEY,
        id_empleado integer NOT NULL CONSTRAINT fk_empleado_jornada_empleado REFERENCES empleado (id_empleado) ON DELETE CASCADE,
        id_jornada integer NOT NULL CONSTRAINT fk_empleado_jornada_jornada REFERENCES jornada (id_jornada) ON DELETE RESTRICT,
        desde date NOT NULL,
        id_actor integer CONSTRAINT fk_empleado_jornada_actor REFERENCES empleado (id_empleado) ON DELETE SET NULL,
        fecha_registro timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_empleado_jornada_desde UNIQUE (id_empleado, desde)
      )`);
    await queryRunner.query(`CREATE INDEX ix_empleado_jornada_jornada ON empleado_jornada (id_jornada)`);
    await queryRunner.query(`
      ALTER TABLE empleado
        ADD COLUMN fecha_alta date,
        ADD COLUMN fecha_baja date,
        ADD CONSTRAINT empleado_alta_baja_check CHECK (fecha_baja IS NULL OR fecha_alta IS NULL OR fecha_alta <= fecha_baja)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE empleado DROP COLUMN fecha_alta, DROP COLUMN fecha_baja`);
    await queryRunner.query(`DROP TABLE empleado_jornada`);
    await queryRunner.query(`DROP TABLE jornada`);
  }
}
