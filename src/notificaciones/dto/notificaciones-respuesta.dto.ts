import { ApiProperty } from '@nestjs/swagger';
import { NotificacionDto } from './notificacion.dto.js';

export class NotificacionesDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ type: [NotificacionDto], description: 'Como máximo 10, las más recientes primero.' })
  data!: NotificacionDto[];

  @ApiProperty({ example: 3, description: 'Todas las notificaciones no leídas del usuario, no solo las devueltas.' })
  no_leidas!: number;
}

export class NotificacionesMarcadasDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ example: '2 notificaciones marcadas como leídas.' })
  message!: string;
}
