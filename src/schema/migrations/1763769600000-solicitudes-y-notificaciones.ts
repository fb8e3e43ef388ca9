import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SolicitudesYNotificaciones1763769600000 implements MigrationInterface {
  name = 'SolicitudesYNotificaciones1763769600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
    // unaccent() is only STABLE (it reads a dictionary); pinning the dictionary makes it usable in indexes.
    await queryRunner.query(`
      CREATE FUNCTION texto_busqueda(text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$`);

    await queryRunner.query(`
      CREATE TABLE solicitud (
        id_solicitud serial PRIMARY KEY,
        id_empleado integer NOT NULL REFERENCES empleado (id_empleado),
        id_tipo_solicitud integer NOT NULL REFERENCES tipo_solicitud (id_tipo_solicitud),
        id_estado_solicitud integer NOT NULL DEFAULT 1 REFERENCES estado_solicitud (id_estado_solicitud),
        fecha_inicio date,
        fecha_fin date,
        dias_solicitados numeric(6,2),
        descripcion varchar(2000),
        url_documento varchar(2048),
        id_revisor integer REFERENCES empleado (id_empleado),
        comentario_revision varchar(1000),
        fecha_revision timestamptz,
        fecha_referencia date NOT NULL,
        fecha_creacion timestamptz NOT NULL DEFAULT now(),
        fecha_actualizacion timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ck_solicitud_rango CHECK (fecha_fin >= fecha_inicio),
        CONSTRAINT ck_solicitud_fechas CHECK ((id_tipo_solicitud = 5) = (fecha_inicio IS NULL AND fecha_fin IS NULL)),
        CONSTRAINT ck_solicitud_dias CHECK (dias_solicitados > 0)
      )`);
    await queryRunner.query(`COMMENT ON COLUMN solicitud.fecha_referencia IS
      'fecha_inicio, or the creation date in COMPANY_TIMEZONE for requests without dates: what fecha_desde/fecha_hasta filter on'`);
    await queryRunner.query(`CREATE INDEX ix_solicitud_empleado ON solicitud (id_empleado, id_solicitud DESC)`);
    await queryRunner.query(`CREATE INDEX ix_solicitud_estado ON solicitud (id_estado_solicitud, id_solicitud DESC)`);
    await queryRunner.query(`CREATE INDEX ix_solicitud_tipo ON solicitud (id_tipo_solicitud, id_solicitud DESC)`);
    await queryRunner.query(`CREATE INDEX ix_solicitud_fecha_referencia ON solicitud (fecha_referencia, id_solicitud DESC)`);
    await queryRunner.query(`CREATE INDEX ix_solicitud_revisor ON solicitud (id_revisor) WHERE id_revisor IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX ix_solicitud_descripcion_trgm ON solicitud USING gin (texto_busqueda(descripcion) gin_trgm_ops)`);
    // One pending profile update per employee, whatever the concurrency.
    await queryRunner.query(`
      CREATE UNIQUE INDEX uq_solicitud_actualizacion_pendiente ON solicitud (id_empleado)
        WHERE id_tipo_solicitud = 5 AND id_estado_solicitud = 1`);
    await queryRunner.query(`CREATE INDEX ix_empleado_busqueda_trgm ON empleado USING gin (texto_busqueda(nombre || ' ' || correo) gin_trgm_ops)`);

    await queryRunner.query(`
      CREATE TABLE actualizacion_perfil (
        id_actualizacion_perfil serial PRIMARY KEY,
        id_solicitud integer NOT NULL UNIQUE REFERENCES solicitud (id_solicitud) ON DELETE CASCADE,
        telefono varchar(30),
        direccion varchar(300),
        img_perfil varchar(2048),
        CONSTRAINT ck_actualizacion_perfil_algo CHECK (num_nonnulls(telefono, direccion, img_perfil) > 0)
      )`);

    await queryRunner.query(`
      CREATE TABLE historial_solicitud (
        id_historial serial PRIMARY KEY,
        id_solicitud integer NOT NULL REFERENCES solicitud (id_solicitud) ON DELETE CASCADE,
        id_estado_anterior integer REFERENCES estado_solicitud (id_estado_solicitud),
        id_estado_nuevo integer NOT NULL REFERENCES estado_solicitud (id_estado_solicitud),
        id_actor integer NOT NULL REFERENCES empleado (id_empleado),
        comentario varchar(1000),
        fecha timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX ix_historial_solicitud ON historial_solicitud (id_solicitud, id_historial)`);

    await queryRunner.query(`
      CREATE TABLE dia_festivo (
        id_dia_festivo serial PRIMARY KEY,
        fecha date NOT NULL,
        nombre varchar(100) NOT NULL,
        CONSTRAINT uq_dia_festivo_fecha UNIQUE (fecha)
      )`);

    await queryRunner.query(`
      CREATE TABLE tipo_notificacion (
        id_tipo_notificacion integer PRIMARY KEY,
        codigo varchar(30) NOT NULL UNIQUE,
        nombre varchar(100) NOT NULL
      )`);
    await queryRunner.query(`
      INSERT INTO tipo_notificacion (id_tipo_notificacion, codigo, nombre) VALUES
        (1, 'APROBACION', 'Solicitud aprobada'),
        (2, 'RECHAZO', 'Solicitud rechazada'),
        (3, 'DOCUMENTO', 'Nuevo documento'),
        (4, 'RECORDATORIO', 'Recordatorio'),
        (5, 'COMUNICADO', 'Nuevo comunicado')`);

    await queryRunner.query(`
      CREATE TABLE notificacion (
        id_notificacion serial PRIMARY KEY,
        id_usuario integer NOT NULL REFERENCES empleado (id_empleado) ON DELETE CASCADE,
        id_tipo_notificacion integer NOT NULL REFERENCES tipo_notificacion (id_tipo_notificacion),
        titulo varchar(200) NOT NULL,
        mensaje varchar(2000) NOT NULL,
        leido boolean NOT NULL DEFAULT false,
        id_remitente integer REFERENCES empleado (id_empleado) ON DELETE SET NULL,
        id_solicitud integer REFERENCES solicitud (id_solicitud) ON DELETE SET NULL,
        fecha_creacion timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX ix_notificacion_usuario ON notificacion (id_usuario, fecha_creacion DESC, id_notificacion DESC)`);
    await queryRunner.query(`CREATE INDEX ix_notificacion_no_leidas ON notificacion (id_usuario, fecha_creacion DESC, id_notificacion DESC) WHERE NOT leido`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE notificacion`);
    await queryRunner.query(`DROP TABLE tipo_notificacion`);
    await queryRunner.query(`DROP TABLE dia_festivo`);
    await queryRunner.query(`DROP TABLE historial_solicitud`);
    await queryRunner.query(`DROP TABLE actualizacion_perfil`);
    await queryRunner.query(`DROP INDEX ix_empleado_busqueda_trgm`);
    await queryRunner.query(`DROP TABLE solicitud`);
    await queryRunner.query(`DROP FUNCTION texto_busqueda(text)`);
  }
}
