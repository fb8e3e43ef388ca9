import { ApiProperty } from '@nestjs/swagger';
import { RevisorDto } from './solicitud.response.js';

export class HistorialDto {
  @ApiProperty({ type: Number, nullable: true, example: 1 }) id_estado_anterior!: number | null;
  @ApiProperty({ example: 2 }) id_estado_nuevo!: number;
  @ApiProperty({ type: RevisorDto }) actor!: RevisorDto;
  @ApiProperty({ type: String, nullable: true }) comentario!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['solicitada', 'aprobada', 'rechazada'],
    example: null,
    description: 'Set on the steps of cancelling an approved vacation: the owner asked for it, an approver approved or rejected it',
  })
  cancelacion!: 'solicitada' | 'aprobada' | 'rechazada' | null;
  @ApiProperty({ type: String, format: 'date-time' }) fecha!: Date;
}

export class HistorialResponseDto {
  @ApiProperty({ example: 'success' }) status!: 'success';
  @ApiProperty({ type: [HistorialDto] }) data!: HistorialDto[];
}
