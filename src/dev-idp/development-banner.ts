import type { AppConfig } from '../config/app-config.js';
import { DEV_TENANT_ID } from '../config/app-config.js';
import { DEMO_CLIENTS } from './demo-clients.js';

/** Tells a newcomer how to get a token from the development identity provider. */
export function printDevelopmentBanner(config: AppConfig): void {
  const base = config.publicBaseUrl;
  const [employee] = DEMO_CLIENTS;
  const lines = [
    '',
    `ess-api is running at ${base} (development: embedded database=${config.database.embedded}, local identity provider, demo data)`,
    `OpenAPI explorer: ${base}/api/docs`,
    '',
    'Demo clients (client_id / client_secret → employee):',
    ...DEMO_CLIENTS.map((client) => `  ${client.clientId} / ${client.clientSecret} → ${client.nombre} <${client.correo}>`),
    '',
    'Get a token and call the API:',
    `  TOKEN=$(curl -s -X POST ${base}/dev-idp/${DEV_TENANT_ID}/oauth2/v2.0/token \\`,
    `    -d client_id=${employee!.clientId} -d client_secret=${employee!.clientSecret} \\`,
    `    -d scope=${config.auth.audience}/.default -d grant_type=client_credentials | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')`,
    `  curl -H "Authorization: Bearer $TOKEN" ${base}/api/empleados/me`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
