import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Corrections of the working-time register (ET art. 34.9): request type 6, whose proposed records of one
 * day live in `correccion_fichaje`. What was proposed, by whom and why has legal weight, so, like `fichaje`,
 * a trigger refuses UPDATE and DELETE (TRUNCATE stays possible for the tests and the retention purge).
 * Approving one appends records to `fichaje` with origen 'correccion'; nothing here changes. The worker is
 * told of a company's proposal with the new notification type CORRECCION_FICHAJE.
 */
export class CorreccionesDeFichaje1765756800000 implements MigrationInterface {
  name = 'CorreccionesDeFichaje1765756800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`INSERT INTO tipo_solicitud (id_tipo_solicitud, nombre) VALUES (6, 'Corrección de fichaje')`);
    await queryRunner.query(`INSERT INTO tipo_notificacion (id_tipo_notificacion, codigo, nombre) VALUES (10, 'CORRECCION_FICHAJE', 'Corrección de fichaje')`);
    await queryRunner.query(`
      CREATE TABLE correccion_fichaje (
        id_solicitud integer PRIMARY KEY CONSTRAINT fk_correccion_fichaje_solicitud REFERENCES solicitud (id_solicitud) ON DELETE RESTRICT,
        fecha date NOT NULL,
        propuesta_por varchar(8) NOT NULL CONSTRAINT correccion_fichaje_propuesta_por_check CHECK (propuesta_por IN ('empleado', 'empresa')),
        id_proponente integer NOT NULL CONSTRAINT fk_correccion_fichaje_proponente REFERENCES empleado (id_empleado) ON DELETE RESTRICT,
        fichajes jsonb NOT NULL CONSTRAINT correccion_fichaje_fichajes_check CHECK (jsonb_typeof(fichajes) = 'array' AND jsonb_array_length(fichajes) BETWEEN 2 AND 100),
        motivo varchar(1000) NOT NULL CONSTRAINT correccion_fichaje_motivo_check CHECK (btrim(motivo) <> '')
      )`);
    await queryRunner.query(`CREATE INDEX ix_correccion_fichaje_fecha ON correccion_fichaje (fecha)`);
    await queryRunner.query(`
      CREATE FUNCTION correccion_fichaje_solo_anadir() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'Las correcciones de fichaje no admiten % : lo propuesto, por quién y por qué queda tal cual.', TG_OP
          USING ERRCODE = 'integrity_constraint_violation';
      END;
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER correccion_fichaje_solo_anadir BEFORE UPDATE OR DELETE ON correccion_fichaje
        FOR EACH ROW EXECUTE FUNCTION correccion_fichaje_solo_anadir()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE correccion_fichaje`);
    await queryRunner.query(`DROP FUNCTION correccion_fichaje_solo_anadir()`);
    await queryRunner.query(`DELETE FROM notificacion WHERE id_tipo_notificacion = 10`);
    await queryRunner.query(`DELETE FROM tipo_notificacion WHERE id_tipo_notificacion = 10`);
    // Fails while requests of type 6 exist: their records in the register point at them, and are never removed.
    await queryRunner.query(`DELETE FROM tipo_solicitud WHERE id_tipo_solicitud = 6`);
  }
}
