import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config.js';
import { LocalDiskStorage, MAX_NAME_ATTEMPTS } from './local-disk.storage.js';

describe('LocalDiskStorage', () => {
  const uploadsDir = mkdtempSync(join(tmpdir(), 'ess-storage-'));
  const storage = new LocalDiskStorage({ uploadsDir } as AppConfig);
  afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

  it(`gives up after ${MAX_NAME_ATTEMPTS} taken names in a row instead of looping on, and leaves no temporary file`, async () => {
    const folder = join(uploadsDir, 'solicitudes');
    mkdirSync(folder, { recursive: true });
    const now = Date.now();
    // A margin of taken names beyond the limit, for the milliseconds between here and the first attempt.
    for (let i = 0; i < MAX_NAME_ATTEMPTS + 2_000; i += 1) writeFileSync(join(folder, `${now + i}-lleno.png`), '');

    await expect(storage.save('solicitudes', 'lleno.png', Buffer.from('png'))).rejects.toThrow(`${MAX_NAME_ATTEMPTS} names for lleno.png in a row are taken`);
    expect(readdirSync(folder).filter((name) => !name.endsWith('-lleno.png'))).toEqual([]);
  }, 60_000);
});
