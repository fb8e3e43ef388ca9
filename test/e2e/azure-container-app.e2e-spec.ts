import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { parseEnvironment } from '../../src/config/environment.js';
import { imageEnvironment, SECRET_NAME, serviceVariables } from '../support/deployment-environment.js';
import { interpolateString, referencedVariables } from '../support/interpolation.js';
import { TEST_API_CLIENT_ID, TEST_TENANT_ID } from '../support/test-identity-provider.js';

const DEFINITION = 'deploy/azure/containerapp.yaml';
const GUIDE = 'docs/azure-container-apps.md';
/** Read by `DefaultAzureCredential` (@azure/identity), not by the service's own configuration. */
const LIBRARY_VARIABLES = ['AZURE_CLIENT_ID'];
/** Hold a password, a key or a token: Key Vault references only. */
const SECRET_VARIABLES = ['DATABASE_URL', 'REDIS_URL', 'FILES_SIGNING_KEY', 'SCIM_TOKEN'];

interface EnvEntry {
  name: string;
  value?: string;
  secretRef?: string;
}

interface Probe {
  type: string;
  httpGet: { path: string; port: number };
}

interface ContainerApp {
  identity: { type: string; userAssignedIdentities: Record<string, object> };
  properties: {
    configuration: {
      ingress: { targetPort: number; allowInsecure: boolean };
      registries: { server: string; identity?: string; passwordSecretRef?: string }[];
      secrets: { name: string; keyVaultUrl?: string; identity?: string; value?: string }[];
    };
    template: {
      containers: { env: EnvEntry[]; probes: Probe[] }[];
      scale: { minReplicas: number };
    };
  };
}

const IDENTITY_ID = '/subscriptions/0/resourceGroups/ess-rg/providers/Microsoft.ManagedIdentity/userAssignedIdentities/ess-api-id';

/** The placeholders as the guide's `export` line sets them, with made-up Azure names. */
const PLACEHOLDERS = {
  LOCATION: 'westeurope',
  IDENTITY_ID,
  IDENTITY_CLIENT_ID: '11111111-2222-4333-8444-555555555555',
  ENVIRONMENT_ID: '/subscriptions/0/resourceGroups/ess-rg/providers/Microsoft.App/managedEnvironments/ess-env',
  REGISTRY: 'essacr',
  KEY_VAULT: 'ess-kv',
  VERSION: '0.1.0',
  TENANT_ID: TEST_TENANT_ID,
  API_CLIENT_ID: TEST_API_CLIENT_ID,
  STORAGE_ACCOUNT: 'essfiles',
  PUBLIC_BASE_URL: 'https://ess-api.example.com',
  PORTAL_ORIGIN: 'https://portal.example.com',
};

/** What Key Vault would hand the container for each reference, made as the guide says. */
const KEY_VAULT_VALUES: Record<string, string> = {
  'database-url': `postgresql://ess:${randomBytes(32).toString('hex')}@ess-db.postgres.database.azure.com:5432/ess?sslmode=verify-full`,
  'files-signing-key': randomBytes(48).toString('base64'),
  'scim-token': randomBytes(48).toString('base64'),
  'redis-url': `rediss://:${randomBytes(32).toString('base64url')}@ess-redis.redis.cache.windows.net:6380`,
};

describe('the Azure Container Apps definition (deploy/azure/containerapp.yaml)', () => {
  const text = readFileSync(DEFINITION, 'utf8');
  // Rendered as the guide does, with envsubst on the whole text: the identity's id is a key.
  const app = parse(interpolateString(text, PLACEHOLDERS)) as ContainerApp;
  const { configuration, template } = app.properties;
  const [container] = template.containers;

  it('uses only placeholders that the guide sets before rendering it', () => {
    const guide = readFileSync(GUIDE, 'utf8');
    const exportCommand = guide.slice(guide.indexOf('export LOCATION'), guide.indexOf('envsubst <'));
    expect(referencedVariables(text).filter((name) => !new RegExp(`\\b${name}\\b`).test(exportCommand))).toEqual([]);
    expect(Object.keys(PLACEHOLDERS).sort()).toEqual(referencedVariables(text).sort());
  });

  it("reads every secret from Key Vault with the app's own user-assigned identity, and writes none", () => {
    expect(Object.keys(app.identity.userAssignedIdentities)).toEqual([IDENTITY_ID]);
    for (const secret of configuration.secrets) {
      expect(secret).toEqual({ name: secret.name, keyVaultUrl: `https://ess-kv.vault.azure.net/secrets/${secret.name}`, identity: IDENTITY_ID });
    }
    expect(configuration.registries).toEqual([{ server: 'essacr.azurecr.io', identity: IDENTITY_ID }]);
  });

  it('passes passwords, keys and tokens only as secret references, each declared once and used', () => {
    const bySecret = container!.env.filter((entry) => entry.secretRef !== undefined);
    expect(bySecret.map((entry) => entry.name).sort()).toEqual([...SECRET_VARIABLES].sort());
    expect(container!.env.filter((entry) => SECRET_NAME.test(entry.name) && entry.value !== undefined)).toEqual([]);
    expect(container!.env.filter((entry) => /:\/\/[^/\s]*@|AccountKey=/.test(entry.value ?? ''))).toEqual([]);
    expect(bySecret.map((entry) => entry.secretRef).sort()).toEqual(configuration.secrets.map((secret) => secret.name).sort());
  });

  it("sets only variables the service or DefaultAzureCredential reads, and the service's production validation accepts them", () => {
    const known = serviceVariables();
    expect(container!.env.map((entry) => entry.name).filter((name) => !known.has(name) && !LIBRARY_VARIABLES.includes(name))).toEqual([]);
    const environment = {
      ...imageEnvironment(),
      ...Object.fromEntries(container!.env.map((entry) => [entry.name, entry.value ?? KEY_VAULT_VALUES[entry.secretRef!]])),
    };
    expect(environment.NODE_ENV).toBe('production');
    expect(() => parseEnvironment(environment)).not.toThrow();
    expect(environment).toMatchObject({ STORAGE: 'azure', AZURE_STORAGE_ACCOUNT_URL: 'https://essfiles.blob.core.windows.net', TRUST_PROXY: '1' });
    expect(environment.AZURE_STORAGE_CONNECTION_STRING).toBeUndefined();
  });

  it('probes readiness on /api/health/ready and liveness on /api/health at the ingress port, over HTTPS only, with two replicas at least', () => {
    const port = configuration.ingress.targetPort;
    expect(container!.env.find((entry) => entry.name === 'PORT')?.value).toBe(String(port));
    expect(container!.probes.map((probe) => [probe.type, probe.httpGet.path, probe.httpGet.port])).toEqual([
      ['Startup', '/api/health/ready', port],
      ['Readiness', '/api/health/ready', port],
      ['Liveness', '/api/health', port],
    ]);
    expect(configuration.ingress.allowInsecure).toBe(false);
    expect(template.scale.minReplicas).toBeGreaterThanOrEqual(2);
  });
});
