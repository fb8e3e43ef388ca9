import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { DefaultAzureCredential } from '@azure/identity';
import { BlobServiceClient, type BlockBlobClient, type ContainerClient, isRestError } from '@azure/storage-blob';
import type { StorageSettings } from '../../config/app-config.js';
import { ConfigError } from '../../config/environment.js';
import { type ByteRange, type FileStorage, type NewFileMetadata, type StoredFile, type StoredFileKey, StoredNameTakenError } from './file-storage.js';

/**
 * Blocks of an upload in flight, and how many at once: at most BLOCK_BYTES × BLOCKS_IN_FLIGHT of
 * memory per upload, whatever the file's size (the SDK's defaults, 8 MiB × 5, would hold 40 MiB).
 * 40 parallel 10 MiB uploads peaked at 326 MB RSS with 1 MiB blocks and at 270 MB with 512 KiB.
 */
const BLOCK_BYTES = 512 * 1024;
const BLOCKS_IN_FLIGHT = 2;

/** Readiness must answer well within a probe's timeout, whatever the SDK's retries would take. */
const CHECK_TIMEOUT_MS = 1500;

export type AzureStorageSettings = Extract<StorageSettings, { kind: 'azure' }>;

/** Files as blobs `<folder>/<name>` of one private container. */
export class AzureBlobStorage implements FileStorage {
  private constructor(private readonly container: ContainerClient) {}

  /** Connects and creates the container (private: no anonymous access) when it is missing; refuses one open to anonymous reads. */
  static async open(settings: AzureStorageSettings): Promise<AzureBlobStorage> {
    const service =
      settings.accountUrl === undefined
        ? BlobServiceClient.fromConnectionString(settings.connectionString)
        : new BlobServiceClient(settings.accountUrl, new DefaultAzureCredential());
    const container = service.getContainerClient(settings.container);
    await container.createIfNotExists();
    await refusePublicAccess(container);
    return new AzureBlobStorage(container);
  }

  async create(key: StoredFileKey, content: Readable, metadata: NewFileMetadata): Promise<void> {
    const blob = this.blobOf(key);
    // The empty blob claims the name; the content is committed over it only while it is still that claim.
    const claim = await blob.upload('', 0, { conditions: { ifNoneMatch: '*' } }).catch((error: unknown) => {
      throw isRestError(error) && (error.statusCode === 409 || error.statusCode === 412) ? new StoredNameTakenError(key) : error;
    });
    const abort = new AbortController();
    try {
      await Promise.all([
        blob.uploadStream(content, BLOCK_BYTES, BLOCKS_IN_FLIGHT, {
          blobHTTPHeaders: { blobContentType: metadata.contentType },
          conditions: { ifMatch: claim.etag },
          abortSignal: abort.signal,
        }),
        // The SDK waits forever on a stream destroyed without an error; this rejects instead.
        finished(content),
      ]);
    } catch (error) {
      abort.abort();
      await blob.deleteIfExists({ conditions: { ifMatch: claim.etag } }).catch(() => undefined);
      throw error;
    }
  }

  async read(key: StoredFileKey, range?: ByteRange): Promise<StoredFile | null> {
    const response = await this.blobOf(key)
      .download(range?.start ?? 0, range && range.end - range.start + 1)
      .catch(nullWhenMissing);
    const size = response && (range ? totalOf(response.contentRange) : response.contentLength);
    if (!response?.readableStreamBody || !size) {
      // No blob, or an empty one: a name claimed by a write still under way.
      (response?.readableStreamBody as Readable | undefined)?.destroy();
      return null;
    }
    return { size, body: response.readableStreamBody as Readable };
  }

  async size(key: StoredFileKey): Promise<number | null> {
    const properties = await this.blobOf(key).getProperties().catch(nullWhenMissing);
    return properties?.contentLength || null;
  }

  async delete(key: StoredFileKey): Promise<void> {
    await this.blobOf(key).deleteIfExists();
  }

  async check(): Promise<void> {
    await this.container.getProperties({ abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
  }

  private blobOf(key: StoredFileKey): BlockBlobClient {
    return this.container.getBlockBlobClient(`${key.folder}/${key.name}`);
  }
}

/**
 * A container open to anonymous reads (`blob` or `container`) serves every file, private ones included,
 * to anyone who has its address, around the service's access checks. Read from the container's
 * properties, which carry the same level as its access policy and need only the read permission
 * readiness already uses.
 */
async function refusePublicAccess(container: ContainerClient): Promise<void> {
  const { blobPublicAccess } = await container.getProperties();
  if (!blobPublicAccess) return;
  throw new ConfigError(
    `Azure Storage container "${container.containerName}" allows anonymous public read access (${blobPublicAccess}), so anyone could read ` +
      `private uploads without the service: set its access level to Private (portal: Containers → ${container.containerName} → Change access level; ` +
      `CLI: az storage container set-permission --name ${container.containerName} --public-access off --account-name <account>), then start again.`,
  );
}

function nullWhenMissing(error: unknown): null {
  if (isRestError(error) && error.statusCode === 404) return null;
  throw error;
}

/** The whole blob's size from `bytes <start>-<end>/<size>`. */
function totalOf(contentRange: string | undefined): number | undefined {
  const total = contentRange?.split('/')[1];
  return total === undefined ? undefined : Number(total);
}
