import { createHash } from 'node:crypto';
import { buildAppConfig, usesDevelopmentIdentityProvider } from './app-config.js';
import { ConfigError, parseEnvironment } from './environment.js';

/** Made with `openssl rand -base64 48`: trivially weak keys are refused. */
const STRONG_KEY = 'EosbR58LmTie3P1gTXb1P5xTeo3bvUGZYcMUypGSSXNu1gSzoM+xQSBV+HAtA9ot';

describe('parseEnvironment', () => {
  it('applies the documented defaults', () => {
    const env = parseEnvironment({});
    expect(env).toMatchObject({ PORT: 3000, UPLOADS_DIR: './uploads', COMPANY_TIMEZONE: 'UTC', LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: 600 });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['AUTH_ISSUER_BASE_URL', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['RATE_LIMIT_PER_MINUTE', '-1'],
    ['API_DOCS', 'maybe'],
    ['AUTH_JWKS_REFRESH_SECONDS', '0'],
    ['AUTH_JWKS_UNKNOWN_KID_REFETCH_SECONDS', '61'],
    ['AUTH_ACCEPTED_SCOPES', ' , '],
    ['AUTH_ALLOWED_CLIENT_IDS', 'a,,b'],
    ['REDIS_URL', 'http://cache:6379'],
    ['REDIS_KEY_PREFIX', 'has spaces'],
    ['AUTH_FAILURE_LIMIT', '-1'],
    ['AUTH_FAILURE_WINDOW_SECONDS', '0'],
    ['SCIM_AUTH_FAILURE_LIMIT', '-1'],
    ['SCIM_AUTH_FAILURE_LIMIT', 'many'],
    ['REDIS_RETRY_SECONDS', '0'],
    ['REDIS_RETRY_SECONDS', '3601'],
    ['HTTP_HEADERS_TIMEOUT_SECONDS', '0'],
    ['HTTP_REQUEST_TIMEOUT_SECONDS', 'soon'],
    ['HTTP_KEEP_ALIVE_TIMEOUT_SECONDS', '0'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', 'loopback, proxy.internal'],
    ['TRUST_PROXY', '99'],
    ['UPLOADS_PUBLIC_FOLDERS', 'comunicados,,documentos'],
    ['UPLOADS_PUBLIC_FOLDERS', 'comunicados, fotos'],
    ['FILES_SIGNING_KEY', 'too-short'],
    ['FILES_SIGNING_KEY', `${'k'.repeat(20)} ${'k'.repeat(20)}`],
    ['UPLOAD_QUOTA_BYTES_PER_DAY', '0'],
    ['UPLOAD_MAX_CONCURRENT_PER_EMPLOYEE', '0'],
    ['UPLOAD_MAX_CONCURRENT_PER_EMPLOYEE', '101'],
    ['UPLOAD_ORPHAN_CRON', 'hourly'],
    ['UPLOAD_ORPHAN_GRACE_MINUTES', '-1'],
    ['SCIM_TOKEN', 'short-secret'],
    ['SCIM_TOKEN', `${'s'.repeat(20)} ${'s'.repeat(20)}`],
  ])('rejects %s=%s with a one-line error naming the variable', (name, value) => {
    const parse = () => parseEnvironment({ [name]: value, AUTH_AUDIENCE: name === 'AUTH_ISSUER_BASE_URL' ? 'api://x' : undefined });
    expect(parse).toThrow(ConfigError);
    expect(parse).toThrow(new RegExp(`^Invalid environment variable ${name}: [^\\n]+$`));
  });

  describe('storage', () => {
    const AZURITE = 'UseDevelopmentStorage=true';

    it('stores on the local disk in a container named uploads unless told otherwise', () => {
      expect(parseEnvironment({})).toMatchObject({ STORAGE: 'local', AZURE_STORAGE_CONTAINER: 'uploads' });
    });

    it.each([
      ['STORAGE', 's3'],
      ['AZURE_STORAGE_CONTAINER', 'Uploads'],
      ['AZURE_STORAGE_CONTAINER', 'ab'],
      ['AZURE_STORAGE_CONTAINER', 'mis--archivos'],
      ['AZURE_STORAGE_CONTAINER', '-archivos'],
      ['AZURE_STORAGE_ACCOUNT_URL', 'cuenta.blob.core.windows.net'],
    ])('rejects %s=%s', (name, value) => {
      expect(() => parseEnvironment({ [name]: value })).toThrow(new RegExp(`^Invalid environment variable ${name}: `));
    });

    it.each([
      ['neither way to reach the account', {}],
      ['both ways to reach the account', { AZURE_STORAGE_CONNECTION_STRING: AZURITE, AZURE_STORAGE_ACCOUNT_URL: 'https://cuenta.blob.core.windows.net' }],
    ])('refuses STORAGE=azure with %s', (_case, settings) => {
      expect(() => parseEnvironment({ STORAGE: 'azure', ...settings })).toThrow(
        'Invalid environment variable STORAGE: azure needs exactly one of AZURE_STORAGE_CONNECTION_STRING and AZURE_STORAGE_ACCOUNT_URL',
      );
    });

    it('refuses Azure settings while STORAGE is local, so files never land on one disk by mistake', () => {
      expect(() => parseEnvironment({ AZURE_STORAGE_ACCOUNT_URL: 'https://cuenta.blob.core.windows.net' })).toThrow(
        'Invalid environment variable STORAGE: AZURE_STORAGE_* is set but STORAGE is local',
      );
    });

    it('requires an https account URL in production', () => {
      const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/ess', AUTH_ISSUER_BASE_URL: 'https://idp', AUTH_AUDIENCE: 'api://x' };
      expect(() => parseEnvironment({ ...production, STORAGE: 'azure', AZURE_STORAGE_ACCOUNT_URL: 'http://cuenta.blob.core.windows.net' })).toThrow(
        'Invalid environment variable AZURE_STORAGE_ACCOUNT_URL: must be an https:// URL when NODE_ENV=production',
      );
    });

    it('gives the service the backend and the one way to reach it', () => {
      const config = (raw: NodeJS.ProcessEnv) => buildAppConfig(parseEnvironment(raw), 'postgres://embedded').storage;
      expect(config({})).toEqual({ kind: 'local' });
      expect(config({ STORAGE: 'azure', AZURE_STORAGE_CONNECTION_STRING: AZURITE })).toEqual({ kind: 'azure', container: 'uploads', connectionString: AZURITE });
      expect(config({ STORAGE: 'azure', AZURE_STORAGE_ACCOUNT_URL: 'https://cuenta.blob.core.windows.net', AZURE_STORAGE_CONTAINER: 'archivos' })).toEqual({
        kind: 'azure',
        container: 'archivos',
        accountUrl: 'https://cuenta.blob.core.windows.net',
      });
    });
  });

  it('reads APROBACION, admin by default, and refuses other modes', () => {
    expect(parseEnvironment({}).APROBACION).toBe('admin');
    expect(parseEnvironment({ APROBACION: 'responsable_y_admin' }).APROBACION).toBe('responsable_y_admin');
    expect(() => parseEnvironment({ APROBACION: 'manager' })).toThrow('Invalid environment variable APROBACION');
  });

  it('reads VACACIONES_CADUCIDAD as a MM-DD day of the year, unset by default', () => {
    expect(parseEnvironment({}).VACACIONES_CADUCIDAD).toBeUndefined();
    expect(parseEnvironment({ VACACIONES_CADUCIDAD: '03-31' }).VACACIONES_CADUCIDAD).toBe('03-31');
    for (const bad of ['3-31', '13-01', '04-31', '02-29', '2027-03-31']) {
      expect(() => parseEnvironment({ VACACIONES_CADUCIDAD: bad })).toThrow('Invalid environment variable VACACIONES_CADUCIDAD');
    }
  });

  it('rejects a REMINDER_CRON that is not a cron expression, and accepts off', () => {
    expect(() => parseEnvironment({ REMINDER_CRON: 'every morning' })).toThrow('Invalid environment variable REMINDER_CRON');
    expect(parseEnvironment({ REMINDER_CRON: 'off' }).REMINDER_CRON).toBe('off');
    expect(parseEnvironment({ REMINDER_CRON: '30 8 * * 1-5' }).REMINDER_CRON).toBe('30 8 * * 1-5');
  });

  it('closes open days every 15 minutes, 4 hours after the day ends, unless told otherwise', () => {
    expect(parseEnvironment({})).toMatchObject({ FICHAJE_CIERRE_CRON: '*/15 * * * *', FICHAJE_CIERRE_HORAS: 4 });
    expect(parseEnvironment({ FICHAJE_CIERRE_CRON: 'off', FICHAJE_CIERRE_HORAS: '0' })).toMatchObject({ FICHAJE_CIERRE_CRON: 'off', FICHAJE_CIERRE_HORAS: 0 });
    expect(parseEnvironment({}).JORNADA_COMPLETA_HORAS_SEMANA).toBe(40);
    expect(parseEnvironment({ JORNADA_COMPLETA_HORAS_SEMANA: '37.5' }).JORNADA_COMPLETA_HORAS_SEMANA).toBe(37.5);
    for (const bad of ['0', '41', 'forty', '-5']) {
      expect(() => parseEnvironment({ JORNADA_COMPLETA_HORAS_SEMANA: bad })).toThrow('Invalid environment variable JORNADA_COMPLETA_HORAS_SEMANA');
    }
    expect(() => parseEnvironment({ FICHAJE_CIERRE_CRON: 'hourly' })).toThrow('Invalid environment variable FICHAJE_CIERRE_CRON');
    for (const bad of ['49', '-1', '2.5', 'cuatro']) {
      expect(() => parseEnvironment({ FICHAJE_CIERRE_HORAS: bad })).toThrow('Invalid environment variable FICHAJE_CIERRE_HORAS');
    }
  });

  it('tells employees their monthly summary is ready at 08:00 on the 1st, unless told otherwise', () => {
    expect(parseEnvironment({}).RESUMEN_JORNADA_CRON).toBe('0 8 1 * *');
    expect(parseEnvironment({ RESUMEN_JORNADA_CRON: 'off' }).RESUMEN_JORNADA_CRON).toBe('off');
    expect(() => parseEnvironment({ RESUMEN_JORNADA_CRON: 'monthly' })).toThrow('Invalid environment variable RESUMEN_JORNADA_CRON');
  });

  it('retries failed jobs 8 times, from 5 minutes doubling up to 8 hours apart, and polls every 2 s, unless told otherwise', () => {
    expect(parseEnvironment({})).toMatchObject({
      JOBS_POLLING_INTERVAL_SECONDS: 2,
      JOBS_RETRY_LIMIT: 8,
      JOBS_RETRY_DELAY_SECONDS: 300,
      JOBS_RETRY_DELAY_MAX_SECONDS: 28_800,
    });
    expect(parseEnvironment({ JOBS_POLLING_INTERVAL_SECONDS: '0.5', JOBS_RETRY_DELAY_SECONDS: '1' })).toMatchObject({
      JOBS_POLLING_INTERVAL_SECONDS: 0.5,
      JOBS_RETRY_DELAY_SECONDS: 1,
    });
    for (const [name, bad] of [['JOBS_POLLING_INTERVAL_SECONDS', '0.1'], ['JOBS_RETRY_LIMIT', '-1'], ['JOBS_RETRY_DELAY_SECONDS', '0'], ['JOBS_RETRY_DELAY_MAX_SECONDS', 'soon']]) {
      expect(() => parseEnvironment({ [name!]: bad })).toThrow(`Invalid environment variable ${name}`);
    }
    expect(() => parseEnvironment({ JOBS_RETRY_DELAY_SECONDS: '600', JOBS_RETRY_DELAY_MAX_SECONDS: '60' })).toThrow(
      'Invalid environment variable JOBS_RETRY_DELAY_SECONDS: must not exceed JOBS_RETRY_DELAY_MAX_SECONDS',
    );
  });

  it('sends no e-mail unless MAIL_TRANSPORT=smtp, which needs the server and the sender', () => {
    expect(buildAppConfig(parseEnvironment({}), 'postgresql://db/ess').mail).toBeNull();
    const env = parseEnvironment({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://mail.empresa.es:25', MAIL_FROM: 'Portal <portal@empresa.es>', PUBLIC_BASE_URL: 'https://api.empresa.es' });
    expect(buildAppConfig(env, 'postgresql://db/ess').mail).toEqual({
      transport: { kind: 'smtp', smtpUrl: 'smtp://mail.empresa.es:25' },
      from: 'Portal <portal@empresa.es>',
      fromAddress: 'portal@empresa.es',
      fromDomain: 'empresa.es',
      appBaseUrl: 'https://api.empresa.es',
    });
    expect(buildAppConfig(parseEnvironment({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://m:25', MAIL_FROM: 'portal@empresa.es', APP_BASE_URL: 'https://portal.empresa.es/' }), 'postgresql://db/ess').mail).toMatchObject({
      fromDomain: 'empresa.es',
      appBaseUrl: 'https://portal.empresa.es',
    });
    expect(() => parseEnvironment({ MAIL_TRANSPORT: 'smtp', MAIL_FROM: 'portal@empresa.es' })).toThrow('Missing environment variable SMTP_URL: required with MAIL_TRANSPORT=smtp');
    expect(() => parseEnvironment({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://m:25' })).toThrow('Missing environment variable MAIL_FROM: required with MAIL_TRANSPORT=smtp');
    expect(() => parseEnvironment({ MAIL_TRANSPORT: 'sendmail' })).toThrow('Invalid environment variable MAIL_TRANSPORT');
    expect(() => parseEnvironment({ SMTP_URL: 'http://mail.empresa.es' })).toThrow('Invalid environment variable SMTP_URL');
    expect(() => parseEnvironment({ MAIL_FROM: 'portal' })).toThrow('Invalid environment variable MAIL_FROM');
  });

  it('sends through Microsoft Graph with MAIL_TRANSPORT=graph, which needs the tenant, the client, its secret and the sender', () => {
    const graph = { MAIL_TRANSPORT: 'graph', MAIL_GRAPH_TENANT_ID: '11111111-2222-3333-4444-555555555555', MAIL_GRAPH_CLIENT_ID: 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee', MAIL_GRAPH_CLIENT_SECRET: 'sec~ret', MAIL_FROM: 'Portal <portal@empresa.es>' };
    expect(buildAppConfig(parseEnvironment(graph), 'postgresql://db/ess').mail).toMatchObject({
      transport: {
        kind: 'graph',
        graph: { tenantId: graph.MAIL_GRAPH_TENANT_ID, clientId: graph.MAIL_GRAPH_CLIENT_ID, clientSecret: 'sec~ret', authorityHost: 'https://login.microsoftonline.com', baseUrl: 'https://graph.microsoft.com' },
      },
      fromAddress: 'portal@empresa.es',
      fromDomain: 'empresa.es',
    });
    for (const name of ['MAIL_GRAPH_TENANT_ID', 'MAIL_GRAPH_CLIENT_ID', 'MAIL_GRAPH_CLIENT_SECRET', 'MAIL_FROM']) {
      expect(() => parseEnvironment({ ...graph, [name]: undefined })).toThrow(`Missing environment variable ${name}: required with MAIL_TRANSPORT=graph`);
    }
    expect(() => parseEnvironment({ ...graph, MAIL_GRAPH_AUTHORITY_HOST: 'http://login.example.com' })).toThrow('Invalid environment variable MAIL_GRAPH_AUTHORITY_HOST');
    expect(() => parseEnvironment({ ...graph, MAIL_GRAPH_CLIENT_SECRET: 'with space' })).toThrow('Invalid environment variable MAIL_GRAPH_CLIENT_SECRET: must be 1 to 1024 characters without spaces');
  });

  it('sends the approvers\' digest on weekdays at 8 unless DIGEST_CRON says otherwise or off', () => {
    expect(buildAppConfig(parseEnvironment({}), 'postgresql://db/ess').digestCron).toBe('0 8 * * 1-5');
    expect(buildAppConfig(parseEnvironment({ DIGEST_CRON: 'off' }), 'postgresql://db/ess').digestCron).toBeNull();
    expect(() => parseEnvironment({ DIGEST_CRON: 'a diario' })).toThrow('Invalid environment variable DIGEST_CRON');
  });

  it('keeps personal data for the documented years and refuses to keep time records less than four', () => {
    const privacidad = (raw: Record<string, string>) => buildAppConfig(parseEnvironment(raw), 'postgresql://db/ess').privacidad;
    expect(privacidad({})).toEqual({
      retencion: { solicitudes: 4, documentos: 4, fichajes: 4, notificaciones: 1, historial: 4, accesos: 2 },
      bloqueoAnios: 3,
      cron: '30 3 * * *',
    });
    expect(privacidad({ RETENCION_FICHAJES_ANIOS: '6', BLOQUEO_ANIOS: '5', PRIVACIDAD_CRON: 'off' })).toMatchObject({ retencion: { fichajes: 6 }, bloqueoAnios: 5, cron: null });
    expect(() => parseEnvironment({ RETENCION_FICHAJES_ANIOS: '3' })).toThrow('Invalid environment variable RETENCION_FICHAJES_ANIOS: must be at least 4: time records are kept four years (Estatuto de los Trabajadores art. 34.9)');
    expect(() => parseEnvironment({ RETENCION_NOTIFICACIONES_ANIOS: '0' })).toThrow('Invalid environment variable RETENCION_NOTIFICACIONES_ANIOS');
    expect(() => parseEnvironment({ PRIVACIDAD_CRON: 'cada noche' })).toThrow('Invalid environment variable PRIVACIDAD_CRON');
  });

  it('pins the limits and timeouts documented in docs/configuration.md', () => {
    expect(parseEnvironment({})).toMatchObject({
      REDIS_KEY_PREFIX: 'ess-api:',
      AUTH_FAILURE_LIMIT: 30,
      AUTH_FAILURE_WINDOW_SECONDS: 60,
      REDIS_RETRY_SECONDS: 30,
      HTTP_HEADERS_TIMEOUT_SECONDS: 15,
      HTTP_REQUEST_TIMEOUT_SECONDS: 120,
      HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: 65,
    });
    expect(parseEnvironment({}).TRUST_PROXY).toBeUndefined();
  });

  it('refuses a headers timeout longer than the request timeout', () => {
    expect(() => parseEnvironment({ HTTP_HEADERS_TIMEOUT_SECONDS: '30', HTTP_REQUEST_TIMEOUT_SECONDS: '20' })).toThrow(
      'Invalid environment variable HTTP_HEADERS_TIMEOUT_SECONDS: must not exceed HTTP_REQUEST_TIMEOUT_SECONDS',
    );
  });

  it('rejects an unknown time zone', () => {
    expect(() => parseEnvironment({ COMPANY_TIMEZONE: 'Mars/Olympus' })).toThrow('Invalid environment variable COMPANY_TIMEZONE');
  });

  it.each(['DATABASE_URL', 'AUTH_ISSUER_BASE_URL', 'AUTH_AUDIENCE'])('refuses production without %s', (missing) => {
    const complete: Record<string, string> = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgresql://db/ess',
      AUTH_ISSUER_BASE_URL: 'https://login.microsoftonline.com/t/v2.0',
      AUTH_AUDIENCE: 'api://x',
      FILES_SIGNING_KEY: STRONG_KEY,
    };
    delete complete[missing];
    expect(() => parseEnvironment(complete)).toThrow(`Missing environment variable ${missing}: required when NODE_ENV=production`);
  });

  it.each([
    ['AUTH_ISSUER_BASE_URL', 'http://login.example.com/t/v2.0'],
    ['AUTH_JWKS_URI', 'http://login.example.com/t/keys'],
  ])('refuses a plain-http %s in production', (name, value) => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgresql://db/ess', AUTH_ISSUER_BASE_URL: 'https://login.microsoftonline.com/t/v2.0', AUTH_AUDIENCE: 'api://x', FILES_SIGNING_KEY: STRONG_KEY };
    expect(() => parseEnvironment({ ...production, [name]: value })).toThrow(`Invalid environment variable ${name}: must be an https:// URL when NODE_ENV=production`);
    expect(() => parseEnvironment({ ...production, [name]: value.replace('http:', 'https:') })).not.toThrow();
  });

  it('requires FILES_SIGNING_KEY in production unless every folder is public', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgresql://db/ess', AUTH_ISSUER_BASE_URL: 'https://login.microsoftonline.com/t/v2.0', AUTH_AUDIENCE: 'api://x' };
    expect(() => parseEnvironment(production)).toThrow(
      'Missing environment variable FILES_SIGNING_KEY: required when NODE_ENV=production and a folder is not in UPLOADS_PUBLIC_FOLDERS',
    );
    expect(() => parseEnvironment({ ...production, FILES_SIGNING_KEY: STRONG_KEY })).not.toThrow();
    expect(() => parseEnvironment({ ...production, UPLOADS_PUBLIC_FOLDERS: 'documentos, comunicados ,solicitudes' })).not.toThrow();
  });

  it('refuses DEV_IDP=true in production', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgresql://db/ess', AUTH_ISSUER_BASE_URL: 'https://login.microsoftonline.com/t/v2.0', AUTH_AUDIENCE: 'api://x' };
    expect(() => parseEnvironment({ ...production, DEV_IDP: 'true' })).toThrow('Invalid environment variable DEV_IDP');
  });

  it('refuses DEV_HTTPS=true in production', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgresql://db/ess', AUTH_ISSUER_BASE_URL: 'https://login.microsoftonline.com/t/v2.0', AUTH_AUDIENCE: 'api://x' };
    expect(() => parseEnvironment({ ...production, DEV_HTTPS: 'true' })).toThrow('Invalid environment variable DEV_HTTPS');
  });

  it('requires the issuer and the audience together', () => {
    expect(() => parseEnvironment({ AUTH_ISSUER_BASE_URL: 'https://login.microsoftonline.com/t/v2.0' })).toThrow(ConfigError);
  });
});

describe('buildAppConfig', () => {
  it('runs the development identity provider and demo data on the embedded database when AUTH_* are unset', () => {
    const dev = buildAppConfig(parseEnvironment({}), 'postgresql://embedded');
    expect(dev.devIdp).toBe(true);
    expect(dev.demoData).toBe(true);
    expect(dev.auth).toMatchObject({ issuer: 'http://localhost:3000/dev-idp/dev-tenant/v2.0', audience: 'api://ess-api' });
  });

  it('uses the configured provider, and no demo data, when AUTH_* are set', () => {
    const configured = buildAppConfig(
      parseEnvironment({ AUTH_ISSUER_BASE_URL: 'https://login.microsoftonline.com/t/v2.0', AUTH_AUDIENCE: 'api://x' }),
      'postgresql://embedded',
    );
    expect(configured.devIdp).toBe(false);
    expect(configured.demoData).toBe(false);
  });

  it('refuses a DATABASE_URL database without AUTH_* unless DEV_IDP=true says so', () => {
    const server = { DATABASE_URL: 'postgresql://db/ess' };
    expect(() => buildAppConfig(parseEnvironment(server), server.DATABASE_URL)).toThrow(
      /^Missing environment variables AUTH_ISSUER_BASE_URL and AUTH_AUDIENCE: [^\n]+$/,
    );
    expect(buildAppConfig(parseEnvironment({ ...server, DEV_IDP: 'true' }), server.DATABASE_URL)).toMatchObject({ devIdp: true, demoData: true });
  });

  it('DEV_HTTPS=true makes the https listener the issuer, and keeps fetching its own keys over loopback http', () => {
    const dev = buildAppConfig(parseEnvironment({ DEV_HTTPS: 'true', PORT: '3100' }), 'postgresql://embedded');
    expect(dev.devHttpsPort).toBe(3443);
    expect(dev.publicBaseUrl).toBe('https://localhost:3443');
    expect(dev.auth).toMatchObject({
      issuer: 'https://localhost:3443/dev-idp/dev-tenant/v2.0',
      jwksUri: 'http://127.0.0.1:3100/dev-idp/dev-tenant/discovery/v2.0/keys',
    });
    expect(buildAppConfig(parseEnvironment({}), 'postgresql://embedded').devHttpsPort).toBeNull();
  });

  it('refuses DEV_HTTPS=true without the development identity provider, or on PORT', () => {
    const configured = { AUTH_ISSUER_BASE_URL: 'https://login.microsoftonline.com/t/v2.0', AUTH_AUDIENCE: 'api://x', DEV_HTTPS: 'true' };
    expect(() => buildAppConfig(parseEnvironment(configured), 'postgresql://embedded')).toThrow('Invalid environment variable DEV_HTTPS');
    expect(() => buildAppConfig(parseEnvironment({ DEV_HTTPS: 'true', PORT: '3443' }), 'postgresql://embedded')).toThrow(
      'Invalid environment variable DEV_HTTPS_PORT',
    );
  });

  it('DEV_IDP=false turns the development identity provider off on the embedded database too', () => {
    expect(() => usesDevelopmentIdentityProvider(parseEnvironment({ DEV_IDP: 'false' }))).toThrow(ConfigError);
  });

  it('refuses DEV_IDP=true together with AUTH_ISSUER_BASE_URL', () => {
    const env = parseEnvironment({ DEV_IDP: 'true', AUTH_ISSUER_BASE_URL: 'https://login.microsoftonline.com/t/v2.0', AUTH_AUDIENCE: 'api://x' });
    expect(() => usesDevelopmentIdentityProvider(env)).toThrow('Invalid environment variable DEV_IDP');
  });

  it('refreshes signing keys every 5 minutes, or within 30 s for an unknown kid, and accepts the documented scope and app role from any client', () => {
    expect(buildAppConfig(parseEnvironment({}), 'x').auth).toMatchObject({
      jwksRefreshSeconds: 300,
      jwksUnknownKidRefetchSeconds: 30,
      acceptedScopes: ['access_as_user'],
      acceptedAppRoles: ['access_as_application'],
      allowedClientIds: [],
    });
  });

  it('reads the token purpose settings as comma-separated lists', () => {
    const auth = buildAppConfig(
      parseEnvironment({ AUTH_ACCEPTED_SCOPES: 'access_as_user, Empleados.Read', AUTH_ALLOWED_CLIENT_IDS: 'spa-id,admin-id' }),
      'x',
    ).auth;
    expect(auth.acceptedScopes).toEqual(['access_as_user', 'Empleados.Read']);
    expect(auth.allowedClientIds).toEqual(['spa-id', 'admin-id']);
  });

  it('uses one pooled connection for the embedded database', () => {
    expect(buildAppConfig(parseEnvironment({}), 'postgresql://embedded').database).toEqual({ url: 'postgresql://embedded', embedded: true, poolSize: 1, waitMs: 3000 });
    const server = buildAppConfig(parseEnvironment({ DATABASE_URL: 'postgresql://db/ess', DEV_IDP: 'true' }), 'postgresql://db/ess');
    expect(server.database.poolSize).toBeGreaterThan(1);
  });

  it('turns TRUST_PROXY into Express\'s trust proxy: off, a hop count, or a list of addresses', () => {
    const trustProxy = (value?: string) => buildAppConfig(parseEnvironment({ TRUST_PROXY: value }), 'x').trustProxy;
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('loopback, 10.0.0.0/8,2001:db8::/32')).toEqual(['loopback', '10.0.0.0/8', '2001:db8::/32']);
  });

  it('shares counters through Redis only when REDIS_URL is set', () => {
    expect(buildAppConfig(parseEnvironment({}), 'x').redis).toBeNull();
    expect(buildAppConfig(parseEnvironment({ REDIS_URL: 'redis://cache:6379/2' }), 'x').redis).toEqual({
      url: 'redis://cache:6379/2',
      keyPrefix: 'ess-api:',
      retryAfterMs: 30_000,
    });
    expect(buildAppConfig(parseEnvironment({ REDIS_URL: 'redis://cache:6379/2', REDIS_RETRY_SECONDS: '5' }), 'x').redis?.retryAfterMs).toBe(5000);
  });

  it('gives SCIM a failed-authentication budget of its own, as large as AUTH_FAILURE_LIMIT unless SCIM_AUTH_FAILURE_LIMIT says otherwise', () => {
    const budgets = (env: Record<string, string>) => {
      const config = buildAppConfig(parseEnvironment(env), 'x');
      return { api: config.authFailures, scim: config.scimAuthFailures };
    };
    expect(budgets({})).toEqual({ api: { limit: 30, windowMs: 60_000 }, scim: { limit: 30, windowMs: 60_000 } });
    expect(budgets({ AUTH_FAILURE_LIMIT: '10', AUTH_FAILURE_WINDOW_SECONDS: '120' })).toEqual({
      api: { limit: 10, windowMs: 120_000 },
      scim: { limit: 10, windowMs: 120_000 },
    });
    expect(budgets({ SCIM_AUTH_FAILURE_LIMIT: '0' })).toEqual({ api: { limit: 30, windowMs: 60_000 }, scim: { limit: 0, windowMs: 60_000 } });
    expect(budgets({ AUTH_FAILURE_LIMIT: '0', SCIM_AUTH_FAILURE_LIMIT: '5' })).toEqual({ api: { limit: 0, windowMs: 60_000 }, scim: { limit: 5, windowMs: 60_000 } });
  });

  it('keeps comunicados public, 200 MiB and 3 concurrent uploads a day per employee, and removes unused uploads after 24 hours', () => {
    expect(buildAppConfig(parseEnvironment({}), 'x').files).toEqual({
      publicFolders: ['comunicados'],
      signingKey: null,
      previousSigningKey: null,
      quotaBytesPerDay: 200 * 1024 * 1024,
      maxConcurrentPerEmployee: 3,
      orphanCron: '30 * * * *',
      orphanGraceMinutes: 1440,
    });
    const files = buildAppConfig(parseEnvironment({ UPLOADS_PUBLIC_FOLDERS: 'documentos, comunicados,documentos', UPLOAD_ORPHAN_CRON: 'off' }), 'x').files;
    expect(files).toMatchObject({ publicFolders: ['documentos', 'comunicados'], orphanCron: null });
  });

  it('turns SCIM off without SCIM_TOKEN, and keeps only the SHA-256 of the token when it is set', () => {
    const token = 'scim-secret-token-0123456789abcdefghij';
    expect(buildAppConfig(parseEnvironment({}), 'x').scimTokenSha256).toBeNull();
    const hash = buildAppConfig(parseEnvironment({ SCIM_TOKEN: token }), 'x').scimTokenSha256;
    expect(hash?.toString('hex')).toBe(createHash('sha256').update(token).digest('hex'));
  });

  it('derives PUBLIC_BASE_URL from the port and trims a trailing slash', () => {
    expect(buildAppConfig(parseEnvironment({ PORT: '8080' }), 'x').publicBaseUrl).toBe('http://localhost:8080');
    expect(buildAppConfig(parseEnvironment({ PUBLIC_BASE_URL: 'https://ess.example.com/' }), 'x').publicBaseUrl).toBe('https://ess.example.com');
  });
});
