import type { OpenAPIObject, OperationObject, SecuritySchemeObject, SwaggerCustomOptions } from '@nestjs/swagger';
import type { RequestHandler } from 'express';
import { API_DOCS_PATH } from '../common/api-docs-path.js';
import { type AppConfig, DEV_TENANT_ID } from '../config/app-config.js';
import { EXPLORER_CLIENT_ID } from './explorer-client.js';

/** The security scheme's name, shown by the explorer's "Authorize" dialog. */
export const EXPLORER_SCHEME = 'dev-idp';
const BEARER_SCHEME = 'bearer';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export type InitOAuth = NonNullable<NonNullable<SwaggerCustomOptions['swaggerOptions']>['initOAuth']>;

/**
 * Signing in from the explorer through the development identity provider: an OAuth2 authorization
 * code scheme beside the bearer one, which every bearer operation also accepts, and Swagger UI's
 * OAuth settings (the explorer's public client, PKCE, the scopes the service accepts). Only the
 * document served at runtime gets it; the committed openapi.json is the production contract.
 */
export function explorerSignIn(config: Pick<AppConfig, 'auth'>): { declareIn: (document: OpenAPIObject) => OpenAPIObject; initOAuth: InitOAuth } {
  const scopes = config.auth.acceptedScopes.map((scope) => `${config.auth.audience}/${scope}`);
  // Relative: the explorer signs in on whichever of this service's addresses it was opened on.
  const endpoint = (name: string) => `/dev-idp/${DEV_TENANT_ID}/oauth2/v2.0/${name}`;
  const scheme: SecuritySchemeObject = {
    type: 'oauth2',
    description: "Development only: sign in as any active employee on the development identity provider's page (authorization code with PKCE).",
    flows: {
      authorizationCode: {
        authorizationUrl: endpoint('authorize'),
        tokenUrl: endpoint('token'),
        scopes: Object.fromEntries(scopes.map((scope) => [scope, 'Call the API as the signed-in employee.'])),
      },
    },
  };
  // New lists and maps, never pushed into: the scanned document's security lists are the decorators' own metadata.
  const declareIn = (document: OpenAPIObject): OpenAPIObject => {
    for (const operation of operations(document)) {
      if (operation.security?.some((requirement) => BEARER_SCHEME in requirement)) operation.security = [...operation.security, { [EXPLORER_SCHEME]: scopes }];
    }
    return { ...document, components: { ...document.components, securitySchemes: { ...document.components?.securitySchemes, [EXPLORER_SCHEME]: scheme } } };
  };
  return { declareIn, initOAuth: { clientId: EXPLORER_CLIENT_ID, usePkceWithAuthorizationCodeGrant: true, scopes } };
}

function* operations(document: OpenAPIObject): Generator<OperationObject> {
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) if (item[method]) yield item[method];
  }
}

/**
 * Swagger UI sends the sign-in back to oauth2-redirect.html in the folder of the page it runs on, so
 * the explorer is answered from `/api/docs/`, where that page is, rather than from `/api/docs`.
 */
export const explorerAsFolder: RequestHandler = (request, response, next) => {
  const url = new URL(request.originalUrl, 'http://explorer.invalid');
  if (url.pathname !== API_DOCS_PATH) return next();
  response.redirect(302, `${API_DOCS_PATH}/${url.search}`);
};
