import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { apiError } from '../common/api-error.js';
import { APP_CONFIG, type AppConfig, type WebhookSettings } from '../config/app-config.js';
import { DestinoNoPermitido, type Resolver, resolverDestino } from './destino-webhook.js';
import { type CreateWebhookDto, toWebhookDto, type WebhookCreadoDto, type WebhookEliminadoDto, type WebhooksDto } from './dto/webhook.dto.js';
import { WebhooksRepository } from './webhooks.repository.js';

/** Webhooks a company needs are a handful (a Teams channel, an integration or two); more is a mistake or abuse. */
export const MAX_WEBHOOKS = 50;
/** Standard Webhooks asks for 24 to 64 random bytes. */
const SECRET_BYTES = 32;

/** Configuration (https in production) and DNS decide it, not the URL's shape: a code of its own, as for file URLs. */
const urlNoPermitida = (mensaje: string) =>
  apiError(HttpStatus.BAD_REQUEST, 'url_no_permitida', 'La URL indicada en url no está permitida.', { errores: [{ campo: 'url', mensaje }] });

/**
 * Why `url` cannot be a webhook's target, as the `url` field's error message; null when it can. The DNS
 * check at creation is for the Super Admin's sake: every delivery checks again (an answer may change).
 */
export async function motivoUrlNoPermitida(url: string, settings: WebhookSettings, resolver?: Resolver): Promise<string | null> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && !settings.allowHttp) return 'debe ser una URL https.';
  if (parsed.username || parsed.password) return 'no puede llevar usuario ni contraseña.';
  if (settings.allowPrivateTargets) return null;
  try {
    await resolverDestino(parsed, false, resolver);
    return null;
  } catch (error) {
    if (error instanceof DestinoNoPermitido) return 'debe apuntar a una dirección pública de Internet (no a una red local, privada o de la propia máquina).';
    throw error;
  }
}

@Injectable()
export class WebhooksService {
  private readonly settings: WebhookSettings;

  constructor(
    private readonly webhooks: WebhooksRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.settings = config.webhooks;
  }

  async create(caller: AuthenticatedEmployee, dto: CreateWebhookDto): Promise<WebhookCreadoDto> {
    const motivo = await motivoUrlNoPermitida(dto.url, this.settings);
    if (motivo) throw urlNoPermitida(motivo);
    const secreto = `whsec_${randomBytes(SECRET_BYTES).toString('base64')}`;
    const webhook = await this.webhooks.insertBajoLimite(
      { url: dto.url, eventos: dto.eventos, formato: dto.formato ?? 'standard', descripcion: dto.descripcion || null, secreto, idAutor: caller.id_empleado },
      MAX_WEBHOOKS,
    );
    if (!webhook) throw apiError(HttpStatus.CONFLICT, 'limite_webhooks', `No se pueden registrar más de ${MAX_WEBHOOKS} webhooks.`);
    return { success: true, message: 'Webhook creado. Guarda el secreto: no se volverá a mostrar.', data: { ...toWebhookDto(webhook), secreto } };
  }

  async list(): Promise<WebhooksDto> {
    return { success: true, data: (await this.webhooks.list()).map(toWebhookDto) };
  }

  async delete(id: number): Promise<WebhookEliminadoDto> {
    if (!(await this.webhooks.delete(id))) throw apiError(HttpStatus.NOT_FOUND, 'webhook_no_encontrado', 'Webhook no encontrado.');
    return { success: true, message: 'Webhook eliminado.' };
  }
}
