import type { AuthSettings } from '../config/app-config.js';

export interface PurposeClaims {
  scp?: unknown;
  roles?: unknown;
  idtyp?: unknown;
  azp?: unknown;
  appid?: unknown;
}

export type PurposeSettings = Pick<AuthSettings, 'acceptedScopes' | 'acceptedAppRoles' | 'allowedClientIds'>;

/**
 * Whether a token of the right tenant and audience was issued for this API's callers, as Microsoft
 * asks of protected web APIs: a delegated token (it has `scp`, or says `idtyp: user`) must carry
 * an accepted scope and is judged on `scp` alone; an app-only token must carry an accepted app
 * role. When client ids are configured, `azp` (v2.0) or `appid` (v1.0) must be one of them.
 */
export function isMeantForThisApi(claims: PurposeClaims, settings: PurposeSettings): boolean {
  return carriesAcceptedPermission(claims, settings) && comesFromAllowedClient(claims, settings.allowedClientIds);
}

function carriesAcceptedPermission(claims: PurposeClaims, settings: PurposeSettings): boolean {
  const delegated = claims.scp !== undefined || claims.idtyp === 'user';
  if (delegated) {
    return typeof claims.scp === 'string' && claims.scp.split(' ').some((scope) => settings.acceptedScopes.includes(scope));
  }
  return Array.isArray(claims.roles) && claims.roles.some((role) => typeof role === 'string' && settings.acceptedAppRoles.includes(role));
}

function comesFromAllowedClient(claims: PurposeClaims, allowedClientIds: string[]): boolean {
  if (!allowedClientIds.length) return true;
  const clientId = claims.azp ?? claims.appid;
  return typeof clientId === 'string' && allowedClientIds.includes(clientId);
}
