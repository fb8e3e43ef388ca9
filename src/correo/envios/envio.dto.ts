import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PaginationDto, PaginationQueryDto } from '../../common/pagination.js';

export const ESTADOS_ENVIO = ['pendiente', 'enviando', 'enviado', 'fallido', 'cancelado'] as const;
export type EstadoEnvio = (typeof ESTADOS_ENVIO)[number];

export class ListarEnviosQuery extends PaginationQueryDto {
  @ApiPropertyOptional({ enum: ESTADOS_ENVIO, description: 'Only deliveries in this state; left out, all of them' })
  @IsOptional()
  @IsIn(ESTADOS_ENVIO)
  estado?: EstadoEnvio;
}

export class DestinatarioEnvioDto {
  @ApiProperty({ example: 12 })
  id_empleado!: number;

  @ApiProperty({ example: 'Lucía Fernández' })
  nombre!: string;

  @ApiProperty({ example: 'lucia.fernandez@empresa.es', nullable: true, type: String })
  correo!: string | null;
}

export class EnvioDto {
  @ApiProperty({ format: 'uuid', example: '5f1d7c3e-8b9a-4c2d-9e0f-1a2b3c4d5e6f' })
  id!: string;

  @ApiProperty({ enum: ['correo'], example: 'correo' })
  canal!: 'correo';

  @ApiProperty({ enum: ESTADOS_ENVIO, example: 'fallido' })
  estado!: EstadoEnvio;

  @ApiProperty({ example: 9, description: 'Tries made so far' })
  intentos!: number;

  @ApiProperty({ example: 'connect ECONNREFUSED 10.0.0.5:25', nullable: true, type: String, description: "The last failed try's error" })
  ultimo_error!: string | null;

  @ApiProperty({ example: '2026-11-25T08:00:00.000Z' })
  creado!: Date;

  @ApiProperty({ example: '2026-11-26T07:58:12.000Z', nullable: true, type: String, format: 'date-time' })
  ultimo_intento!: Date | null;

  @ApiProperty({ example: 41, nullable: true, type: Number, description: 'The notification sent; null once it no longer exists' })
  id_notificacion!: number | null;

  @ApiProperty({ type: DestinatarioEnvioDto, nullable: true })
  destinatario!: DestinatarioEnvioDto | null;
}

export class EnviosDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ type: [EnvioDto], description: 'Newest first' })
  data!: EnvioDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;
}

export class EnvioReintentadoDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ example: 'Envío programado de nuevo.' })
  message!: string;

  @ApiProperty({ type: EnvioDto })
  data!: EnvioDto;
}
