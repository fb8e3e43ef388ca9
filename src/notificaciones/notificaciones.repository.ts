import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { TipoNotificacionId } from './entities/tipo-notificacion.entity.js';

export interface NuevaNotificacion {
  idUsuario: number;
  tipo: TipoNotificacionId;
  titulo: string;
  mensaje: string;
  idRemitente?: number | null;
  idSolicitud?: number | null;
}

@Injectable()
export class NotificacionesRepository {
  /** Written inside the caller's transaction, so a notification exists exactly when its cause does. */
  async insert(manager: EntityManager, notificacion: NuevaNotificacion): Promise<void> {
    await manager.query(
      `INSERT INTO notificacion (id_usuario, id_tipo_notificacion, titulo, mensaje, id_remitente, id_solicitud)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        notificacion.idUsuario,
        notificacion.tipo,
        notificacion.titulo,
        notificacion.mensaje,
        notificacion.idRemitente ?? null,
        notificacion.idSolicitud ?? null,
      ],
    );
  }
}
