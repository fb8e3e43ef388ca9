import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Workers' legal representatives (ET art. 34.9: the register is available to them): the role Representante
 * (id 4), and the pseudonyms the company's monthly totals show them instead of names (GDPR art. 4(5), 25).
 * A code is random, made the first time the employee appears in those totals, and never changes: a trigger
 * refuses UPDATE and DELETE, so the codes a representative noted stay comparable month after month.
 */
export class Representantes1765670400000 implements MigrationInterface {
  name = 'Representantes1765670400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`INSERT INTO rol (id_rol, nombre) VALUES (4, 'Representante')`);
    await queryRunner.query(`
      CREATE TABLE seudonimo_representacion (
        id_empleado integer PRIMARY KEY CONSTRAINT fk_seudonimo_representacion_empleado REFERENCES empleado (id_empleado) ON DELETE RESTRICT,
        codigo varchar(10) NOT NULL CONSTRAINT uq_seudonimo_representacion_codigo UNIQUE
          CONSTRAINT seudonimo_representacion_codigo_check CHECK (codigo ~ '^R-[A-Z2-7]{8}$'),
        fecha_creacion timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE FUNCTION seudonimo_representacion_fijo() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'Los seudónimos de representación no admiten %: un código no cambia nunca.', TG_OP
          USING ERRCODE = 'integrity_constraint_violation';
      END;
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER seudonimo_representacion_fijo BEFORE UPDATE OR DELETE ON seudonimo_representacion
        FOR EACH ROW EXECUTE FUNCTION seudonimo_representacion_fijo()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE seudonimo_representacion`);
    await queryRunner.query(`DROP FUNCTION seudonimo_representacion_fijo()`);
    await queryRunner.query(`UPDATE empleado SET id_rol = 1, fecha_actualizacion = now() WHERE id_rol = 4`);
    await queryRunner.query(`DELETE FROM rol WHERE id_rol = 4`);
  }
}
