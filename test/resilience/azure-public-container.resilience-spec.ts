import { randomUUID } from 'node:crypto';
import { BlobServiceClient } from '@azure/storage-blob';
import { type Azurite, startAzurite } from '../support/azurite.js';
import { waitFor } from '../support/wait-for.js';
import { ServiceProcess } from './support/service-process.js';
import { createThrowawayDatabase, type ThrowawayDatabase } from './support/throwaway-database.js';

/** STORAGE=azure on a container open to anonymous reads: the compiled service refuses to start. */
describe('a public Azure Blob container (Azurite)', () => {
  let azurite: Azurite;
  let database: ThrowawayDatabase;

  beforeAll(async () => {
    azurite = await startAzurite();
    database = await createThrowawayDatabase('ess_resilience_azure_publico');
  }, 60_000);
  afterAll(async () => {
    await azurite?.stop();
    await database?.drop();
  });

  it('stops the service at start with exit code 1 and one line naming the container and how to make it private', async () => {
    const container = `uploads-${randomUUID().slice(0, 8)}`;
    await BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient(container).create({ access: 'blob' });

    const service = ServiceProcess.spawn('public-container', {
      databaseUrl: database.url,
      // Never fetched: the service stops before it takes a request.
      jwksUri: 'https://127.0.0.1:9/keys',
      env: { STORAGE: 'azure', AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString, AZURE_STORAGE_CONTAINER: container },
    });
    const lines = service.watch(/./);
    try {
      await expect(service.ready(45_000)).rejects.toThrow(/exited \(1\) before it was ready/);
      // The process's last output may arrive after its exit.
      await waitFor(() => lines.length > 0);
      expect(lines).toEqual([
        `Azure Storage container "${container}" allows anonymous public read access (blob), so anyone could read private uploads without the service: ` +
          `set its access level to Private (portal: Containers → ${container} → Change access level; ` +
          `CLI: az storage container set-permission --name ${container} --public-access off --account-name <account>), then start again.`,
      ]);
    } finally {
      await service.stop();
    }
  });
});
