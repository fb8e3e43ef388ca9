import type { AppConfig } from '../config/app-config.js';
import { DEV_TENANT_ID } from '../config/app-config.js';
import { DEMO_CLIENTS, DEV_SPA_CLIENT_ID } from './demo-clients.js';

/** Tells a newcomer how to get a token from the development identity provider. */
export function printDevelopmentBanner(config: AppConfig, certificateFile: string | null): void {
  const base = config.publicBaseUrl;
  // curl does not trust the self-signed certificate; the http port issues the same tokens.
  const curlBase = certificateFile ? `http://localhost:${config.port}` : base;
  const [employee] = DEMO_CLIENTS;
  const lines = [
    '',
    `ess-api is running at ${base} (development: embedded database=${config.database.embedded}, local identity provider, demo data)`,
    `OpenAPI explorer: ${base}/api/docs`,
    ...(certificateFile
      ? [
          `https on port ${config.devHttpsPort} with a self-signed certificate; trust it (for Node: NODE_EXTRA_CA_CERTS=${certificateFile})`,
          `Sign in with MSAL as any active employee: authority ${base}/dev-idp/${DEV_TENANT_ID}, client_id ${DEV_SPA_CLIENT_ID}, ` +
            `scope ${config.auth.audience}/${config.auth.acceptedScopes[0]}, redirect URI on localhost (README: Local sign-in with MSAL)`,
        ]
      : []),
    '',
    'Demo clients (client_id / client_secret → employee):',
    ...DEMO_CLIENTS.map((client) => `  ${client.clientId} / ${client.clientSecret} → ${client.nombre} <${client.correo}>`),
    '',
    'Get a token and call the API:',
    `  TOKEN=$(curl -s -X POST ${curlBase}/dev-idp/${DEV_TENANT_ID}/oauth2/v2.0/token \\`,
    `    -d client_id=${employee!.clientId} -d client_secret=${employee!.clientSecret} \\`,
    `    -d scope=${config.auth.audience}/.default -d grant_type=client_credentials | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')`,
    `  curl -H "Authorization: Bearer $TOKEN" ${curlBase}/api/empleados/me`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
