import { API_DOCS_PATH } from '../common/api-docs-path.js';
import type { AppConfig } from '../config/app-config.js';
import { LOOPBACK_HOSTS } from './loopback.js';

/** The OpenAPI explorer's public client: Swagger UI's authorization code flow with PKCE, no secret. */
export const EXPLORER_CLIENT_ID = 'ess-api-explorer';

/** Swagger UI's page that hands the code back to the explorer; the explorer is served as a folder so the page is its neighbour. */
const REDIRECT_PAGE = `${API_DOCS_PATH}/oauth2-redirect.html`;

/**
 * The explorer's registered redirect URIs: that page on each address this service answers a developer
 * on (PUBLIC_BASE_URL, the http port and the DEV_HTTPS port on any loopback host), and nowhere else.
 */
export function explorerRedirectUris(config: Pick<AppConfig, 'publicBaseUrl' | 'port' | 'devHttpsPort'>): string[] {
  const origins = [config.publicBaseUrl];
  for (const host of LOOPBACK_HOSTS) {
    origins.push(`http://${host}:${config.port}`);
    if (config.devHttpsPort !== null) origins.push(`https://${host}:${config.devHttpsPort}`);
  }
  // URL normalizes as the browser does (default ports dropped), so an exact comparison is fair.
  return [...new Set(origins.map((origin) => new URL(`${origin}${REDIRECT_PAGE}`).href))];
}
