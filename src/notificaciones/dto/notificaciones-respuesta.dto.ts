import { ApiProperty } from '@nestjs/swagger';
import { NotificacionDto } from './notificacion.dto.js';

export class NotificacionesDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ type: [NotificacionDto], description: 'At most 10, newest first' })
  data!: NotificacionDto[];

  @ApiProperty({ example: 3, description: "All the caller's unread notifications, not only those returned" })
  no_leidas!: number;
}

export class NotificacionesMarcadasDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ example: '2 notificaciones marcadas como leídas.' })
  message!: string;
}
