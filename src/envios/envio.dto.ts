import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PaginationDto, PaginationQueryDto } from '../common/pagination.js';

export const ESTADOS_ENVIO = ['pendiente', 'enviando', 'enviado', 'fallido', 'cancelado'] as const;
export type EstadoEnvio = (typeof ESTADOS_ENVIO)[number];
export const CANALES_ENVIO = ['correo', 'webhook'] as const;
export type CanalEnvio = (typeof CANALES_ENVIO)[number];

export class ListarEnviosQuery extends PaginationQueryDto {
  @ApiPropertyOptional({ enum: ESTADOS_ENVIO, description: 'Only deliveries in this state; left out, all of them' })
  @IsOptional()
  @IsIn(ESTADOS_ENVIO)
  estado?: EstadoEnvio;

  @ApiPropertyOptional({ enum: CANALES_ENVIO, description: 'Only deliveries of this channel; left out, both' })
  @IsOptional()
  @IsIn(CANALES_ENVIO)
  canal?: CanalEnvio;
}

export class DestinatarioEnvioDto {
  @ApiProperty({ example: 12 })
  id_empleado!: number;

  @ApiProperty({ example: 'Lucía Fernández' })
  nombre!: string;

  @ApiProperty({ example: 'lucia.fernandez@empresa.es', nullable: true, type: String })
  correo!: string | null;
}

export class WebhookEnvioDto {
  @ApiProperty({ example: 3 })
  id_webhook!: number;

  @ApiProperty({ example: 'solicitud.creada' })
  evento!: string;

  @ApiProperty({ example: 'https://prod-12.westeurope.logic.azure.com/workflows/abc/triggers/manual/paths/invoke', nullable: true, type: String, description: 'Without its query and fragment (a Teams URL carries its signature there); null once the webhook was deleted' })
  destino!: string | null;
}

export class EnvioDto {
  @ApiProperty({ format: 'uuid', example: '5f1d7c3e-8b9a-4c2d-9e0f-1a2b3c4d5e6f' })
  id!: string;

  @ApiProperty({ enum: CANALES_ENVIO, example: 'correo' })
  canal!: CanalEnvio;

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

  @ApiProperty({ example: 41, nullable: true, type: Number, description: 'The notification e-mailed; null for a webhook, or once it no longer exists' })
  id_notificacion!: number | null;

  @ApiProperty({ type: DestinatarioEnvioDto, nullable: true, description: "An e-mail's recipient; null for a webhook" })
  destinatario!: DestinatarioEnvioDto | null;

  @ApiProperty({ type: WebhookEnvioDto, nullable: true, description: "A webhook event's delivery; null for an e-mail" })
  webhook!: WebhookEnvioDto | null;
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
