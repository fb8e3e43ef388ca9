import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which notifications each employee also gets by e-mail. In-app notifications are always on. Only an
 * employee's own choices are rows; every other type follows the type's default, so a new type gets a
 * sensible answer for everyone without a backfill.
 */
export class PreferenciasNotificacion1765929600000 implements MigrationInterface {
  name = 'PreferenciasNotificacion1765929600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE tipo_notificacion ADD COLUMN correo_por_defecto boolean NOT NULL DEFAULT false`);
    // Approvers hear of what waits on them; employees of decisions, documents and what needs their action.
    await queryRunner.query(`
      UPDATE tipo_notificacion SET correo_por_defecto = true
       WHERE codigo IN ('APROBACION', 'RECHAZO', 'DOCUMENTO', 'RECORDATORIO', 'SOLICITUD_NUEVA', 'RECALCULO', 'FICHAJE_INCOMPLETO', 'CORRECCION_FICHAJE')`);
    await queryRunner.query(`
      CREATE TABLE preferencia_notificacion (
        id_empleado integer NOT NULL CONSTRAINT fk_preferencia_notificacion_empleado REFERENCES empleado (id_empleado) ON DELETE CASCADE,
        id_tipo_notificacion integer NOT NULL
          CONSTRAINT fk_preferencia_notificacion_tipo REFERENCES tipo_notificacion (id_tipo_notificacion) ON DELETE CASCADE,
        correo boolean NOT NULL,
        actualizado_en timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_preferencia_notificacion PRIMARY KEY (id_empleado, id_tipo_notificacion)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE preferencia_notificacion`);
    await queryRunner.query(`ALTER TABLE tipo_notificacion DROP COLUMN correo_por_defecto`);
  }
}
