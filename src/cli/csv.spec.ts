import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_FILE_BYTES, readUtf8File } from './csv.js';

describe('readUtf8File', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ess-csv-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a file of exactly the largest size', async () => {
    const path = join(dir, 'limite.csv');
    writeFileSync(path, Buffer.alloc(MAX_FILE_BYTES, 'a'));
    await expect(readUtf8File(path)).resolves.toHaveLength(MAX_FILE_BYTES);
  });

  it('refuses a larger file, saying to split it', async () => {
    const path = join(dir, 'grande.csv');
    writeFileSync(path, Buffer.alloc(MAX_FILE_BYTES + 1, 'a'));
    await expect(readUtf8File(path)).rejects.toThrow(`${path} is larger than 16 MiB: split it into several files.`);
  });

  it('stops reading a device that never ends', async () => {
    await expect(readUtf8File('/dev/zero')).rejects.toThrow('/dev/zero is larger than 16 MiB: split it into several files.');
  });
});
