import { plainToInstance, Transform } from 'class-transformer';
import { validateCronExpression } from 'cron';
import {
  IsBooleanString,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  validateSync,
} from 'class-validator';
import { isUploadFolder, UPLOAD_FOLDERS } from '../catalogs/upload-folder.js';
import { databaseTlsProblem } from '../database/database-tls.js';
import { secretEnvironmentProblem } from './secret-environment.js';
import { trustProxyError } from './trust-proxy.js';

const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;

const toNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) ? Number(value) : value;

/** Names separated by commas (spaces around them allowed), at least one. */
const NAME_LIST = /^\s*[^\s,]+(\s*,\s*[^\s,]+)*\s*$/;

/** APROBACION's values: who decides requests (src/aprobaciones). */
export const MODOS_APROBACION = ['admin', 'responsable', 'responsable_y_admin'] as const;
export type ModoAprobacion = (typeof MODOS_APROBACION)[number];

function SigningKeyFormat(): PropertyDecorator {
  return (target, property) => {
    IsOptional()(target, property);
    IsString()(target, property);
    Matches(/^\S{32,512}$/, { message: 'must be 32 to 512 characters without spaces' })(target, property);
  };
}

function ScimTokenFormat(): PropertyDecorator {
  return (target, property) => {
    IsOptional()(target, property);
    Matches(/^[\x21-\x7e]{32,4096}$/, { message: 'must be 32 to 4096 printable ASCII characters without spaces' })(target, property);
  };
}

/** The process environment as the service reads it; validated once at boot. */
export class Environment {
  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 3000;

  /** `true` runs the development identity provider and demo data on a DATABASE_URL database too. */
  @IsOptional()
  @IsBooleanString()
  DEV_IDP?: string;

  /** `true` adds an https listener with a self-signed certificate: MSAL refuses http authorities. Development only. */
  @IsOptional()
  @IsBooleanString()
  DEV_HTTPS?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(65535)
  DEV_HTTPS_PORT: number = 3443;

  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'must be a postgres:// or postgresql:// URL' })
  DATABASE_URL?: string;

  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  AUTH_ISSUER_BASE_URL?: string;

  @IsOptional()
  @IsString()
  @Matches(/^\S+$/, { message: 'must not contain spaces' })
  AUTH_AUDIENCE?: string;

  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  AUTH_JWKS_URI?: string;

  /** Seconds between scheduled refreshes of the provider's signing keys. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3600)
  AUTH_JWKS_REFRESH_SECONDS: number = 300;

  /** A token with a `kid` outside the key set refreshes it at most once per this many seconds. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(60)
  AUTH_JWKS_UNKNOWN_KID_REFETCH_SECONDS: number = 30;

  /** Comma-separated; a delegated token needs one of them in `scp`. */
  @IsOptional()
  @Matches(NAME_LIST, { message: 'must be a comma-separated list of names' })
  AUTH_ACCEPTED_SCOPES: string = 'access_as_user';

  /** Comma-separated; an app-only token needs one of them in `roles`. */
  @IsOptional()
  @Matches(NAME_LIST, { message: 'must be a comma-separated list of names' })
  AUTH_ACCEPTED_APP_ROLES: string = 'access_as_application';

  /** Comma-separated `azp`/`appid` values; unset admits any client application of the tenant. */
  @IsOptional()
  @Matches(NAME_LIST, { message: 'must be a comma-separated list of client ids' })
  AUTH_ALLOWED_CLIENT_IDS?: string;

  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  PUBLIC_BASE_URL?: string;

  @IsOptional()
  @IsString()
  UPLOADS_DIR: string = './uploads';

  /** Largest accepted upload in bytes; streamed to storage, capped so an upload fits in the request timeout. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100 * 1024 * 1024)
  UPLOAD_MAX_BYTES: number = 10 * 1024 * 1024;

  /** Where uploaded files live: `local` (UPLOADS_DIR) or `azure` (Azure Blob Storage). */
  @IsOptional()
  @IsIn(['local', 'azure'])
  STORAGE: string = 'local';

  /** With STORAGE=azure: a connection string (Azurite, or an account key) … */
  @IsOptional()
  @IsString()
  AZURE_STORAGE_CONNECTION_STRING?: string;

  /** … or the account's blob endpoint, reached with DefaultAzureCredential (managed identity). */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  AZURE_STORAGE_ACCOUNT_URL?: string;

  /** Azure's container naming rules: 3–63 lower-case letters, digits and single hyphens. */
  @IsOptional()
  @Matches(/^(?!.*--)[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/, { message: 'must be 3 to 63 lower-case letters, digits and single hyphens' })
  AZURE_STORAGE_CONTAINER: string = 'uploads';

  /** Comma-separated folders served to anyone; the others need a token or a signed link. */
  @IsOptional()
  @Matches(NAME_LIST, { message: 'must be a comma-separated list of folders' })
  UPLOADS_PUBLIC_FOLDERS: string = 'comunicados';

  /** HMAC key of signed file links; unset outside production, one is generated into DATA_DIR. */
  @SigningKeyFormat()
  FILES_SIGNING_KEY?: string;

  /** During a rotation, the key FILES_SIGNING_KEY replaces: links it signed open until they expire. */
  @SigningKeyFormat()
  FILES_SIGNING_KEY_PREVIOUS?: string;

  /** Bytes one employee may upload per day (the last 24 hours). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  UPLOAD_QUOTA_BYTES_PER_DAY: number = 200 * 1024 * 1024;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  UPLOAD_MAX_CONCURRENT_PER_EMPLOYEE: number = 3;

  /** Exports of one employee's personal data per rolling 24 hours (their own and admins' together); `0` turns the limit off. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(1000)
  DATOS_EXPORTACIONES_POR_DIA: number = 5;

  /** Cron expression in COMPANY_TIMEZONE for removing uploads no row uses, or `off`. */
  @IsOptional()
  @IsString()
  UPLOAD_ORPHAN_CRON: string = '30 * * * *';

  /** An upload no row uses is removed once it is this many minutes old; 0 only in tests. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(525_600)
  UPLOAD_ORPHAN_GRACE_MINUTES: number = 24 * 60;

  @IsOptional()
  @IsString()
  DATA_DIR: string = './data';

  @IsOptional()
  @IsString()
  COMPANY_TIMEZONE: string = 'UTC';

  @IsOptional()
  @IsString()
  CORS_ORIGINS?: string;

  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: string = 'info';

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  RATE_LIMIT_PER_MINUTE: number = 600;

  /** Rate-limit counters shared by every instance; unset keeps them in this process. */
  @IsOptional()
  @Matches(/^rediss?:\/\/\S+$/, { message: 'must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  @IsOptional()
  @Matches(/^[\w:.-]{1,64}$/, { message: 'must be 1 to 64 letters, digits or _ : . -' })
  REDIS_KEY_PREFIX: string = 'ess-api:';

  /** After Redis fails or stalls three times in a row, how long counters stay in this process before one request tries Redis again. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3600)
  REDIS_RETRY_SECONDS: number = 30;

  /** Failed authentications per client address and window before the address gets 429; `0` turns it off. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(100_000)
  AUTH_FAILURE_LIMIT: number = 30;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(86_400)
  AUTH_FAILURE_WINDOW_SECONDS: number = 60;

  /** The same limit for /scim/v2, counted apart from /api's; unset takes AUTH_FAILURE_LIMIT. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(100_000)
  SCIM_AUTH_FAILURE_LIMIT?: number;

  /** Express's `trust proxy`: a hop count, or the proxies' addresses/CIDRs; unset trusts none. */
  @IsOptional()
  @IsString()
  TRUST_PROXY?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(600)
  HTTP_HEADERS_TIMEOUT_SECONDS: number = 15;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3600)
  HTTP_REQUEST_TIMEOUT_SECONDS: number = 120;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3600)
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: number = 65;

  @IsOptional()
  @IsBooleanString()
  API_DOCS: string = 'true';

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(200)
  DATABASE_POOL_SIZE?: number;

  /** How long a query waits for a connection (from the pool, or a new one) before the answer is 503. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(60_000)
  DATABASE_WAIT_MS: number = 3000;

  /** `false` starts no scheduled job in this instance (tests, one-off tools). */
  @IsOptional()
  @IsBooleanString()
  SCHEDULED_JOBS: string = 'true';

  /** Seconds between a queue's polls for new jobs (pg-boss' `pollingIntervalSeconds`). */
  @IsOptional()
  @Transform(toNumber)
  @IsNumber()
  @Min(0.5)
  @Max(60)
  JOBS_POLLING_INTERVAL_SECONDS: number = 2;

  /** Retries of a failed job before it stays failed. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(20)
  JOBS_RETRY_LIMIT: number = 8;

  /** The first retry's delay in seconds; each further one doubles it (with jitter), up to JOBS_RETRY_DELAY_MAX_SECONDS. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(86_400)
  JOBS_RETRY_DELAY_SECONDS: number = 300;

  /** The longest delay between two retries, in seconds. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(604_800)
  JOBS_RETRY_DELAY_MAX_SECONDS: number = 28_800;

  /**
   * `smtp` (through SMTP_URL) or `graph` (Microsoft Graph sendMail from MAIL_FROM's mailbox): notifications also
   * reach people by e-mail, their preferences allowing. Unset: no e-mail.
   */
  @IsOptional()
  @IsIn(['smtp', 'graph'])
  MAIL_TRANSPORT?: string;

  /** With MAIL_TRANSPORT=graph: the Entra ID tenant (directory) id of the app registration that sends. */
  @IsOptional()
  @Matches(/^[0-9A-Za-z.-]{1,100}$/, { message: 'must be a tenant id (GUID) or domain' })
  MAIL_GRAPH_TENANT_ID?: string;

  /** With MAIL_TRANSPORT=graph: the app registration's application (client) id. */
  @IsOptional()
  @Matches(/^[0-9A-Za-z-]{1,100}$/, { message: 'must be an application (client) id' })
  MAIL_GRAPH_CLIENT_ID?: string;

  /** With MAIL_TRANSPORT=graph: a client secret of that app registration. A secret: never logged. */
  @IsOptional()
  @Matches(/^\S{1,1024}$/, { message: 'must be 1 to 1024 characters without spaces' })
  MAIL_GRAPH_CLIENT_SECRET?: string;

  /** Where tokens for Graph come from: Entra ID's public cloud unless a national cloud (or a test) says otherwise. */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['https'] })
  MAIL_GRAPH_AUTHORITY_HOST: string = 'https://login.microsoftonline.com';

  /** Microsoft Graph's endpoint; its origin is also the token's audience (`<origin>/.default`). */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  GRAPH_BASE_URL: string = 'https://graph.microsoft.com';

  /** Cron expression in COMPANY_TIMEZONE for the approvers' daily digest of what waits on them, or `off`. */
  @IsOptional()
  @IsString()
  DIGEST_CRON: string = '0 8 * * 1-5';

  /**
   * Retention in whole years (GDPR art. 5(1)(e)), counted from the leave date (fecha_baja) or, for notifications and
   * the access log (anybody's, active or not), from the record's own date. Time records never less than 4 (ET art. 34.9);
   * requests, documents and change history default to 4 (LISOS art. 21.1); see README "Personal data and retention".
   */
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(50)
  RETENCION_SOLICITUDES_ANIOS: number = 4;

  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(50)
  RETENCION_DOCUMENTOS_ANIOS: number = 4;

  @IsOptional() @Transform(toInt) @IsInt() @Min(4, { message: 'must be at least 4: time records are kept four years (Estatuto de los Trabajadores art. 34.9)' }) @Max(50)
  RETENCION_FICHAJES_ANIOS: number = 4;

  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(50)
  RETENCION_NOTIFICACIONES_ANIOS: number = 1;

  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(50)
  RETENCION_HISTORIAL_ANIOS: number = 4;

  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(50)
  RETENCION_ACCESOS_ANIOS: number = 2;

  /** Years blocked data is kept before the purge (LOPDGDD art. 32): the limitation period of labour infringements (LISOS art. 4). */
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) @Max(50)
  BLOQUEO_ANIOS: number = 3;

  /** Cron expression in COMPANY_TIMEZONE for the daily blocking and purge run, or `off`. */
  @IsOptional()
  @IsString()
  PRIVACIDAD_CRON: string = '30 3 * * *';

  /** The SMTP server, credentials included: `smtps://user:password@host:465` or `smtp://host:25`. A secret. */
  @IsOptional()
  @Matches(/^smtps?:\/\/[^\s/?#]+(\/\S*)?$/, { message: 'must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  /** The sender of every e-mail: `portal@empresa.es` or `Portal del Empleado <portal@empresa.es>`. */
  @IsOptional()
  @Matches(/^([^<>\r\n]{0,100}<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, { message: 'must be an e-mail address, with or without a name' })
  MAIL_FROM?: string;

  /** The portal (SPA) the e-mails link to; PUBLIC_BASE_URL when unset. */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  APP_BASE_URL?: string;

  /**
   * `true` lets webhooks target loopback, private, link-local and other non-public addresses (a receiver
   * on this machine or the internal network). Unset: `false` when NODE_ENV=production, `true` otherwise.
   */
  @IsOptional()
  @IsBooleanString()
  WEBHOOKS_ALLOW_PRIVATE_TARGETS?: string;

  /** The bearer "Secret Token" Entra ID's provisioning service sends to /scim/v2; unset turns SCIM off. */
  @ScimTokenFormat()
  SCIM_TOKEN?: string;

  /** During a rotation, the token SCIM_TOKEN replaces: accepted too until it is removed. */
  @ScimTokenFormat()
  SCIM_TOKEN_PREVIOUS?: string;

  /** Cron expression in COMPANY_TIMEZONE for the pending-approval reminders, or `off`. */
  @IsOptional()
  @IsString()
  REMINDER_CRON: string = '0 9 * * *';

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(365)
  REMINDER_PENDING_DAYS: number = 2;

  /** Cron expression in COMPANY_TIMEZONE for marking days left open as `incompleto`, or `off`. */
  @IsOptional()
  @IsString()
  FICHAJE_CIERRE_CRON: string = '*/15 * * * *';

  /** Cron expression in COMPANY_TIMEZONE for telling employees last month's summary is ready, or `off`. */
  @IsOptional()
  @IsString()
  RESUMEN_JORNADA_CRON: string = '0 8 1 * *';

  /** Hours after the end of an employee's day (their centre's time zone) before a day without `salida` is `incompleto`. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(48)
  FICHAJE_CIERRE_HORAS: number = 4;

  /** The company's full-time week in hours (ET art. 34.1: at most 40); schedules below it are part-time (ET art. 12.1). */
  @IsOptional()
  @Transform(toNumber)
  @IsNumber()
  @Min(1)
  @Max(40)
  JORNADA_COMPLETA_HORAS_SEMANA: number = 40;

  /** Who decides requests: `admin` (the spec), `responsable` (the manager; Admins may override) or `responsable_y_admin` (two steps). */
  @IsOptional()
  @IsIn(MODOS_APROBACION)
  APROBACION: ModoAprobacion = 'admin';

  /** `MM-DD` of year N+1 after which year N's unused vacation days can no longer be requested or approved; unset never. */
  @IsOptional()
  @Matches(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: 'must be a MM-DD date, e.g. 03-31' })
  VACACIONES_CADUCIDAD?: string;
}

export class ConfigError extends Error {}

/** Validates the raw environment; the first problem becomes a one-line error naming the variable. */
export function parseEnvironment(raw: NodeJS.ProcessEnv): Environment {
  const defined = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== undefined && value !== ''));
  const env = plainToInstance(Environment, defined, { exposeDefaultValues: true });
  const [problem] = validateSync(env, { skipMissingProperties: false });
  if (problem) {
    const reason = Object.values(problem.constraints ?? {}).join('; ') || 'is invalid';
    throw new ConfigError(`Invalid environment variable ${problem.property}: ${reason}`);
  }
  if (!isValidTimeZone(env.COMPANY_TIMEZONE)) {
    throw new ConfigError(`Invalid environment variable COMPANY_TIMEZONE: unknown IANA time zone "${env.COMPANY_TIMEZONE}"`);
  }
  for (const name of ['REMINDER_CRON', 'UPLOAD_ORPHAN_CRON', 'FICHAJE_CIERRE_CRON', 'RESUMEN_JORNADA_CRON', 'DIGEST_CRON', 'PRIVACIDAD_CRON'] as const) {
    if (env[name] !== 'off' && !isValidCron(env[name])) {
      throw new ConfigError(`Invalid environment variable ${name}: "${env[name]}" is not a cron expression (or 'off')`);
    }
  }
  const unknownFolder = publicFolderNames(env).find((name) => !isUploadFolder(name));
  if (unknownFolder !== undefined) {
    throw new ConfigError(`Invalid environment variable UPLOADS_PUBLIC_FOLDERS: "${unknownFolder}" is not one of ${UPLOAD_FOLDERS.join(', ')}`);
  }
  assertStorageEnvironment(env);
  const secretProblem = secretEnvironmentProblem(env);
  if (secretProblem) throw new ConfigError(secretProblem);
  const tlsProblem = env.DATABASE_URL === undefined ? undefined : databaseTlsProblem(env.DATABASE_URL, raw);
  if (tlsProblem) throw new ConfigError(tlsProblem);
  if (env.VACACIONES_CADUCIDAD && !isValidMonthDay(env.VACACIONES_CADUCIDAD)) {
    throw new ConfigError(`Invalid environment variable VACACIONES_CADUCIDAD: "${env.VACACIONES_CADUCIDAD}" is not a day of the year (02-29 neither: not every year has it)`);
  }
  if (env.NODE_ENV === 'production') assertProductionEnvironment(env);
  const trustProxyProblem = env.TRUST_PROXY === undefined ? undefined : trustProxyError(env.TRUST_PROXY);
  if (trustProxyProblem) throw new ConfigError(`Invalid environment variable TRUST_PROXY: ${trustProxyProblem}`);
  if (env.HTTP_HEADERS_TIMEOUT_SECONDS > env.HTTP_REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError('Invalid environment variable HTTP_HEADERS_TIMEOUT_SECONDS: must not exceed HTTP_REQUEST_TIMEOUT_SECONDS');
  }
  if (env.JOBS_RETRY_DELAY_SECONDS > env.JOBS_RETRY_DELAY_MAX_SECONDS) {
    throw new ConfigError('Invalid environment variable JOBS_RETRY_DELAY_SECONDS: must not exceed JOBS_RETRY_DELAY_MAX_SECONDS');
  }
  if (env.MAIL_TRANSPORT === 'smtp') {
    for (const name of ['SMTP_URL', 'MAIL_FROM'] as const) {
      if (!env[name]) throw new ConfigError(`Missing environment variable ${name}: required with MAIL_TRANSPORT=smtp`);
    }
  }
  if (env.MAIL_TRANSPORT === 'graph') {
    for (const name of ['MAIL_GRAPH_TENANT_ID', 'MAIL_GRAPH_CLIENT_ID', 'MAIL_GRAPH_CLIENT_SECRET', 'MAIL_FROM'] as const) {
      if (!env[name]) throw new ConfigError(`Missing environment variable ${name}: required with MAIL_TRANSPORT=graph`);
    }
  }
  if (Boolean(env.AUTH_ISSUER_BASE_URL) !== Boolean(env.AUTH_AUDIENCE)) {
    throw new ConfigError('Invalid environment variable AUTH_AUDIENCE: AUTH_ISSUER_BASE_URL and AUTH_AUDIENCE must be set together');
  }
  return env;
}

function assertProductionEnvironment(env: Environment): void {
  for (const name of ['DATABASE_URL', 'AUTH_ISSUER_BASE_URL', 'AUTH_AUDIENCE'] as const) {
    if (!env[name]) throw new ConfigError(`Missing environment variable ${name}: required when NODE_ENV=production`);
  }
  for (const name of ['AUTH_ISSUER_BASE_URL', 'AUTH_JWKS_URI', 'AZURE_STORAGE_ACCOUNT_URL'] as const) {
    if (env[name] && !env[name].startsWith('https://')) throw new ConfigError(`Invalid environment variable ${name}: must be an https:// URL when NODE_ENV=production`);
  }
  if (env.DEV_IDP === 'true') throw new ConfigError('Invalid environment variable DEV_IDP: the development identity provider never runs when NODE_ENV=production');
  if (env.DEV_HTTPS === 'true') throw new ConfigError('Invalid environment variable DEV_HTTPS: the self-signed https listener never runs when NODE_ENV=production');
  if (!env.FILES_SIGNING_KEY && UPLOAD_FOLDERS.some((folder) => !publicFolderNames(env).includes(folder))) {
    throw new ConfigError('Missing environment variable FILES_SIGNING_KEY: required when NODE_ENV=production and a folder is not in UPLOADS_PUBLIC_FOLDERS');
  }
}

export function publicFolderNames(env: Environment): string[] {
  return env.UPLOADS_PUBLIC_FOLDERS.split(',').map((name) => name.trim());
}

/** STORAGE=azure needs exactly one way to reach the account; Azure settings without it are a mistake, not a default. */
function assertStorageEnvironment(env: Environment): void {
  const ways = [env.AZURE_STORAGE_CONNECTION_STRING, env.AZURE_STORAGE_ACCOUNT_URL].filter(Boolean).length;
  if (env.STORAGE === 'azure' && ways !== 1) {
    throw new ConfigError('Invalid environment variable STORAGE: azure needs exactly one of AZURE_STORAGE_CONNECTION_STRING and AZURE_STORAGE_ACCOUNT_URL');
  }
  if (env.STORAGE === 'local' && ways > 0) {
    throw new ConfigError('Invalid environment variable STORAGE: AZURE_STORAGE_* is set but STORAGE is local; set STORAGE=azure or unset them');
  }
}

function isValidMonthDay(monthDay: string): boolean {
  const date = new Date(`2001-${monthDay}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(5, 10) === monthDay;
}

function isValidCron(expression: string): boolean {
  return validateCronExpression(expression).valid;
}

function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
