import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The retention jobs (src/privacidad-retencion): blocking moves rows past their retention into `dato_bloqueado`
 * and deletes them from the live tables, the purge deletes them for good. The time register stays append-only
 * for everyone else: only a transaction that set `ess.purga` (en_purga()) may DELETE a time record or a
 * correction, and UPDATE stays refused. `empleado.eliminado` marks a leaver's profile anonymised in place
 * ('Empleado eliminado'): the row stays because other people's records reference it, and lists leave it out.
 */
export class BloqueoYPurga1766534400000 implements MigrationInterface {
  name = 'BloqueoYPurga1766534400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE empleado ADD COLUMN eliminado boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`CREATE INDEX ix_notificacion_fecha_creacion ON notificacion (fecha_creacion)`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION fichaje_solo_anadir() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' AND en_purga() THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'El registro de jornada no admite % : los fichajes no se modifican ni se borran; se corrigen con un fichaje nuevo.', TG_OP
          USING ERRCODE = 'integrity_constraint_violation';
      END;
      $$`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION correccion_fichaje_solo_anadir() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' AND en_purga() THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'Las correcciones de fichaje no admiten % : lo propuesto, por quién y por qué queda tal cual.', TG_OP
          USING ERRCODE = 'integrity_constraint_violation';
      END;
      $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION correccion_fichaje_solo_anadir() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'Las correcciones de fichaje no admiten % : lo propuesto, por quién y por qué queda tal cual.', TG_OP
          USING ERRCODE = 'integrity_constraint_violation';
      END;
      $$`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION fichaje_solo_anadir() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'El registro de jornada no admite % : los fichajes no se modifican ni se borran; se corrigen con un fichaje nuevo.', TG_OP
          USING ERRCODE = 'integrity_constraint_violation';
      END;
      $$`);
    await queryRunner.query(`DROP INDEX ix_notificacion_fecha_creacion`);
    await queryRunner.query(`ALTER TABLE empleado DROP COLUMN eliminado`);
  }
}
