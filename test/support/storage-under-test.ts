import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { BlobServiceClient, type ContainerClient, isRestError } from '@azure/storage-blob';
import { type Azurite, startAzurite } from './azurite.js';

export type Backend = 'local' | 'azure';
export const BACKENDS: Backend[] = ['local', 'azure'];

/** One storage backend as a test sees it: the settings for the app, and a look behind its back. */
export interface StorageUnderTest {
  backend: Backend;
  /** Settings for `startTestApp`. */
  env: Record<string, string>;
  /** The local UPLOADS_DIR; undefined for Azure. */
  localDir?: string;
  /** Every stored entry, temporary ones included, as sorted `<folder>/<name>` paths. */
  stored(): Promise<string[]>;
  bytes(path: string): Promise<Buffer>;
  /** Puts an entry there as someone else than the service would. */
  plant(path: string, content: Buffer | string): Promise<void>;
  /** Makes every read and write fail until `restore`. */
  makeUnreachable(): Promise<void>;
  restore(): Promise<void>;
  stop(): Promise<void>;
}

/** The entry behind a URL the service returned: `<folder>/<name>`. */
export const pathOfUrl = (url: string) => new URL(url).pathname.replace(/^\/uploads\//, '');

export function startStorage(backend: Backend): Promise<StorageUnderTest> {
  return backend === 'local' ? Promise.resolve(localStorage()) : azureStorage();
}

function localStorage(): StorageUnderTest {
  const dir = mkdtempSync(join(tmpdir(), 'ess-uploads-'));
  const aside = `${dir}.aparte`;
  return {
    backend: 'local',
    env: { UPLOADS_DIR: dir },
    localDir: dir,
    stored: async () =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((path) => statSync(join(dir, path)).isFile())
        .sort(),
    bytes: async (path) => readFileSync(join(dir, path)),
    plant: async (path, content) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    },
    makeUnreachable: async () => {
      renameSync(dir, aside);
      writeFileSync(dir, 'no es una carpeta');
    },
    restore: async () => {
      rmSync(dir);
      renameSync(aside, dir);
    },
    stop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function azureStorage(): Promise<StorageUnderTest> {
  const azurite: Azurite = await startAzurite();
  const name = `uploads-${randomUUID().slice(0, 8)}`;
  const held = new Map<string, Buffer>();
  const container: ContainerClient = BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient(name);
  const storage: StorageUnderTest = {
    backend: 'azure',
    env: { STORAGE: 'azure', AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString, AZURE_STORAGE_CONTAINER: name },
    async stored() {
      const names: string[] = [];
      try {
        for await (const blob of container.listBlobsFlat()) names.push(blob.name);
      } catch (error) {
        if (!(isRestError(error) && error.statusCode === 404)) throw error;
      }
      return names.sort();
    },
    bytes: (path) => container.getBlockBlobClient(path).downloadToBuffer(),
    plant: async (path, content) => {
      await container.getBlockBlobClient(path).upload(content, Buffer.byteLength(content));
    },
    // The container goes, and comes back with what it held.
    async makeUnreachable() {
      for (const path of await storage.stored()) held.set(path, await storage.bytes(path));
      await container.delete();
    },
    async restore() {
      await container.create();
      for (const [path, content] of held) await storage.plant(path, content);
      held.clear();
    },
    stop: () => azurite.stop(),
  };
  return storage;
}
