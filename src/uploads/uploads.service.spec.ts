import type { AppConfig } from '../config/app-config.js';
import { type FileStorage, StoredNameTakenError } from './storage/file-storage.js';
import { MAX_NAME_ATTEMPTS, UploadsService } from './uploads.service.js';
import { png } from '../../test/support/upload-fixtures.js';

describe('UploadsService', () => {
  it(`gives up after ${MAX_NAME_ATTEMPTS} taken names in a row instead of looping on`, async () => {
    let attempts = 0;
    const full: FileStorage = {
      create: async (key) => {
        attempts += 1;
        throw new StoredNameTakenError(key);
      },
      read: async () => null,
      delete: async () => undefined,
      check: async () => undefined,
    };
    const service = new UploadsService(full, { publicBaseUrl: 'http://localhost:3000' } as AppConfig);

    await expect(service.store('solicitudes', { originalname: 'lleno.png', buffer: png() })).rejects.toMatchObject({ status: 500 });
    expect(attempts).toBe(MAX_NAME_ATTEMPTS);
  }, 60_000);
});
