import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ConfidentialClientApplication } from '@azure/msal-node';
import { TrustingNetworkClient } from '../support/trusting-network-client.js';
import { waitFor } from '../support/wait-for.js';
import { freePort } from '../support/free-port.js';
import { ServiceProcess, withServiceOutput } from './support/service-process.js';

const run = promisify(execFile);

/** The indented shell lines under the banner's "Get a token and call the API" heading, unindented; null until all printed. */
function printedFirstCall(output: string[]): string | null {
  const heading = output.findIndex((line) => line.startsWith('Get a token and call the API'));
  const lines = heading < 0 ? [] : output.slice(heading + 1);
  const end = lines.findIndex((line) => !line.startsWith('  '));
  return end < 1 ? null : lines.slice(0, end).map((line) => line.slice(2)).join('\n');
}

/** A first start on an empty DATA_DIR creates the embedded database: seconds, more on a loaded machine. */
const FIRST_START_MS = 90_000;

/** DEV_HTTPS=true through the real entry point, as a developer following docs/local-sign-in.md starts it. */
describe('npm start with DEV_HTTPS=true on an empty DATA_DIR', () => {
  let service: ServiceProcess | undefined;
  afterAll(() => service?.stop());

  it('generates a certificate into DATA_DIR, prints it for trusting, serves discovery over https, msal-node gets a token the API accepts, and the printed curl commands work', async () => {
    const [port, httpsPort] = [await freePort(), await freePort()];
    const started = ServiceProcess.spawnDevelopment('npm start (DEV_HTTPS)', port, { DEV_HTTPS: 'true', DEV_HTTPS_PORT: String(httpsPort) });
    service = started.service;
    const output = service.watch(/^/);
    const certFile = join(started.dataDir, 'dev-https', 'cert.pem');
    const httpsBase = `https://localhost:${httpsPort}`;

    await withServiceOutput(
      () => [service!],
      async () => {
        await service!.ready(FIRST_START_MS);
        await waitFor(() => printedFirstCall(output) !== null);
        expect(output.filter((line) => line.includes('NODE_EXTRA_CA_CERTS='))).toEqual([expect.stringContaining(`NODE_EXTRA_CA_CERTS=${certFile}`)]);
        expect(existsSync(certFile)).toBe(true);

        // Trusting only the generated certificate: it must be valid for the name docs/local-sign-in.md gives.
        const network = new TrustingNetworkClient(readFileSync(certFile, 'utf8'));
        const discovery = await network.send<Record<string, string>>('GET', `${httpsBase}/dev-idp/dev-tenant/v2.0/.well-known/openid-configuration`);
        expect(discovery.status).toBe(200);
        expect(discovery.body).toMatchObject({
          issuer: `${httpsBase}/dev-idp/dev-tenant/v2.0`,
          authorization_endpoint: `${httpsBase}/dev-idp/dev-tenant/oauth2/v2.0/authorize`,
          token_endpoint: `${httpsBase}/dev-idp/dev-tenant/oauth2/v2.0/token`,
        });

        const client = new ConfidentialClientApplication({
          auth: { clientId: 'demo-empleado', clientSecret: 'demo-empleado-secret', authority: `${httpsBase}/dev-idp/dev-tenant`, knownAuthorities: [`localhost:${httpsPort}`] },
          system: { networkClient: network },
        });
        const result = await client.acquireTokenByClientCredential({ scopes: ['api://ess-api/.default'] });
        const me = await network.send<Record<string, unknown>>('GET', `${httpsBase}/api/empleados/me`, { headers: { Authorization: `Bearer ${result!.accessToken}` } });
        expect(me.status).toBe(200);
        expect(me.body).toMatchObject({ nombre: 'Lucía Fernández', correo: 'lucia.fernandez@demo.local' });

        // The banner's own curl and jq commands, pasted as printed: they use the http port, which curl needs no trust for.
        const pasted = await run('bash', ['-c', `set -euo pipefail\n${printedFirstCall(output)!}`], { timeout: 15_000 });
        expect(JSON.parse(pasted.stdout)).toMatchObject({ nombre: 'Lucía Fernández' });
      },
    );
  }, FIRST_START_MS + 30_000);
});
