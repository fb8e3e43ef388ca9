import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { TipoEvento } from '../eventos-webhook.js';

export const FORMATOS_WEBHOOK = ['standard', 'teams'] as const;
export type FormatoWebhook = (typeof FORMATOS_WEBHOOK)[number];

/** A receiver of signed events (Standard Webhooks), registered by a Super Admin. */
@Entity({ name: 'webhook' })
export class Webhook {
  @PrimaryGeneratedColumn({ name: 'id_webhook', type: 'int' })
  id_webhook!: number;

  @Column({ name: 'url', type: 'varchar', length: 2048 })
  url!: string;

  @Column({ name: 'eventos', type: 'varchar', length: 40, array: true })
  eventos!: TipoEvento[];

  @Column({ name: 'formato', type: 'varchar', length: 10 })
  formato!: FormatoWebhook;

  @Column({ name: 'descripcion', type: 'varchar', length: 200, nullable: true })
  descripcion!: string | null;

  /** `whsec_…`: the signing key itself, which HMAC needs on every delivery. Never answered after creation, never logged. */
  @Column({ name: 'secreto', type: 'varchar', length: 100, select: false })
  secreto!: string;

  @Column({ name: 'id_autor', type: 'int', nullable: true })
  id_autor!: number | null;

  @CreateDateColumn({ name: 'fecha_creacion', type: 'timestamptz' })
  fecha_creacion!: Date;
}
