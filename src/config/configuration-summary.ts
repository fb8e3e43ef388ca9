import type { AppConfig } from './app-config.js';
import { APP_VERSION } from './app-version.js';

/** The first line an operator looks for: which release, on which port(s), in which mode. */
export function startupLine(config: AppConfig, httpPort: number): string {
  const ports = config.devHttpsPort ? `http port ${httpPort} and https port ${config.devHttpsPort}` : `port ${httpPort}`;
  const mode = config.production ? 'production mode' : `development mode${config.devIdp ? ', with the development identity provider' : ''}`;
  return `ess-api ${APP_VERSION} listening on ${ports} in ${mode}`;
}

/**
 * The configuration on one log line, for an operator comparing what runs with what was meant to run.
 * Only what tells settings apart, never a secret: addresses lose their user and password, the storage
 * shows its container (a connection string carries the account key), the SCIM token only whether it is set.
 */
export function configurationSummary(config: AppConfig): string {
  const { auth, storage, database } = config;
  const settings = [
    `database=${database.embedded ? 'embedded' : withoutCredentials(database.url)} (pool ${database.poolSize})`,
    `identity provider=${config.devIdp ? 'development (this service)' : auth.issuer} (keys from ${auth.jwksUri ? withoutCredentials(auth.jwksUri) : 'discovery'}, audience ${auth.audience})`,
    `storage=${storage.kind === 'local' ? `local ${config.uploadsDir}` : `azure container ${storage.container}${storage.accountUrl ? ` at ${withoutCredentials(storage.accountUrl)}` : ''}`}`,
    `redis=${config.redis ? withoutCredentials(config.redis.url) : 'off (rate limits per instance)'}`,
    `rate limit=${config.rateLimitPerMinute || 'off'}/min`,
    `failed authentications=${config.authFailures.limit || 'off'} per ${config.authFailures.windowMs / 1000} s`,
    `scim=${config.scimTokenSha256 ? 'on' : 'off'}`,
    `e-mail=${mailSummary(config)}`,
    `approver digest=${config.mail ? (config.digestCron ?? 'off') : 'off'}`,
    `retention=${config.privacidad.cron ?? 'off'}`,
    `webhook targets=${config.webhooks.allowPrivateTargets ? 'any address' : 'public addresses only'}`,
    `approvals=${config.aprobacion}`,
    `time zone=${config.companyTimeZone}`,
    `scheduled jobs=${config.scheduledJobs ? 'on' : 'off'}`,
    `api docs=${config.apiDocs ? 'on' : 'off'}`,
    `log level=${config.logLevel}`,
  ];
  return `Configuration: ${settings.join(', ')}`;
}

/** The transport and the sender; of Graph, the tenant and client ids (public identifiers), never the secret. */
function mailSummary(config: AppConfig): string {
  const { mail } = config;
  if (!mail) return 'off';
  const { transport } = mail;
  const via =
    transport.kind === 'smtp'
      ? `smtp ${withoutCredentials(transport.smtpUrl)}`
      : `graph ${withoutCredentials(transport.graph.baseUrl)} (tenant ${transport.graph.tenantId}, client ${transport.graph.clientId}, token from ${withoutCredentials(transport.graph.authorityHost)})`;
  return `${via} from ${mail.from}`;
}

/** scheme://host:port/path: no user, no password, no query string (which may carry a token). */
function withoutCredentials(address: string): string {
  try {
    const url = new URL(address);
    return `${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return '(unparsable address)';
  }
}
