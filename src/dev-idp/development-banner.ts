import { API_DOCS_PATH } from '../common/api-docs-path.js';
import type { AppConfig } from '../config/app-config.js';
import { DEV_TENANT_ID } from '../config/app-config.js';
import { DEMO_CLIENTS, DEV_SPA_CLIENT_ID } from './demo-clients.js';

/** Tells a newcomer how to get a token from the development identity provider. */
export function printDevelopmentBanner(config: AppConfig, certificateFile: string | null): void {
  const base = config.publicBaseUrl;
  // curl does not trust the self-signed certificate; the http port issues the same tokens.
  const curlBase = certificateFile ? `http://localhost:${config.port}` : base;
  const lines = [
    '',
    `ess-api is running at ${base} (development: embedded database=${config.database.embedded}, local identity provider, demo data)`,
    `OpenAPI explorer: ${base}${API_DOCS_PATH}/ (Authorize → dev-idp: sign in as any active employee)`,
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
    "Get a token and call the API, as the README's First call does (needs curl and jq):",
    ...firstCall(curlBase, config.auth.audience).map((line) => `  ${line}`),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

/**
 * The README's first walk-through block, on this service's address and without the responses it
 * shows; development-banner.spec.ts keeps the two equal, and the README test runs the block.
 */
function firstCall(base: string, audience: string): string[] {
  return [
    `BASE=${base}`,
    'token() {',
    `  curl -s -X POST "$BASE/dev-idp/${DEV_TENANT_ID}/oauth2/v2.0/token" -d client_id="$1" -d client_secret="$1-secret" \\`,
    `    -d scope=${audience}/.default -d grant_type=client_credentials | jq -r .access_token`,
    '}',
    'EMPLEADO=$(token demo-empleado)',
    'ADMIN=$(token demo-admin)',
    'SUPERADMIN=$(token demo-superadmin)',
    `curl -s -w '\\n' -H "Authorization: Bearer $EMPLEADO" "$BASE/api/empleados/me"`,
  ];
}
