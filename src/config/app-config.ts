import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { UploadFolder } from '../catalogs/upload-folder.js';
import { ConfigError, type Environment, type ModoAprobacion, publicFolderNames } from './environment.js';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.js';

export const APP_CONFIG = Symbol('APP_CONFIG');

export interface AuthSettings {
  /** `{issuer_base_url}`: the tenant's v2.0 issuer. */
  issuer: string;
  /** `api://<backend_api_client_id>`. */
  audience: string;
  /** Overrides discovery through `<issuer>/.well-known/openid-configuration`. */
  jwksUri?: string;
  /** Seconds between scheduled refreshes of the key set. */
  jwksRefreshSeconds: number;
  /** A token with an unknown `kid` refreshes the key set at most once per this many seconds. */
  jwksUnknownKidRefetchSeconds: number;
  /** A delegated token must carry one of these in `scp`. */
  acceptedScopes: string[];
  /** An app-only token must carry one of these in `roles`. */
  acceptedAppRoles: string[];
  /** `azp`/`appid` values admitted; empty admits any client application. */
  allowedClientIds: string[];
}

/** Node HTTP server timeouts, in milliseconds. */
export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
}

/** Where uploaded files live. */
export type StorageSettings =
  | { kind: 'local' }
  | { kind: 'azure'; container: string; connectionString: string; accountUrl?: undefined }
  | { kind: 'azure'; container: string; accountUrl: string; connectionString?: undefined };

export interface FileSettings {
  /** Served to anyone; files in other folders need a token or a signed link. */
  publicFolders: UploadFolder[];
  /** FILES_SIGNING_KEY; null lets the service keep a generated one in DATA_DIR (never in production with private folders). */
  signingKey: string | null;
  /** FILES_SIGNING_KEY_PREVIOUS: during a rotation, links it signed still open until they expire; null otherwise. */
  previousSigningKey: string | null;
  quotaBytesPerDay: number;
  maxConcurrentPerEmployee: number;
  /** When unused uploads are removed; null never. */
  orphanCron: string | null;
  orphanGraceMinutes: number;
}

export interface RedisSettings {
  url: string;
  keyPrefix: string;
  /** How long counters stay in this process after Redis failed or stalled, before Redis is tried again. */
  retryAfterMs: number;
}

export interface FailureBudget {
  limit: number;
  windowMs: number;
}

/** Microsoft Graph sendMail with an app-only token (client credentials). */
export interface GraphMailSettings {
  tenantId: string;
  clientId: string;
  /** A secret: never logged, never in the configuration summary. */
  clientSecret: string;
  authorityHost: string;
  /** Without a trailing slash. */
  baseUrl: string;
}

/** E-mail through SMTP or Microsoft Graph (src/correo); null when the service sends none. */
export interface MailSettings {
  transport: { kind: 'smtp'; smtpUrl: string } | { kind: 'graph'; graph: GraphMailSettings };
  from: string;
  /** MAIL_FROM's address alone: the mailbox Graph sends from. */
  fromAddress: string;
  /** The domain of MAIL_FROM's address: the right-hand side of every Message-ID. */
  fromDomain: string;
  /** The portal the e-mails link to, without a trailing slash. */
  appBaseUrl: string;
}

/** How the job engine (src/jobs) polls and retries. */
export interface JobSettings {
  pollingIntervalSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
}

/** Outgoing webhooks (src/webhooks). */
/** The kinds of personal data with their own retention (years). */
export type TipoDatoConservado = 'solicitudes' | 'documentos' | 'fichajes' | 'notificaciones' | 'historial' | 'accesos';

/** RETENCION_*_ANIOS, BLOQUEO_ANIOS and PRIVACIDAD_CRON (null: off): see README "Personal data and retention". */
export interface PrivacidadSettings {
  retencion: Record<TipoDatoConservado, number>;
  bloqueoAnios: number;
  cron: string | null;
}

export interface WebhookSettings {
  /** http:// targets are accepted (never when NODE_ENV=production). */
  allowHttp: boolean;
  /** Loopback, private and link-local targets are accepted (WEBHOOKS_ALLOW_PRIVATE_TARGETS). */
  allowPrivateTargets: boolean;
  /** The portal Teams cards link to, without a trailing slash. */
  appBaseUrl: string;
}

export interface AppConfig {
  production: boolean;
  port: number;
  database: { url: string; poolSize: number; waitMs: number; embedded: boolean };
  auth: AuthSettings;
  /** Set when the service itself plays the identity provider (development only). */
  devIdp: boolean;
  /** Port of the development https listener (DEV_HTTPS=true); null without it. */
  devHttpsPort: number | null;
  /** Seed demo employees at startup (development only). */
  demoData: boolean;
  publicBaseUrl: string;
  uploadsDir: string;
  storage: StorageSettings;
  uploadMaxBytes: number;
  files: FileSettings;
  /** Exports of one employee's personal data per rolling 24 hours; 0: no limit. */
  exportacionesDatosPorDia: number;
  dataDir: string;
  companyTimeZone: string;
  corsOrigins: string[];
  logLevel: string;
  rateLimitPerMinute: number;
  /** Where rate-limit counters live when shared by several instances; null keeps them in this process. */
  redis: RedisSettings | null;
  /** Failed authentications an address may make per window on /api; `limit` 0 turns the limiter off. */
  authFailures: FailureBudget;
  /** The same on /scim/v2, a budget of its own. */
  scimAuthFailures: FailureBudget;
  trustProxy: TrustProxy;
  httpTimeouts: HttpTimeouts;
  apiDocs: boolean;
  scheduledJobs: boolean;
  jobs: JobSettings;
  mail: MailSettings | null;
  webhooks: WebhookSettings;
  reminders: { cron: string | null; pendingDays: number };
  /** DIGEST_CRON (null: off): when approvers who chose it get the day's digest of what waits on them. */
  digestCron: string | null;
  privacidad: PrivacidadSettings;
  /** FICHAJE_CIERRE_CRON (null: off) and FICHAJE_CIERRE_HORAS: when open days become `incompleto`. */
  cierreFichajes: { cron: string | null; horas: number };
  /** RESUMEN_JORNADA_CRON (null: off): when employees are told last month's summary is ready. */
  resumenJornadaCron: string | null;
  /** JORNADA_COMPLETA_HORAS_SEMANA: the full-time week; shorter ordinary weeks are part-time. */
  horasSemanaCompleta: number;
  /** APROBACION: who decides requests (see src/aprobaciones). */
  aprobacion: ModoAprobacion;
  /** VACACIONES_CADUCIDAD: `MM-DD` of year N+1 when year N's vacation remainder expires; null never. */
  vacacionesCaducidad: string | null;
  /** SHA-256 of SCIM_TOKEN (the token itself is not kept); null when SCIM provisioning is off. */
  scimTokenSha256: Buffer | null;
  /** SHA-256 of SCIM_TOKEN_PREVIOUS, accepted beside SCIM_TOKEN during a rotation; null otherwise. */
  scimPreviousTokenSha256: Buffer | null;
}

export const DEV_TENANT_ID = 'dev-tenant';
export const DEV_API_CLIENT_ID = 'ess-api';
export const DEFAULT_POOL_SIZE = 10;

/**
 * The development identity provider (with its public demo secrets and demo employees) runs only on
 * the embedded database, or on a DATABASE_URL database when DEV_IDP=true says so; anywhere else the
 * real provider's settings are required. Outside the service (the command-line tools) none of this applies.
 */
export function usesDevelopmentIdentityProvider(env: Environment): boolean {
  if (env.AUTH_ISSUER_BASE_URL) {
    if (env.DEV_IDP === 'true') throw new ConfigError('Invalid environment variable DEV_IDP: true contradicts AUTH_ISSUER_BASE_URL; unset one of them');
    return false;
  }
  if (env.DEV_IDP === 'true' || (!env.DATABASE_URL && env.DEV_IDP !== 'false')) return true;
  throw new ConfigError(
    'Missing environment variables AUTH_ISSUER_BASE_URL and AUTH_AUDIENCE: required with DATABASE_URL or DEV_IDP=false ' +
      '(the development identity provider runs only with the embedded database, or with DEV_IDP=true)',
  );
}

function developmentHttpsPort(env: Environment, devIdp: boolean): number | null {
  if (env.DEV_HTTPS !== 'true') return null;
  if (!devIdp) throw new ConfigError('Invalid environment variable DEV_HTTPS: true needs the development identity provider (see DEV_IDP)');
  if (env.DEV_HTTPS_PORT === env.PORT) throw new ConfigError('Invalid environment variable DEV_HTTPS_PORT: must differ from PORT');
  return env.DEV_HTTPS_PORT;
}

/**
 * Turns the validated environment into the service's configuration. `databaseUrl` is the URL
 * actually used (the embedded server's when DATABASE_URL is unset).
 */
export function buildAppConfig(env: Environment, databaseUrl: string): AppConfig {
  const production = env.NODE_ENV === 'production';
  const embedded = !env.DATABASE_URL;
  const devIdp = usesDevelopmentIdentityProvider(env);
  const devHttpsPort = developmentHttpsPort(env, devIdp);
  const defaultBaseUrl = devHttpsPort ? `https://localhost:${devHttpsPort}` : `http://localhost:${env.PORT}`;
  const publicBaseUrl = (env.PUBLIC_BASE_URL ?? defaultBaseUrl).replace(/\/+$/, '');
  const auth: AuthSettings = {
    ...(devIdp
      ? {
          issuer: `${publicBaseUrl}/dev-idp/${DEV_TENANT_ID}/v2.0`,
          audience: `api://${DEV_API_CLIENT_ID}`,
          // The service fetches its own keys over plain http on loopback: Node does not trust the self-signed certificate.
          jwksUri: devHttpsPort ? `http://127.0.0.1:${env.PORT}/dev-idp/${DEV_TENANT_ID}/discovery/v2.0/keys` : undefined,
        }
      : { issuer: env.AUTH_ISSUER_BASE_URL!, audience: env.AUTH_AUDIENCE!, jwksUri: env.AUTH_JWKS_URI }),
    jwksRefreshSeconds: env.AUTH_JWKS_REFRESH_SECONDS,
    jwksUnknownKidRefetchSeconds: env.AUTH_JWKS_UNKNOWN_KID_REFETCH_SECONDS,
    acceptedScopes: nameList(env.AUTH_ACCEPTED_SCOPES),
    acceptedAppRoles: nameList(env.AUTH_ACCEPTED_APP_ROLES),
    allowedClientIds: nameList(env.AUTH_ALLOWED_CLIENT_IDS),
  };
  return {
    production,
    port: env.PORT,
    database: {
      url: databaseUrl,
      embedded,
      poolSize: embedded ? 1 : (env.DATABASE_POOL_SIZE ?? DEFAULT_POOL_SIZE),
      waitMs: env.DATABASE_WAIT_MS,
    },
    auth,
    devIdp,
    devHttpsPort,
    demoData: devIdp,
    publicBaseUrl,
    uploadsDir: resolve(env.UPLOADS_DIR),
    storage: storageSettings(env),
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    files: {
      publicFolders: [...new Set(publicFolderNames(env))] as UploadFolder[],
      signingKey: env.FILES_SIGNING_KEY ?? null,
      previousSigningKey: env.FILES_SIGNING_KEY_PREVIOUS ?? null,
      quotaBytesPerDay: env.UPLOAD_QUOTA_BYTES_PER_DAY,
      maxConcurrentPerEmployee: env.UPLOAD_MAX_CONCURRENT_PER_EMPLOYEE,
      orphanCron: env.UPLOAD_ORPHAN_CRON === 'off' ? null : env.UPLOAD_ORPHAN_CRON,
      orphanGraceMinutes: env.UPLOAD_ORPHAN_GRACE_MINUTES,
    },
    exportacionesDatosPorDia: env.DATOS_EXPORTACIONES_POR_DIA,
    dataDir: resolve(env.DATA_DIR),
    companyTimeZone: env.COMPANY_TIMEZONE,
    corsOrigins: nameList(env.CORS_ORIGINS),
    logLevel: env.LOG_LEVEL,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    redis: env.REDIS_URL ? { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX, retryAfterMs: env.REDIS_RETRY_SECONDS * 1000 } : null,
    authFailures: { limit: env.AUTH_FAILURE_LIMIT, windowMs: env.AUTH_FAILURE_WINDOW_SECONDS * 1000 },
    scimAuthFailures: { limit: env.SCIM_AUTH_FAILURE_LIMIT ?? env.AUTH_FAILURE_LIMIT, windowMs: env.AUTH_FAILURE_WINDOW_SECONDS * 1000 },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    httpTimeouts: {
      headersMs: env.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestMs: env.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveMs: env.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    },
    apiDocs: env.API_DOCS === 'true',
    scheduledJobs: env.SCHEDULED_JOBS === 'true',
    jobs: {
      pollingIntervalSeconds: env.JOBS_POLLING_INTERVAL_SECONDS,
      retryLimit: env.JOBS_RETRY_LIMIT,
      retryDelaySeconds: env.JOBS_RETRY_DELAY_SECONDS,
      retryDelayMaxSeconds: env.JOBS_RETRY_DELAY_MAX_SECONDS,
    },
    mail: mailSettings(env, publicBaseUrl),
    webhooks: {
      allowHttp: !production,
      allowPrivateTargets: env.WEBHOOKS_ALLOW_PRIVATE_TARGETS === undefined ? !production : env.WEBHOOKS_ALLOW_PRIVATE_TARGETS === 'true',
      appBaseUrl: (env.APP_BASE_URL ?? publicBaseUrl).replace(/\/+$/, ''),
    },
    reminders: { cron: env.REMINDER_CRON === 'off' ? null : env.REMINDER_CRON, pendingDays: env.REMINDER_PENDING_DAYS },
    digestCron: env.DIGEST_CRON === 'off' ? null : env.DIGEST_CRON,
    privacidad: privacidadSettings(env),
    cierreFichajes: { cron: env.FICHAJE_CIERRE_CRON === 'off' ? null : env.FICHAJE_CIERRE_CRON, horas: env.FICHAJE_CIERRE_HORAS },
    resumenJornadaCron: env.RESUMEN_JORNADA_CRON === 'off' ? null : env.RESUMEN_JORNADA_CRON,
    horasSemanaCompleta: env.JORNADA_COMPLETA_HORAS_SEMANA,
    aprobacion: env.APROBACION,
    vacacionesCaducidad: env.VACACIONES_CADUCIDAD ?? null,
    scimTokenSha256: sha256(env.SCIM_TOKEN),
    scimPreviousTokenSha256: sha256(env.SCIM_TOKEN_PREVIOUS),
  };
}

function mailSettings(env: Environment, publicBaseUrl: string): MailSettings | null {
  if (env.MAIL_TRANSPORT !== 'smtp' && env.MAIL_TRANSPORT !== 'graph') return null;
  const from = env.MAIL_FROM!;
  const fromAddress = /<([^\s<>@]+@[^\s<>@]+)>$/.exec(from)?.[1] ?? from;
  return {
    transport:
      env.MAIL_TRANSPORT === 'smtp'
        ? { kind: 'smtp', smtpUrl: env.SMTP_URL! }
        : {
            kind: 'graph',
            graph: {
              tenantId: env.MAIL_GRAPH_TENANT_ID!,
              clientId: env.MAIL_GRAPH_CLIENT_ID!,
              clientSecret: env.MAIL_GRAPH_CLIENT_SECRET!,
              authorityHost: env.MAIL_GRAPH_AUTHORITY_HOST.replace(/\/+$/, ''),
              baseUrl: env.GRAPH_BASE_URL.replace(/\/+$/, ''),
            },
          },
    from,
    fromAddress,
    fromDomain: /@([^\s<>@]+)>?$/.exec(from)![1]!,
    appBaseUrl: (env.APP_BASE_URL ?? publicBaseUrl).replace(/\/+$/, ''),
  };
}

/** Also read by the retention CLI, which has no AppConfig (it needs no identity provider). */
export function privacidadSettings(env: Environment): PrivacidadSettings {
  return {
    retencion: {
      solicitudes: env.RETENCION_SOLICITUDES_ANIOS,
      documentos: env.RETENCION_DOCUMENTOS_ANIOS,
      fichajes: env.RETENCION_FICHAJES_ANIOS,
      notificaciones: env.RETENCION_NOTIFICACIONES_ANIOS,
      historial: env.RETENCION_HISTORIAL_ANIOS,
      accesos: env.RETENCION_ACCESOS_ANIOS,
    },
    bloqueoAnios: env.BLOQUEO_ANIOS,
    cron: env.PRIVACIDAD_CRON === 'off' ? null : env.PRIVACIDAD_CRON,
  };
}

export function storageSettings(env: Environment): StorageSettings {
  if (env.STORAGE !== 'azure') return { kind: 'local' };
  const container = env.AZURE_STORAGE_CONTAINER;
  return env.AZURE_STORAGE_CONNECTION_STRING
    ? { kind: 'azure', container, connectionString: env.AZURE_STORAGE_CONNECTION_STRING }
    : { kind: 'azure', container, accountUrl: env.AZURE_STORAGE_ACCOUNT_URL! };
}

function sha256(secret: string | undefined): Buffer | null {
  return secret ? createHash('sha256').update(secret).digest() : null;
}

function nameList(commaSeparated: string | undefined): string[] {
  return (commaSeparated ?? '').split(',').map((name) => name.trim()).filter(Boolean);
}
