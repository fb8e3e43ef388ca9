import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Labour Inspectorate's read-only access to the working-time register (ET art. 34.9): a secret URL kept
 * only as its SHA-256, for a period of the register, until `caduca` (at most 30 days after its creation) or
 * its revocation. The access row only ever changes once, from not revoked to revoked, and is never deleted;
 * each use of the URL is a row of `uso_acceso_inspeccion`, never changed or deleted. Triggers enforce both,
 * whoever asks; TRUNCATE stays possible, as for `fichaje` (the tests empty tables between files).
 */
export class AccesosInspeccion1765843200000 implements MigrationInterface {
  name = 'AccesosInspeccion1765843200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE acceso_inspeccion (
        id_acceso_inspeccion serial PRIMARY KEY,
        token_sha256 bytea NOT NULL CONSTRAINT uq_acceso_inspeccion_token UNIQUE
          CONSTRAINT acceso_inspeccion_token_check CHECK (octet_length(token_sha256) = 32),
        desde date NOT NULL,
        hasta date NOT NULL,
        caduca timestamptz NOT NULL,
        descripcion varchar(500) NOT NULL,
        creado_por integer NOT NULL CONSTRAINT fk_acceso_inspeccion_creador REFERENCES empleado (id_empleado) ON DELETE RESTRICT,
        creado_en timestamptz NOT NULL DEFAULT now(),
        revocado_por integer CONSTRAINT fk_acceso_inspeccion_revocador REFERENCES empleado (id_empleado) ON DELETE RESTRICT,
        revocado_en timestamptz,
        CONSTRAINT acceso_inspeccion_periodo_check CHECK (desde <= hasta),
        -- The service checks 30 days on its own clock; a minute's slack for the database's.
        CONSTRAINT acceso_inspeccion_caduca_check CHECK (caduca <= creado_en + interval '30 days 1 minute'),
        CONSTRAINT acceso_inspeccion_revocacion_check CHECK ((revocado_por IS NULL) = (revocado_en IS NULL))
      )`);
    await queryRunner.query(`CREATE INDEX ix_acceso_inspeccion_creado ON acceso_inspeccion (creado_en DESC, id_acceso_inspeccion DESC)`);
    await queryRunner.query(`
      CREATE TABLE uso_acceso_inspeccion (
        id_uso_acceso_inspeccion bigserial PRIMARY KEY,
        id_acceso_inspeccion integer NOT NULL
          CONSTRAINT fk_uso_acceso_inspeccion_acceso REFERENCES acceso_inspeccion (id_acceso_inspeccion) ON DELETE RESTRICT,
        instante timestamptz NOT NULL DEFAULT now(),
        direccion varchar(64) NOT NULL,
        formato varchar(4) NOT NULL CONSTRAINT uso_acceso_inspeccion_formato_check CHECK (formato IN ('csv', 'json')),
        agente_usuario varchar(200)
      )`);
    await queryRunner.query(`CREATE INDEX ix_uso_acceso_inspeccion_acceso ON uso_acceso_inspeccion (id_acceso_inspeccion, id_uso_acceso_inspeccion)`);
    await queryRunner.query(`
      CREATE FUNCTION acceso_inspeccion_solo_revocar() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD.revocado_en IS NULL AND NEW.revocado_en IS NOT NULL
           AND ROW(NEW.id_acceso_inspeccion, NEW.token_sha256, NEW.desde, NEW.hasta, NEW.caduca, NEW.descripcion, NEW.creado_por, NEW.creado_en)
               IS NOT DISTINCT FROM ROW(OLD.id_acceso_inspeccion, OLD.token_sha256, OLD.desde, OLD.hasta, OLD.caduca, OLD.descripcion, OLD.creado_por, OLD.creado_en) THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'Un acceso de inspección no admite % : solo se revoca, una vez.', TG_OP
          USING ERRCODE = 'integrity_constraint_violation';
      END;
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER acceso_inspeccion_solo_revocar BEFORE UPDATE OR DELETE ON acceso_inspeccion
        FOR EACH ROW EXECUTE FUNCTION acceso_inspeccion_solo_revocar()`);
    await queryRunner.query(`
      CREATE FUNCTION uso_acceso_inspeccion_solo_anadir() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'El registro de usos de un acceso de inspección no admite % : los usos no se modifican ni se borran.', TG_OP
          USING ERRCODE = 'integrity_constraint_violation';
      END;
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER uso_acceso_inspeccion_solo_anadir BEFORE UPDATE OR DELETE ON uso_acceso_inspeccion
        FOR EACH ROW EXECUTE FUNCTION uso_acceso_inspeccion_solo_anadir()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE uso_acceso_inspeccion`);
    await queryRunner.query(`DROP TABLE acceso_inspeccion`);
    await queryRunner.query(`DROP FUNCTION uso_acceso_inspeccion_solo_anadir()`);
    await queryRunner.query(`DROP FUNCTION acceso_inspeccion_solo_revocar()`);
  }
}
