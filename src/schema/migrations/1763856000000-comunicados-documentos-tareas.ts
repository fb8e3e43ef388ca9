import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ComunicadosDocumentosTareas1763856000000 implements MigrationInterface {
  name = 'ComunicadosDocumentosTareas1763856000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE comunicado (
        id_comunicado serial PRIMARY KEY,
        titulo varchar(200) NOT NULL,
        contenido text NOT NULL,
        fecha_publicacion timestamptz NOT NULL DEFAULT now(),
        activo boolean NOT NULL DEFAULT true,
        url_multimedia varchar(2048),
        id_autor integer REFERENCES empleado (id_empleado) ON DELETE SET NULL,
        notificado boolean NOT NULL DEFAULT false,
        fecha_creacion timestamptz NOT NULL DEFAULT now(),
        fecha_actualizacion timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ck_comunicado_contenido CHECK (char_length(contenido) <= 20000)
      )`);
    await queryRunner.query(`COMMENT ON COLUMN comunicado.notificado IS 'true once the COMUNICADO notifications were written: they are sent once per announcement'`);
    await queryRunner.query(`CREATE INDEX ix_comunicado_visibles ON comunicado (fecha_publicacion DESC, id_comunicado DESC) WHERE activo`);
    await queryRunner.query(`CREATE INDEX ix_comunicado_por_notificar ON comunicado (fecha_publicacion) WHERE activo AND NOT notificado`);

    await queryRunner.query(`ALTER TABLE notificacion ADD COLUMN id_comunicado integer REFERENCES comunicado (id_comunicado) ON DELETE CASCADE`);
    await queryRunner.query(`CREATE UNIQUE INDEX uq_notificacion_comunicado ON notificacion (id_comunicado, id_usuario) WHERE id_comunicado IS NOT NULL`);

    await queryRunner.query(`
      CREATE TABLE documento (
        id_documento serial PRIMARY KEY,
        id_empleado integer NOT NULL REFERENCES empleado (id_empleado) ON DELETE CASCADE,
        titulo varchar(200) NOT NULL,
        url varchar(2048) NOT NULL,
        id_autor integer REFERENCES empleado (id_empleado) ON DELETE SET NULL,
        fecha_creacion timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX ix_documento_empleado ON documento (id_empleado, id_documento DESC)`);

    // One row per run of a scheduled job: the instance that inserts it runs the job, the others skip.
    await queryRunner.query(`
      CREATE TABLE ejecucion_tarea (
        tarea varchar(50) NOT NULL,
        clave varchar(100) NOT NULL,
        fecha timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tarea, clave)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE ejecucion_tarea`);
    await queryRunner.query(`DROP TABLE documento`);
    await queryRunner.query(`DROP INDEX uq_notificacion_comunicado`);
    await queryRunner.query(`ALTER TABLE notificacion DROP COLUMN id_comunicado`);
    await queryRunner.query(`DROP TABLE comunicado`);
  }
}
