import { buildAppConfig } from './app-config.js';
import { configurationSummary, startupLine } from './configuration-summary.js';
import { parseEnvironment } from './environment.js';

const SECRETS = ['db-password-x1', 'redis-password-x2', 'AccountKeyValueX3==', 'scim-token-0123456789abcdef0123456789', 'jwks-token-x4', 'files-key-0123456789abcdef0123456789', 'smtp-password-x5'];

function configFor(env: Record<string, string>) {
  const parsed = parseEnvironment({
    NODE_ENV: 'production',
    DATABASE_URL: 'postgresql://ess:db-password-x1@db.example.com:5432/ess?sslmode=verify-full',
    AUTH_ISSUER_BASE_URL: 'https://login.microsoftonline.com/tenant-id/v2.0',
    AUTH_AUDIENCE: 'api://client-id',
    FILES_SIGNING_KEY: 'files-key-0123456789abcdef0123456789',
    ...env,
  });
  return buildAppConfig(parsed, parsed.DATABASE_URL!);
}

describe('the configuration summary logged at start-up', () => {
  it('names every address without its user, password or query string, and never a secret', () => {
    const summary = configurationSummary(
      configFor({
        REDIS_URL: 'rediss://default:redis-password-x2@cache.example.com:6380',
        STORAGE: 'azure',
        AZURE_STORAGE_CONNECTION_STRING: 'DefaultEndpointsProtocol=https;AccountName=essfiles;AccountKey=AccountKeyValueX3==;EndpointSuffix=core.windows.net',
        SCIM_TOKEN: 'scim-token-0123456789abcdef0123456789',
        AUTH_JWKS_URI: 'https://keys.example.com/jwks?token=jwks-token-x4',
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: 'smtps://portal%40empresa.es:smtp-password-x5@smtp.office365.com:465',
        MAIL_FROM: 'Portal del Empleado <portal@empresa.es>',
      }),
    );

    expect(summary).toContain('database=postgresql://db.example.com:5432/ess (pool 10)');
    expect(summary).toContain('keys from https://keys.example.com/jwks,');
    expect(summary).toContain('redis=rediss://cache.example.com:6380,');
    expect(summary).toContain('storage=azure container uploads,');
    expect(summary).toContain('scim=on');
    expect(summary).toContain('e-mail=smtp smtps://smtp.office365.com:465 from Portal del Empleado <portal@empresa.es>,');
    for (const secret of SECRETS) expect(summary).not.toContain(secret);
    expect(summary.split('\n')).toHaveLength(1);
  });

  it('names the Graph tenant and client of e-mail, never the client secret', () => {
    const summary = configurationSummary(
      configFor({ MAIL_TRANSPORT: 'graph', MAIL_GRAPH_TENANT_ID: 'tenant-x', MAIL_GRAPH_CLIENT_ID: 'client-x', MAIL_GRAPH_CLIENT_SECRET: 'graph-secret-x6', MAIL_FROM: 'portal@empresa.es' }),
    );
    expect(summary).toContain('e-mail=graph https://graph.microsoft.com (tenant tenant-x, client client-x, token from https://login.microsoftonline.com) from portal@empresa.es,');
    expect(summary).toContain('approver digest=0 8 * * 1-5,');
    expect(summary).not.toContain('graph-secret-x6');
  });

  it('names the retention job’s schedule, or off', () => {
    expect(configurationSummary(configFor({}))).toContain('retention=30 3 * * *,');
    expect(configurationSummary(configFor({ PRIVACIDAD_CRON: 'off' }))).toContain('retention=off,');
  });

  it('says which version listens on which port in which mode', () => {
    expect(startupLine(configFor({}), 8080)).toMatch(/^ess-api \d+\.\d+\.\d+\S* listening on port 8080 in production mode$/);
    expect(startupLine({ ...configFor({}), production: false, devIdp: true }, 3000)).toMatch(
      /^ess-api \S+ listening on port 3000 in development mode, with the development identity provider$/,
    );
  });
});
