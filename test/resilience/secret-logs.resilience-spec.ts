import { TestIdentityProvider } from '../support/test-identity-provider.js';
import { ServiceProcess, withServiceOutput } from './support/service-process.js';
import { createThrowawayDatabase, type ThrowawayDatabase } from './support/throwaway-database.js';

/** Made with `openssl rand -base64 48` and `openssl rand -hex 32`, as the README says. */
const SECRETS = {
  FILES_SIGNING_KEY: '5adamsZO40+85SoF9PZAgMnNilH0EsE8oYLiZJP3VU1msUbEDg3OVHeZwhiYb+Xi',
  FILES_SIGNING_KEY_PREVIOUS: 'S6e/0JVNDUtXwpEoiuVyyzQecBguBRkxo0eJZO2v/qiM+SJU5R3YrXbodJ8XEnXE',
  SCIM_TOKEN: '2eac26c088eb90bd00acd97f7bcf90736940f310cc65b41dede5dedb673c161a',
  SCIM_TOKEN_PREVIOUS: '8b2b13f863dea7aec7b1fc96e8168a8452edafa68593255fd9751f934620156f',
};
/** Trust authentication ignores it; it is in DATABASE_URL to prove the logs never show it. */
const DATABASE_PASSWORD = 'Db-pw-5Vn8qT2xR7kL9mW4';

describe('the compiled service during a rotation, logging everything (LOG_LEVEL=trace)', () => {
  let idp: TestIdentityProvider;
  let database: ThrowawayDatabase;
  let service: ServiceProcess;
  let output: string[];

  beforeAll(async () => {
    idp = await TestIdentityProvider.startHttps();
    database = await createThrowawayDatabase('ess_secret_logs');
    const url = new URL(database.url);
    url.password = DATABASE_PASSWORD;
    service = ServiceProcess.spawn('instance', { databaseUrl: url.toString(), jwksUri: idp.jwksUri, caFile: idp.caFile, env: { ...SECRETS, LOG_LEVEL: 'trace' } });
    output = service.watch(/./);
    await service.ready();
  }, 90_000);
  afterAll(async () => {
    await service?.stop();
    await database?.drop();
    await idp?.stop();
  });

  it('writes no secret, from start to exit, while SCIM is called with the new, the old and a wrong token', () =>
    withServiceOutput(
      () => [service],
      async () => {
        const scim = (token: string) => fetch(`${service.url}/scim/v2/Users?filter=userName eq "nadie@empresa.example"`, { headers: { authorization: `Bearer ${token}` } });
        expect((await scim(SECRETS.SCIM_TOKEN)).status).toBe(200);
        expect((await scim(SECRETS.SCIM_TOKEN_PREVIOUS)).status).toBe(200);
        expect((await scim(`${SECRETS.SCIM_TOKEN}0`)).status).toBe(401);
        await service.stop();

        expect(output.some((line) => line.includes('/scim/v2/Users'))).toBe(true);
        const written = output.join('\n');
        for (const secret of [...Object.values(SECRETS), DATABASE_PASSWORD]) expect(written).not.toContain(secret);
      },
    ));
});
