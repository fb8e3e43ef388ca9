import { buildAppConfig } from './app-config.js';
import { parseEnvironment } from './environment.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgresql://db/ess',
  AUTH_ISSUER_BASE_URL: 'https://login.microsoftonline.com/t/v2.0',
  AUTH_AUDIENCE: 'api://x',
  FILES_SIGNING_KEY: 'EosbR58LmTie3P1gTXb1P5xTeo3bvUGZYcMUypGSSXNu1gSzoM+xQSBV+HAtA9ot',
};
const webhooksOf = (env: Record<string, string>) => buildAppConfig(parseEnvironment(env), 'postgresql://db/ess').webhooks;

describe('webhook settings', () => {
  it('in production: https only and public targets only, unless WEBHOOKS_ALLOW_PRIVATE_TARGETS=true', () => {
    expect(webhooksOf(PRODUCTION)).toEqual({ allowHttp: false, allowPrivateTargets: false, appBaseUrl: 'http://localhost:3000' });
    expect(webhooksOf({ ...PRODUCTION, WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' }).allowPrivateTargets).toBe(true);
  });

  it('elsewhere: http and private targets allowed, unless WEBHOOKS_ALLOW_PRIVATE_TARGETS=false; cards link to APP_BASE_URL', () => {
    expect(webhooksOf({ DATABASE_URL: 'postgresql://db/ess', DEV_IDP: 'true', APP_BASE_URL: 'https://portal.empresa.es/' })).toEqual({
      allowHttp: true,
      allowPrivateTargets: true,
      appBaseUrl: 'https://portal.empresa.es',
    });
    expect(webhooksOf({ DEV_IDP: 'true', WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'false' }).allowPrivateTargets).toBe(false);
    expect(() => parseEnvironment({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'yes' })).toThrow('Invalid environment variable WEBHOOKS_ALLOW_PRIVATE_TARGETS');
  });
});
