import { Readable } from 'node:stream';
import { type FileStorage, StoredNameTakenError } from '../storage/file-storage.js';
import { MAX_NAME_ATTEMPTS, storeUnderFreeName } from './free-name.js';

describe('storeUnderFreeName', () => {
  const metadata = { contentType: 'image/png' };

  /** A storage where the first `taken` names tried are taken. */
  function storageWithTaken(taken: number) {
    const tried: string[] = [];
    const storage: FileStorage = {
      create: async (key) => {
        tried.push(key.name);
        if (tried.length <= taken) throw new StoredNameTakenError(key);
      },
      read: async () => null,
      size: async () => null,
      delete: async () => undefined,
      check: async () => undefined,
    };
    return { storage, tried };
  }

  it('moves on one millisecond per taken name', async () => {
    const { storage, tried } = storageWithTaken(2);

    const key = await storeUnderFreeName(storage, 'solicitudes', 'foto.png', Readable.from([]), metadata);

    const [first] = tried.map((name) => Number(name.split('-')[0]));
    expect(tried).toEqual([`${first}-foto.png`, `${first + 1}-foto.png`, `${first + 2}-foto.png`]);
    expect(key).toEqual({ folder: 'solicitudes', name: `${first + 2}-foto.png` });
  });

  it(`gives up after ${MAX_NAME_ATTEMPTS} taken names in a row instead of looping on`, async () => {
    const { storage, tried } = storageWithTaken(Infinity);

    await expect(storeUnderFreeName(storage, 'solicitudes', 'lleno.png', Readable.from([]), metadata)).rejects.toThrow(/are taken/);
    expect(tried).toHaveLength(MAX_NAME_ATTEMPTS);
  });
});
