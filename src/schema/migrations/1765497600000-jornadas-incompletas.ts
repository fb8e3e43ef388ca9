import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A working day left open past its end plus FICHAJE_CIERRE_HORAS is `incompleto`. Records are never
 * updated, so the mark is a row of its own, written once per employee and day; nothing is added to the
 * register. The employee and their approvers are told with the new notification type FICHAJE_INCOMPLETO.
 */
export class JornadasIncompletas1765497600000 implements MigrationInterface {
  name = 'JornadasIncompletas1765497600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE fichaje_dia_incompleto (
        id_empleado integer NOT NULL CONSTRAINT fk_fichaje_dia_incompleto_empleado REFERENCES empleado (id_empleado) ON DELETE RESTRICT,
        fecha date NOT NULL,
        fecha_deteccion timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (id_empleado, fecha)
      )`);
    await queryRunner.query(`INSERT INTO tipo_notificacion (id_tipo_notificacion, codigo, nombre) VALUES (8, 'FICHAJE_INCOMPLETO', 'Fichaje incompleto')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM notificacion WHERE id_tipo_notificacion = 8`);
    await queryRunner.query(`DELETE FROM tipo_notificacion WHERE id_tipo_notificacion = 8`);
    await queryRunner.query(`DROP TABLE fichaje_dia_incompleto`);
  }
}
