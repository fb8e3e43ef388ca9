import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { WebhookEventos } from '../webhooks/webhook-eventos.service.js';
import { ComunicadosRepository } from './comunicados.repository.js';

const TITULO_PREFIX = 'Nuevo comunicado: ';
/** notificacion.titulo is varchar(200). */
const MAX_TITULO_NOTIFICACION = 200;

/**
 * Tells every active employee (but the author) about an announcement once it is visible, exactly
 * once per announcement: the transaction that flips `notificado` is the only one that writes them.
 */
@Injectable()
export class ComunicadosPublisher {
  private readonly logger = new Logger(ComunicadosPublisher.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly comunicados: ComunicadosRepository,
    private readonly webhooks: WebhookEventos,
  ) {}

  /**
   * Publishes every announcement that is active, not yet notified and whose time has come; returns
   * how many this call published. Safe to run on several instances at once: each announcement is
   * claimed in its own transaction, and only one claim of it succeeds.
   */
  async publishDue(): Promise<number> {
    let published = 0;
    for (const id of await this.comunicados.dueForNotification()) {
      if (await this.dataSource.transaction((manager) => this.publish(manager, id))) published += 1;
    }
    return published;
  }

  /**
   * Within the caller's transaction: if the announcement is visible and not yet notified, marks it
   * notified and writes its notifications. Returns whether it did.
   */
  async publish(manager: EntityManager, id: number): Promise<boolean> {
    const comunicado = await this.comunicados.claimForNotification(manager, id);
    if (!comunicado) return false;
    const recipients = await this.comunicados.notifyActiveEmployees(manager, comunicado, {
      titulo: `${TITULO_PREFIX}${truncate(comunicado.titulo, MAX_TITULO_NOTIFICACION - TITULO_PREFIX.length)}`,
      mensaje: `Se ha publicado el comunicado «${comunicado.titulo}». Puedes leerlo en la sección de comunicados.`,
    });
    await this.webhooks.emitir(manager, 'comunicado.publicado', { id_comunicado: id });
    this.logger.log(`Announcement ${id} published: ${recipients} employees notified`);
    return true;
  }
}

/** Cuts `text` to `max` characters, counted as PostgreSQL counts them (code points), marking the cut with an ellipsis. */
function truncate(text: string, max: number): string {
  const characters = [...text];
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('')}…`;
}
