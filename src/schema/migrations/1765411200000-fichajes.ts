import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The working-time register (registro de jornada, Estatuto de los Trabajadores art. 34.9): each clocking
 * is a row that is never changed. A trigger refuses UPDATE and DELETE, whoever asks; TRUNCATE stays
 * possible because the tests empty the tables between files and the privacy issue's retention purge (after
 * four years) will be the one controlled path that removes rows. `hash` chains each employee's records:
 * SHA-256 over the previous record's hash and this record's canonical content, computed by the service.
 */
export class Fichajes1765411200000 implements MigrationInterface {
  name = 'Fichajes1765411200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE fichaje (
        id_fichaje bigserial PRIMARY KEY,
        id_empleado integer NOT NULL CONSTRAINT fk_fichaje_empleado REFERENCES empleado (id_empleado) ON DELETE RESTRICT,
        tipo varchar(12) NOT NULL CONSTRAINT fichaje_tipo_check CHECK (tipo IN ('entrada', 'salida', 'inicio_pausa', 'fin_pausa')),
        modalidad varchar(11) NOT NULL CONSTRAINT fichaje_modalidad_check CHECK (modalidad IN ('presencial', 'teletrabajo')),
        instante timestamptz(3) NOT NULL,
        fecha date NOT NULL,
        origen varchar(10) NOT NULL DEFAULT 'empleado' CONSTRAINT fichaje_origen_check CHECK (origen IN ('empleado', 'correccion')),
        id_solicitud integer CONSTRAINT fk_fichaje_solicitud REFERENCES solicitud (id_solicitud) ON DELETE RESTRICT,
        sustituye bigint[],
        hash bytea NOT NULL,
        hash_anterior bytea
      )`);
    await queryRunner.query(`CREATE INDEX ix_fichaje_empleado_id ON fichaje (id_empleado, id_fichaje)`);
    await queryRunner.query(`CREATE INDEX ix_fichaje_empleado_fecha ON fichaje (id_empleado, fecha)`);
    await queryRunner.query(`
      CREATE FUNCTION fichaje_solo_anadir() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'El registro de jornada no admite % : los fichajes no se modifican ni se borran; se corrigen con un fichaje nuevo.', TG_OP
          USING ERRCODE = 'integrity_constraint_violation';
      END;
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER fichaje_solo_anadir BEFORE UPDATE OR DELETE ON fichaje
        FOR EACH ROW EXECUTE FUNCTION fichaje_solo_anadir()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE fichaje`);
    await queryRunner.query(`DROP FUNCTION fichaje_solo_anadir()`);
  }
}
