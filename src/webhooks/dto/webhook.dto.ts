import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsOptional, IsString, IsUrl, MaxLength } from 'class-validator';
import { Omittable, trim } from '../../common/dto-field-rules.js';
import { URL_PATH_PATTERN, URL_QUERY_AND_FRAGMENT_PATTERN, urlOriginPattern } from '../../common/openapi-patterns.js';
import { FORMATOS_WEBHOOK, type FormatoWebhook, type Webhook } from '../entities/webhook.entity.js';
import { TIPOS_EVENTO, type TipoEvento } from '../eventos-webhook.js';

export const MAX_URL_WEBHOOK = 2048;
export const MAX_DESCRIPCION_WEBHOOK = 200;

export class CreateWebhookDto {
  @ApiProperty({
    example: 'https://prod-12.westeurope.logic.azure.com/workflows/abc/triggers/manual/paths/invoke',
    maxLength: MAX_URL_WEBHOOK,
    format: 'uri',
    pattern: `^${urlOriginPattern('https?')}${URL_PATH_PATTERN}${URL_QUERY_AND_FRAGMENT_PATTERN}$`,
    description:
      'https:// (http:// only outside production), without credentials. Its host must resolve to public addresses only unless WEBHOOKS_ALLOW_PRIVATE_TARGETS=true: ' +
      'otherwise 400 `url_no_permitida` naming the field.',
  })
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false })
  @MaxLength(MAX_URL_WEBHOOK)
  @IsString()
  url!: string;

  @ApiProperty({ enum: TIPOS_EVENTO, isArray: true, minItems: 1, maxItems: TIPOS_EVENTO.length, uniqueItems: true, example: ['solicitud.creada', 'solicitud.aprobada'] })
  // The highest failed constraint names the error: a list first, then its size, its values, repeats.
  @IsArray()
  @ArrayMaxSize(TIPOS_EVENTO.length)
  @IsIn(TIPOS_EVENTO, { each: true })
  @ArrayUnique()
  @ArrayMinSize(1)
  eventos!: TipoEvento[];

  @ApiPropertyOptional({ enum: FORMATOS_WEBHOOK, default: 'standard', description: '`teams`: the body is a message with an Adaptive Card for a Teams Workflows flow' })
  @Omittable()
  @IsIn(FORMATOS_WEBHOOK)
  formato?: FormatoWebhook;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_DESCRIPCION_WEBHOOK, example: 'Canal de RR. HH. en Teams' })
  @IsOptional()
  @Transform(trim)
  @MaxLength(MAX_DESCRIPCION_WEBHOOK)
  @IsString()
  descripcion?: string | null;
}

export class WebhookDto {
  @ApiProperty({ example: 3 })
  id!: number;

  @ApiProperty({ example: 'https://prod-12.westeurope.logic.azure.com/workflows/abc/triggers/manual/paths/invoke' })
  url!: string;

  @ApiProperty({ enum: TIPOS_EVENTO, isArray: true, example: ['solicitud.creada'] })
  eventos!: TipoEvento[];

  @ApiProperty({ enum: FORMATOS_WEBHOOK, example: 'standard' })
  formato!: FormatoWebhook;

  @ApiProperty({ type: String, nullable: true, example: 'Canal de RR. HH. en Teams' })
  descripcion!: string | null;

  @ApiProperty({ example: '2026-12-01T09:00:00.000Z' })
  fecha_creacion!: Date;
}

export class WebhookConSecretoDto extends WebhookDto {
  @ApiProperty({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', description: 'The signing secret (Standard Webhooks). Shown only in this answer: keep it now.' })
  secreto!: string;
}

export class WebhookCreadoDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ example: 'Webhook creado. Guarda el secreto: no se volverá a mostrar.' })
  message!: string;

  @ApiProperty({ type: WebhookConSecretoDto })
  data!: WebhookConSecretoDto;
}

export class WebhooksDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ type: [WebhookDto], description: 'Oldest first' })
  data!: WebhookDto[];
}

export class WebhookEliminadoDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ example: 'Webhook eliminado.' })
  message!: string;
}

export function toWebhookDto(webhook: Omit<Webhook, 'secreto' | 'id_autor'>): WebhookDto {
  return {
    id: webhook.id_webhook,
    url: webhook.url,
    eventos: webhook.eventos,
    formato: webhook.formato,
    descripcion: webhook.descripcion,
    fecha_creacion: webhook.fecha_creacion,
  };
}
