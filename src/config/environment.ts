import { plainToInstance, Transform } from 'class-transformer';
import { validateCronExpression } from 'cron';
import {
  IsBooleanString,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  validateSync,
} from 'class-validator';
import { trustProxyError } from './trust-proxy.js';

const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;

/** Names separated by commas (spaces around them allowed), at least one. */
const NAME_LIST = /^\s*[^\s,]+(\s*,\s*[^\s,]+)*\s*$/;

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

  /** Largest accepted upload in bytes; capped because a file is held in memory until validated. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100 * 1024 * 1024)
  UPLOAD_MAX_BYTES: number = 10 * 1024 * 1024;

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

  /** `false` starts no scheduled job in this instance (tests, one-off tools). */
  @IsOptional()
  @IsBooleanString()
  SCHEDULED_JOBS: string = 'true';

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
  if (env.REMINDER_CRON !== 'off' && !isValidCron(env.REMINDER_CRON)) {
    throw new ConfigError(`Invalid environment variable REMINDER_CRON: "${env.REMINDER_CRON}" is not a cron expression (or 'off')`);
  }
  if (env.NODE_ENV === 'production') assertProductionEnvironment(env);
  const trustProxyProblem = env.TRUST_PROXY === undefined ? undefined : trustProxyError(env.TRUST_PROXY);
  if (trustProxyProblem) throw new ConfigError(`Invalid environment variable TRUST_PROXY: ${trustProxyProblem}`);
  if (env.HTTP_HEADERS_TIMEOUT_SECONDS > env.HTTP_REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError('Invalid environment variable HTTP_HEADERS_TIMEOUT_SECONDS: must not exceed HTTP_REQUEST_TIMEOUT_SECONDS');
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
  for (const name of ['AUTH_ISSUER_BASE_URL', 'AUTH_JWKS_URI'] as const) {
    if (env[name] && !env[name].startsWith('https://')) throw new ConfigError(`Invalid environment variable ${name}: must be an https:// URL when NODE_ENV=production`);
  }
  if (env.DEV_IDP === 'true') throw new ConfigError('Invalid environment variable DEV_IDP: the development identity provider never runs when NODE_ENV=production');
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
