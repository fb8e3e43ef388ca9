import { RolId } from '../catalogs/rol.entity.js';
import { EXPLORER_CLIENT_ID } from './explorer-client.js';
import { isLoopbackUrl } from './loopback.js';

export interface DemoClient {
  clientId: string;
  clientSecret: string;
  /** The `oid` put in this client's tokens; also the demo employee's `idp_oid`. */
  oid: string;
  correo: string;
  nombre: string;
  idRol: RolId;
}

/** Development-only credentials, printed at startup and listed in the README. Never valid in production. */
export const DEMO_CLIENTS: readonly DemoClient[] = [
  {
    clientId: 'demo-empleado',
    clientSecret: 'demo-empleado-secret',
    oid: '11111111-1111-4111-8111-111111111111',
    correo: 'lucia.fernandez@demo.local',
    nombre: 'Lucía Fernández',
    idRol: RolId.Empleado,
  },
  {
    clientId: 'demo-admin',
    clientSecret: 'demo-admin-secret',
    oid: '22222222-2222-4222-8222-222222222222',
    correo: 'martin.lopez@demo.local',
    nombre: 'Martín López',
    idRol: RolId.Administrador,
  },
  {
    clientId: 'demo-superadmin',
    clientSecret: 'demo-superadmin-secret',
    oid: '33333333-3333-4333-8333-333333333333',
    correo: 'sofia.ramirez@demo.local',
    nombre: 'Sofía Ramírez',
    idRol: RolId.SuperAdministrador,
  },
  {
    clientId: 'demo-representante',
    clientSecret: 'demo-representante-secret',
    oid: '44444444-4444-4444-8444-444444444444',
    correo: 'elena.torres@demo.local',
    nombre: 'Elena Torres',
    idRol: RolId.Representante,
  },
];

/** The public client a locally run SPA signs employees in with (MSAL.js): no secret, PKCE only. */
export const DEV_SPA_CLIENT_ID = 'ess-spa';

/** A client allowed to run the authorization code flow. */
export interface SignInClient {
  clientId: string;
  /** null for a public client (the SPA, the explorer): PKCE is its only proof. */
  clientSecret: string | null;
  /** Its registered redirect URIs; null accepts any loopback address (an SPA's or a tool's dev server). */
  redirectUris: readonly string[] | null;
}

/** The explorer's redirect URIs depend on the service's own addresses, so the caller passes them. */
export function findSignInClient(clientId: unknown, explorerRedirectUris: readonly string[]): SignInClient | undefined {
  if (clientId === DEV_SPA_CLIENT_ID) return { clientId, clientSecret: null, redirectUris: null };
  if (clientId === EXPLORER_CLIENT_ID) return { clientId, clientSecret: null, redirectUris: explorerRedirectUris };
  const demo = DEMO_CLIENTS.find((client) => client.clientId === clientId);
  return demo && { clientId: demo.clientId, clientSecret: demo.clientSecret, redirectUris: null };
}

export function acceptsRedirectUri(client: SignInClient, redirectUri: string): boolean {
  return client.redirectUris ? client.redirectUris.includes(redirectUri) : isLoopbackUrl(redirectUri);
}
