import { Injectable } from '@nestjs/common';
import { toNotificacionDto } from './dto/notificacion.dto.js';
import type { NotificacionesDto, NotificacionesMarcadasDto } from './dto/notificaciones-respuesta.dto.js';
import { NotificacionesRepository } from './notificaciones.repository.js';

const MAX_NOTIFICACIONES = 10;

@Injectable()
export class NotificacionesService {
  constructor(private readonly notificaciones: NotificacionesRepository) {}

  async listar(idUsuario: number, soloNoLeidas: boolean): Promise<NotificacionesDto> {
    const [filas, noLeidas] = await Promise.all([
      this.notificaciones.findLatestForRecipient(idUsuario, soloNoLeidas, MAX_NOTIFICACIONES),
      this.notificaciones.countUnread(idUsuario),
    ]);
    return { success: true, data: filas.map(toNotificacionDto), no_leidas: noLeidas };
  }

  async marcarLeidas(idUsuario: number, ids: number[]): Promise<NotificacionesMarcadasDto> {
    const marcadas = await this.notificaciones.markAsRead(idUsuario, ids);
    const message = marcadas === 1 ? '1 notificación marcada como leída.' : `${marcadas} notificaciones marcadas como leídas.`;
    return { success: true, message };
  }
}
