import { HttpStatus } from '@nestjs/common';
import { acceptsRedirectUri, findSignInClient } from './demo-clients.js';
import { entraError } from './entra-error.js';

/** The query of GET /authorize, and the hidden fields the sign-in page posts back. */
export type AuthorizeParams = Record<string, unknown>;

export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  responseMode: 'query' | 'fragment';
  state?: string;
  nonce?: string;
  codeChallenge: string;
  /** Full names of the API scopes granted, e.g. `api://ess-api/access_as_user`. */
  scopes: string[];
  openid: boolean;
  offlineAccess: boolean;
}

/** An error told to the client at its redirect_uri, as Entra ID does once the redirect_uri is known to be safe. */
export class RedirectedError {
  constructor(readonly location: string) {}
}

const MAX_PARAM_LENGTH = 2048;
const MAX_SCOPES = 20;
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.length <= MAX_PARAM_LENGTH ? value : undefined);

/** What an authorization request is checked against: the API's scopes and the explorer's redirect URIs. */
export interface AuthorizeSettings {
  audience: string;
  acceptedScopes: string[];
  explorerRedirectUris: readonly string[];
}

/**
 * Checks an authorization request. A bad client or redirect_uri is answered here (never redirect to an
 * unchecked address); anything else goes back to the redirect_uri. Development only, so the SPA and
 * demo clients accept any loopback address (the SPA's dev server); the explorer only its own page.
 */
export function parseAuthorizeRequest(params: AuthorizeParams, settings: AuthorizeSettings, correlationId: string): AuthorizeRequest {
  const clientId = text(params.client_id);
  const client = findSignInClient(clientId, settings.explorerRedirectUris);
  if (!clientId || !client) {
    throw entraError(HttpStatus.BAD_REQUEST, 'unauthorized_client', 700016, `Application with identifier '${clientId ?? ''}' was not found in the directory 'dev-tenant'.`, correlationId);
  }
  const redirectUri = text(params.redirect_uri);
  if (!redirectUri || !acceptsRedirectUri(client, redirectUri)) {
    const rule = client.redirectUris
      ? `The redirect URI does not match the redirect URIs registered for the application '${clientId}': ${client.redirectUris.join(', ')}.`
      : 'The redirect URI must be an http(s) address on localhost, 127.0.0.1 or [::1], without a fragment.';
    throw entraError(HttpStatus.BAD_REQUEST, 'invalid_request', 50011, rule, correlationId);
  }
  const responseMode = params.response_mode === 'fragment' ? 'fragment' : 'query';
  const state = text(params.state);
  const refuse = (error: string, aadsts: number, description: string) =>
    new RedirectedError(redirectLocation(redirectUri, responseMode, { error, error_description: `AADSTS${aadsts}: ${description}`, error_codes: String(aadsts), state }));

  if (params.response_mode !== undefined && params.response_mode !== 'query' && params.response_mode !== 'fragment') {
    throw refuse('invalid_request', 900144, "response_mode must be 'query' or 'fragment'.");
  }
  if (params.response_type !== 'code') throw refuse('unsupported_response_type', 900144, "response_type must be 'code'.");
  const codeChallenge = text(params.code_challenge);
  if (!codeChallenge || params.code_challenge_method !== 'S256' || !S256_CHALLENGE.test(codeChallenge)) {
    throw refuse('invalid_request', 9002325, 'Proof Key for Code Exchange is required: code_challenge (43 base64url characters) with code_challenge_method S256.');
  }
  const requested = (text(params.scope) ?? '').split(' ').filter(Boolean).slice(0, MAX_SCOPES);
  const scopes = grantedApiScopes(requested, settings);
  if (!scopes.length) {
    throw refuse('invalid_scope', 65005, `The request must ask for one of this API's scopes: ${settings.acceptedScopes.map((scope) => `${settings.audience}/${scope}`).join(', ')}.`);
  }
  // MSAL's silent renewal in a hidden frame: answered at once, as Entra ID does without a session cookie.
  if (params.prompt === 'none') throw refuse('login_required', 50058, 'A silent sign-in request was sent but no user is signed in.');
  const openid = requested.includes('openid');
  return { clientId, redirectUri, responseMode, state, nonce: text(params.nonce), codeChallenge, scopes, openid, offlineAccess: requested.includes('offline_access') };
}

/** `.default` stands for every scope the API accepts, as Entra ID grants all consented scopes for it. */
function grantedApiScopes(requested: string[], api: { audience: string; acceptedScopes: string[] }): string[] {
  const names = requested.filter((scope) => scope.startsWith(`${api.audience}/`)).map((scope) => scope.slice(api.audience.length + 1));
  const granted = names.includes('.default') ? api.acceptedScopes : api.acceptedScopes.filter((scope) => names.includes(scope));
  return granted.map((scope) => `${api.audience}/${scope}`);
}

/** Where the browser goes back to, with the answer in the query or the fragment, as the client asked. */
export function redirectLocation(redirectUri: string, mode: AuthorizeRequest['responseMode'], answer: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  const parameters = new URLSearchParams(Object.entries(answer).filter((entry): entry is [string, string] => entry[1] !== undefined));
  if (mode === 'fragment') {
    url.hash = parameters.toString();
  } else {
    for (const [name, value] of parameters) url.searchParams.set(name, value);
  }
  return url.toString();
}
