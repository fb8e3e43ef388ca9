import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Approval routing (APROBACION): the step a pending request waits at, who a delegate acted for, and
 * the notification that tells approvers a request waits on them.
 */
export class Aprobaciones1764547200000 implements MigrationInterface {
  name = 'Aprobaciones1764547200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE solicitud
        ADD COLUMN paso_aprobacion varchar(20),
        ADD CONSTRAINT ck_solicitud_paso_aprobacion CHECK (paso_aprobacion IN ('responsable', 'admin')),
        ADD CONSTRAINT ck_solicitud_paso_solo_pendiente CHECK (paso_aprobacion IS NULL OR id_estado_solicitud = 1)`);
    // The Admins' step of the two-step mode, for their list of what waits on them.
    await queryRunner.query(`CREATE INDEX ix_solicitud_paso_admin ON solicitud (id_solicitud) WHERE paso_aprobacion = 'admin'`);
    await queryRunner.query(`
      ALTER TABLE historial_solicitud
        ADD COLUMN paso_aprobacion varchar(20),
        ADD COLUMN id_en_nombre_de integer REFERENCES empleado (id_empleado)`);
    await queryRunner.query(`INSERT INTO tipo_notificacion (id_tipo_notificacion, codigo, nombre) VALUES (6, 'SOLICITUD_NUEVA', 'Solicitud pendiente de tu aprobación')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM notificacion WHERE id_tipo_notificacion = 6`);
    await queryRunner.query(`DELETE FROM tipo_notificacion WHERE id_tipo_notificacion = 6`);
    await queryRunner.query(`ALTER TABLE historial_solicitud DROP COLUMN id_en_nombre_de, DROP COLUMN paso_aprobacion`);
    await queryRunner.query(`ALTER TABLE solicitud DROP COLUMN paso_aprobacion`);
  }
}
