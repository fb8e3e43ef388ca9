import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * On the first of each month every employee employed during the month before is told their summary is
 * ready (notification type RESUMEN_JORNADA). The notification names the month it is about (`mes_resumen`,
 * its first day), and a partial unique index lets each employee have it once per month, however many
 * times or instances the task runs.
 */
export class ResumenJornada1765584000000 implements MigrationInterface {
  name = 'ResumenJornada1765584000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`INSERT INTO tipo_notificacion (id_tipo_notificacion, codigo, nombre) VALUES (9, 'RESUMEN_JORNADA', 'Resumen de jornada')`);
    await queryRunner.query(`ALTER TABLE notificacion ADD COLUMN mes_resumen date CONSTRAINT ck_notificacion_mes_resumen CHECK (extract(day FROM mes_resumen) = 1)`);
    await queryRunner.query(`CREATE UNIQUE INDEX uq_notificacion_resumen ON notificacion (id_usuario, mes_resumen) WHERE mes_resumen IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM notificacion WHERE id_tipo_notificacion = 9`);
    await queryRunner.query(`ALTER TABLE notificacion DROP COLUMN mes_resumen`);
    await queryRunner.query(`DELETE FROM tipo_notificacion WHERE id_tipo_notificacion = 9`);
  }
}
