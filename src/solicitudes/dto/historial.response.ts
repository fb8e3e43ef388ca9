import { ApiProperty } from '@nestjs/swagger';
import { RevisorDto } from './solicitud.response.js';

export class HistorialDto {
  @ApiProperty({ type: Number, nullable: true, example: 1 }) id_estado_anterior!: number | null;
  @ApiProperty({ example: 2 }) id_estado_nuevo!: number;
  @ApiProperty({ type: RevisorDto }) actor!: RevisorDto;
  @ApiProperty({ type: String, nullable: true }) comentario!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) fecha!: Date;
}

export class HistorialResponseDto {
  @ApiProperty({ example: 'success' }) status!: 'success';
  @ApiProperty({ type: [HistorialDto] }) data!: HistorialDto[];
}
