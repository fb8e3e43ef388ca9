import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks: receivers of signed events. `secreto` is the signing key itself (HMAC needs it on every
 * delivery); the API shows it once, at creation. Deliveries are jobs of the job engine, not rows here.
 */
export class Webhooks1766016000000 implements MigrationInterface {
  name = 'Webhooks1766016000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE webhook (
        id_webhook serial CONSTRAINT pk_webhook PRIMARY KEY,
        url varchar(2048) NOT NULL,
        eventos varchar(40)[] NOT NULL CONSTRAINT ck_webhook_eventos CHECK (cardinality(eventos) BETWEEN 1 AND 20),
        formato varchar(10) NOT NULL DEFAULT 'standard' CONSTRAINT ck_webhook_formato CHECK (formato IN ('standard', 'teams')),
        descripcion varchar(200),
        secreto varchar(100) NOT NULL,
        id_autor integer CONSTRAINT fk_webhook_autor REFERENCES empleado (id_empleado) ON DELETE SET NULL,
        fecha_creacion timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE webhook`);
  }
}
