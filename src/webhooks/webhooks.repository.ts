import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { FormatoWebhook, Webhook } from './entities/webhook.entity.js';
import type { TipoEvento } from './eventos-webhook.js';

export type WebhookPublico = Omit<Webhook, 'secreto' | 'id_autor'>;

export interface WebhookPorEntregar {
  url: string;
  formato: FormatoWebhook;
  secreto: string;
}

const COLUMNAS_PUBLICAS = 'id_webhook, url, eventos, formato, descripcion, fecha_creacion';

@Injectable()
export class WebhooksRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Under a transaction-level lock, so two creations cannot both pass the limit. */
  async insertBajoLimite(
    nuevo: { url: string; eventos: TipoEvento[]; formato: FormatoWebhook; descripcion: string | null; secreto: string; idAutor: number },
    limite: number,
  ): Promise<WebhookPublico | null> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('webhook'))`);
      const [{ total }]: { total: number }[] = await manager.query(`SELECT count(*)::int AS total FROM webhook`);
      if (total >= limite) return null;
      const [row]: WebhookPublico[] = await manager.query(
        `INSERT INTO webhook (url, eventos, formato, descripcion, secreto, id_autor) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNAS_PUBLICAS}`,
        [nuevo.url, nuevo.eventos, nuevo.formato, nuevo.descripcion, nuevo.secreto, nuevo.idAutor],
      );
      return row!;
    });
  }

  /** Every webhook (at most the limit), without secrets. */
  list(): Promise<WebhookPublico[]> {
    return this.dataSource.query(`SELECT ${COLUMNAS_PUBLICAS} FROM webhook ORDER BY id_webhook`);
  }

  async delete(id: number): Promise<boolean> {
    const [, affected]: [unknown, number] = await this.dataSource.query(`DELETE FROM webhook WHERE id_webhook = $1`, [id]);
    return affected > 0;
  }

  /** The webhooks subscribed to `tipo`, read in the transaction that causes the event. */
  async suscritos(manager: EntityManager, tipo: TipoEvento): Promise<number[]> {
    const rows: { id_webhook: number }[] = await manager.query(`SELECT id_webhook FROM webhook WHERE $1 = ANY(eventos) ORDER BY id_webhook`, [tipo]);
    return rows.map((row) => row.id_webhook);
  }

  /** What a delivery needs, secret included; null once the webhook was deleted. */
  async porEntregar(id: number): Promise<WebhookPorEntregar | null> {
    const [row] = await this.dataSource.query(`SELECT url, formato, secreto FROM webhook WHERE id_webhook = $1`, [id]);
    return row ?? null;
  }
}
