import { randomUUID } from 'node:crypto';
import { BlobServiceClient, type PublicAccessType } from '@azure/storage-blob';
import { ConfigError } from '../../src/config/environment.js';
import { AzureBlobStorage } from '../../src/uploads/storage/azure-blob.storage.js';
import { type Azurite, startAzurite } from '../support/azurite.js';
import { startTestApp } from '../support/test-app.js';

const refusal = (container: string, level: PublicAccessType) =>
  `Azure Storage container "${container}" allows anonymous public read access (${level}), so anyone could read private uploads without the service: ` +
  `set its access level to Private (portal: Containers → ${container} → Change access level; ` +
  `CLI: az storage container set-permission --name ${container} --public-access off --account-name <account>), then start again.`;

/** The compiled service's one-line refusal at start is tested in test/resilience/azure-public-container.resilience-spec.ts. */
describe('STORAGE=azure and the container access level', () => {
  let azurite: Azurite;

  beforeAll(async () => {
    azurite = await startAzurite();
  });
  afterAll(() => azurite.stop());

  /** A container made beforehand, as an operator would in the portal. */
  const existingContainer = async (access?: PublicAccessType) => {
    const name = `uploads-${randomUUID().slice(0, 8)}`;
    await BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient(name).create(access ? { access } : {});
    return name;
  };
  const azureEnv = (container: string) => ({ STORAGE: 'azure', AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString, AZURE_STORAGE_CONTAINER: container });

  it.each([
    ['whose blobs anyone may read', 'blob'],
    ['whose blobs and listing anyone may read', 'container'],
  ] as const)('refuses a container %s, naming it and how to make it private', async (_kind, level) => {
    const container = await existingContainer(level);

    await expect(AzureBlobStorage.open({ kind: 'azure', connectionString: azurite.connectionString, container })).rejects.toThrow(
      new ConfigError(refusal(container, level)),
    );
  });

  it('starts on a private container that already exists', async () => {
    const t = await startTestApp({ env: azureEnv(await existingContainer()) });
    try {
      const response = await t.http.get('/api/health/ready');
      expect(response.status).toBe(200);
      expect(response.body.details).toMatchObject({ storage: { status: 'up' } });
    } finally {
      await t.close();
    }
  });
});
