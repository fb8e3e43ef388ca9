import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { AppConfig } from '../../config/app-config.js';
import { type FileStorage, StoredNameTakenError } from './file-storage.js';
import { LocalDiskStorage } from './local-disk.storage.js';

describe('LocalDiskStorage', () => {
  const uploadsDir = mkdtempSync(join(tmpdir(), 'ess-storage-'));
  const storage: FileStorage = new LocalDiskStorage({ uploadsDir } as AppConfig);
  const folder = join(uploadsDir, 'solicitudes');
  const metadata = { contentType: 'image/png' };
  afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

  it('never overwrites: a second file under a taken name is refused and the first stays as it was, with no temporary file left', async () => {
    const key = { folder: 'solicitudes', name: '1-foto.png' } as const;
    await storage.create(key, Readable.from([Buffer.from('primero')]), metadata);

    await expect(storage.create(key, Readable.from([Buffer.from('segundo')]), metadata)).rejects.toBeInstanceOf(StoredNameTakenError);
    expect(readFileSync(join(folder, '1-foto.png'), 'utf8')).toBe('primero');
    expect(readdirSync(folder)).toEqual(['1-foto.png']);
  });

  it('refuses a taken name before reading any of the content, so the same stream can go under another name', async () => {
    const key = { folder: 'solicitudes', name: '1-foto.png' } as const;
    const content = Readable.from([Buffer.from('tercero')]);

    await expect(storage.create(key, content, metadata)).rejects.toBeInstanceOf(StoredNameTakenError);
    await storage.create({ folder: 'solicitudes', name: '4-foto.png' }, content, metadata);
    expect(readFileSync(join(folder, '4-foto.png'), 'utf8')).toBe('tercero');
    await storage.delete({ folder: 'solicitudes', name: '4-foto.png' });
  });

  it('reads a name claimed by a write still under way as no file', async () => {
    const slow = new Readable({ read() {} });
    slow.push(Buffer.from('parcial'));
    const key = { folder: 'solicitudes', name: '5-lento.png' } as const;
    const writing = storage.create(key, slow, metadata);
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(await storage.read(key)).toBeNull();
    await expect(storage.create(key, Readable.from([Buffer.from('otro')]), metadata)).rejects.toBeInstanceOf(StoredNameTakenError);
    slow.push(null);
    await writing;
    expect(readFileSync(join(folder, '5-lento.png'), 'utf8')).toBe('parcial');
    await storage.delete(key);
  });

  it('serves a file being read whole even when it is removed before its bytes are consumed', async () => {
    const key = { folder: 'solicitudes', name: '6-borrado.png' } as const;
    await storage.create(key, Readable.from([Buffer.from('contenido')]), metadata);

    const file = await storage.read(key);
    await storage.delete(key);

    expect(file?.size).toBe(9);
    expect(Buffer.concat(await file!.body.toArray()).toString()).toBe('contenido');
    expect(await storage.read(key)).toBeNull();
  });

  it('leaves nothing behind when the content fails midway', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.create({ folder: 'solicitudes', name: '2-roto.png' }, failing, metadata)).rejects.toThrow('connection reset');
    expect(readdirSync(folder)).toEqual(['1-foto.png']);
  });

  it('reads a file whole or a byte range of it, answers null for a missing one, and deletes idempotently', async () => {
    const key = { folder: 'solicitudes', name: '3-texto.png' } as const;
    await storage.create(key, Readable.from([Buffer.from('0123456789')]), metadata);
    const text = async (file: Awaited<ReturnType<typeof storage.read>>) => (await file!.body.toArray()).join('');

    expect(await text(await storage.read(key))).toBe('0123456789');
    const range = await storage.read(key, { start: 2, end: 5 });
    expect({ size: range!.size, body: await text(range) }).toEqual({ size: 10, body: '2345' });
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.read(key)).toBeNull();
  });
});
