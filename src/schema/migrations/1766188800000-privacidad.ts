import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accountability for personal data (GDPR art. 5(2) and 30; LOPDGDD art. 32):
 * - `acceso_datos`: one row per read of another person's personal data (who, whose, what, when, from where).
 *   Append-only: UPDATE is always refused; DELETE only inside the retention purge, which sets `ess.purga`
 *   for its own transaction (`SET LOCAL`), once an entry has passed its retention and blocking periods.
 *   Written on every such read, so kept cheap: no foreign keys (each would look up and lock an employee row per
 *   read; employee rows are never deleted, only anonymised) and a BRIN index on the instant, which only grows.
 * - `registro_privacidad`: exports, blocked-data views, blocking and purge runs, erasure decisions. Never changed
 *   nor deleted: it is the proof that the obligations were met.
 * - `dato_bloqueado`: data past its retention, set aside (LOPDGDD art. 32): a snapshot of each row taken out of the
 *   live tables, visible only to a Super Admin who states a legal reason, until `purgar_desde`; then the purge
 *   deletes it and the files it names (`archivos`: storage keys). Never updated; DELETE only under en_purga().
 */
export class Privacidad1766188800000 implements MigrationInterface {
  name = 'Privacidad1766188800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION en_purga() RETURNS boolean LANGUAGE sql STABLE AS $$
        SELECT coalesce(current_setting('ess.purga', true), '') = 'on'
      $$`);
    await queryRunner.query(`
      CREATE TABLE acceso_datos (
        id_acceso bigserial PRIMARY KEY,
        id_lector integer NOT NULL,
        id_titular integer NOT NULL,
        recurso varchar(20) NOT NULL,
        id_recurso varchar(40),
        instante timestamptz(3) NOT NULL DEFAULT now(),
        origen varchar(45)
      )`);
    await queryRunner.query(`CREATE INDEX ix_acceso_datos_titular ON acceso_datos (id_titular, id_acceso DESC)`);
    await queryRunner.query(`CREATE INDEX ix_acceso_datos_instante ON acceso_datos USING brin (instante)`);
    await queryRunner.query(`
      CREATE FUNCTION acceso_datos_solo_anadir() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' AND en_purga() THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'El registro de accesos no admite % : solo la purga por plazo de conservación borra entradas.', TG_OP
          USING ERRCODE = 'integrity_constraint_violation';
      END;
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER acceso_datos_solo_anadir BEFORE UPDATE OR DELETE ON acceso_datos
        FOR EACH ROW EXECUTE FUNCTION acceso_datos_solo_anadir()`);
    await queryRunner.query(`
      CREATE TABLE registro_privacidad (
        id_registro bigserial PRIMARY KEY,
        tipo varchar(20) NOT NULL CONSTRAINT registro_privacidad_tipo_check
          CHECK (tipo IN ('exportacion', 'consulta_bloqueados', 'bloqueo', 'purga', 'supresion')),
        id_actor integer CONSTRAINT fk_registro_privacidad_actor REFERENCES empleado (id_empleado) ON DELETE RESTRICT,
        id_empleado integer CONSTRAINT fk_registro_privacidad_empleado REFERENCES empleado (id_empleado) ON DELETE RESTRICT,
        detalle jsonb NOT NULL DEFAULT '{}',
        instante timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX ix_registro_privacidad_tipo ON registro_privacidad (tipo, id_registro DESC)`);
    await queryRunner.query(`CREATE INDEX ix_registro_privacidad_empleado ON registro_privacidad (id_empleado, tipo, instante)`);
    await queryRunner.query(`
      CREATE FUNCTION registro_privacidad_solo_anadir() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'El registro de privacidad no admite % : lo anotado queda tal cual.', TG_OP
          USING ERRCODE = 'integrity_constraint_violation';
      END;
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER registro_privacidad_solo_anadir BEFORE UPDATE OR DELETE ON registro_privacidad
        FOR EACH ROW EXECUTE FUNCTION registro_privacidad_solo_anadir()`);
    await queryRunner.query(`
      CREATE TABLE dato_bloqueado (
        id_dato_bloqueado bigserial PRIMARY KEY,
        id_empleado integer NOT NULL CONSTRAINT fk_dato_bloqueado_empleado REFERENCES empleado (id_empleado) ON DELETE RESTRICT,
        tipo varchar(20) NOT NULL CONSTRAINT dato_bloqueado_tipo_check
          CHECK (tipo IN ('solicitudes', 'documentos', 'fichajes', 'notificaciones', 'historial', 'accesos')),
        tabla varchar(40) NOT NULL,
        id_registro varchar(40) NOT NULL,
        datos jsonb NOT NULL,
        archivos jsonb NOT NULL DEFAULT '[]',
        bloqueado_en timestamptz(3) NOT NULL DEFAULT now(),
        purgar_desde date NOT NULL,
        CONSTRAINT uq_dato_bloqueado_registro UNIQUE (tabla, id_registro)
      )`);
    await queryRunner.query(`CREATE INDEX ix_dato_bloqueado_empleado ON dato_bloqueado (id_empleado, tipo)`);
    await queryRunner.query(`CREATE INDEX ix_dato_bloqueado_purga ON dato_bloqueado (purgar_desde)`);
    await queryRunner.query(`
      CREATE FUNCTION dato_bloqueado_solo_purga() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' AND en_purga() THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'Los datos bloqueados no admiten % : quedan tal cual hasta la purga.', TG_OP
          USING ERRCODE = 'integrity_constraint_violation';
      END;
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER dato_bloqueado_solo_purga BEFORE UPDATE OR DELETE ON dato_bloqueado
        FOR EACH ROW EXECUTE FUNCTION dato_bloqueado_solo_purga()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE dato_bloqueado`);
    await queryRunner.query(`DROP FUNCTION dato_bloqueado_solo_purga()`);
    await queryRunner.query(`DROP TABLE registro_privacidad`);
    await queryRunner.query(`DROP FUNCTION registro_privacidad_solo_anadir()`);
    await queryRunner.query(`DROP TABLE acceso_datos`);
    await queryRunner.query(`DROP FUNCTION acceso_datos_solo_anadir()`);
    await queryRunner.query(`DROP FUNCTION en_purga()`);
  }
}
