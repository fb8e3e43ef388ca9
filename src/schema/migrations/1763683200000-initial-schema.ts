import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialSchema1763683200000 implements MigrationInterface {
  name = 'InitialSchema1763683200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE rol (
        id_rol integer PRIMARY KEY,
        nombre varchar(50) NOT NULL UNIQUE
      )`);
    await queryRunner.query(`
      INSERT INTO rol (id_rol, nombre) VALUES
        (1, 'Empleado'), (2, 'Administrador'), (3, 'Super Administrador')`);

    await queryRunner.query(`
      CREATE TABLE empleado (
        id_empleado serial PRIMARY KEY,
        correo varchar(254) NOT NULL,
        nombre varchar(200) NOT NULL,
        id_rol integer NOT NULL DEFAULT 1 REFERENCES rol (id_rol),
        telefono varchar(30),
        direccion varchar(300),
        img_perfil varchar(2048),
        idp_oid varchar(100) NOT NULL,
        activo boolean NOT NULL DEFAULT true,
        fecha_creacion timestamptz NOT NULL DEFAULT now(),
        fecha_actualizacion timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_empleado_idp_oid UNIQUE (idp_oid)
      )`);
    // Unique regardless of case: Entra ID treats addresses case-insensitively.
    await queryRunner.query(`CREATE UNIQUE INDEX uq_empleado_correo ON empleado (lower(correo))`);
    await queryRunner.query(`CREATE INDEX ix_empleado_id_rol ON empleado (id_rol)`);

    await queryRunner.query(`
      CREATE TABLE vacaciones (
        id_vacaciones serial PRIMARY KEY,
        id_empleado integer NOT NULL REFERENCES empleado (id_empleado) ON DELETE CASCADE,
        anio integer NOT NULL CHECK (anio BETWEEN 2000 AND 2100),
        dias_asignados numeric(6,2) NOT NULL,
        dias_usados numeric(6,2) NOT NULL DEFAULT 0,
        CONSTRAINT uq_vacaciones_empleado_anio UNIQUE (id_empleado, anio),
        CONSTRAINT ck_vacaciones_dias CHECK (0 <= dias_usados AND dias_usados <= dias_asignados)
      )`);

    await queryRunner.query(`
      CREATE TABLE tipo_solicitud (
        id_tipo_solicitud integer PRIMARY KEY,
        nombre varchar(50) NOT NULL UNIQUE
      )`);
    await queryRunner.query(`
      INSERT INTO tipo_solicitud (id_tipo_solicitud, nombre) VALUES
        (1, 'Vacaciones'), (2, 'Permiso'), (3, 'Ausencia'), (4, 'Teletrabajo'), (5, 'Actualización de perfil')`);

    await queryRunner.query(`
      CREATE TABLE estado_solicitud (
        id_estado_solicitud integer PRIMARY KEY,
        nombre varchar(50) NOT NULL UNIQUE
      )`);
    await queryRunner.query(`
      INSERT INTO estado_solicitud (id_estado_solicitud, nombre) VALUES
        (1, 'Pendiente'), (2, 'Aprobada'), (3, 'Rechazada'), (4, 'Cancelada')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE estado_solicitud`);
    await queryRunner.query(`DROP TABLE tipo_solicitud`);
    await queryRunner.query(`DROP TABLE vacaciones`);
    await queryRunner.query(`DROP TABLE empleado`);
    await queryRunner.query(`DROP TABLE rol`);
  }
}
