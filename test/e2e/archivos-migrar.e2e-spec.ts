import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BlobServiceClient, type ContainerClient } from '@azure/storage-blob';
import { type Azurite, startAzurite } from '../support/azurite.js';
import { runTool } from '../support/cli.js';
import { mp4, pdf, png } from '../support/upload-fixtures.js';

const FILES: Record<string, Buffer> = {
  'solicitudes/1764000000000-justificante.png': png(),
  'documentos/1764000000001-nomina.pdf': pdf(),
  'comunicados/1764000000002-video.mp4': mp4(),
};
const NOT_UPLOADS = [
  'solicitudes/.1b4e28ba-2fa1-11d2-883f-0016d3cca427.part',
  'solicitudes/1764000000003-pagina.html',
  'solicitudes/notas.txt',
  'solicitudes/1764000000004-a-medias.png',
  '1764000000005-raiz.png',
  'privado/1764000000006-interno.png',
];

describe('npm run archivos:migrar', () => {
  let azurite: Azurite;
  let container: ContainerClient;
  let uploadsDir: string;
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    azurite = await startAzurite();
    container = BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient('uploads');
    uploadsDir = mkdtempSync(join(tmpdir(), 'ess-migrar-'));
    for (const [path, content] of Object.entries(FILES)) plant(path, content);
    for (const path of NOT_UPLOADS) plant(path, path.includes('a-medias') ? '' : 'no es una subida');
    env = { STORAGE: 'azure', AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString, UPLOADS_DIR: uploadsDir, DATABASE_URL: undefined };
  }, 60_000);
  afterAll(async () => {
    await azurite.stop();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  function plant(path: string, content: Buffer | string): void {
    mkdirSync(join(uploadsDir, path, '..'), { recursive: true });
    writeFileSync(join(uploadsDir, path), content);
  }

  async function blobs(): Promise<Record<string, Buffer>> {
    const found: Record<string, Buffer> = {};
    for await (const blob of container.listBlobsFlat()) found[blob.name] = await container.getBlockBlobClient(blob.name).downloadToBuffer();
    return found;
  }

  it('copies every stored upload under its own name, leaves out the rest, and counts both', async () => {
    const run = await runTool('archivos-migrar', [], env);

    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.trim()).toBe('Copied 3 files; 0 were already there; 4 entries are no stored upload and were left out.');
    expect(await blobs()).toEqual(FILES);
  }, 60_000);

  it('copies only what is missing when run again', async () => {
    await container.getBlockBlobClient('documentos/1764000000001-nomina.pdf').delete();

    const run = await runTool('archivos-migrar', [], env);

    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.trim()).toBe('Copied 1 files; 2 were already there; 4 entries are no stored upload and were left out.');
    expect(await blobs()).toEqual(FILES);
  }, 60_000);

  it('never overwrites another file under the same name in the container, and says so', async () => {
    plant('solicitudes/1764000000007-otra.png', png());
    await container.getBlockBlobClient('solicitudes/1764000000007-otra.png').upload('distinto', 8);

    const run = await runTool('archivos-migrar', [], env);

    expect(run.code).toBe(1);
    expect(run.stderr).toContain('solicitudes/1764000000007-otra.png: the container holds another file under this name; left as it is.');
    expect((await blobs())['solicitudes/1764000000007-otra.png']!.toString()).toBe('distinto');
  }, 60_000);

  it('refuses to run without STORAGE=azure', async () => {
    const run = await runTool('archivos-migrar', [], { ...env, STORAGE: undefined, AZURE_STORAGE_CONNECTION_STRING: undefined });

    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe('STORAGE must be azure (with AZURE_STORAGE_*): the files are copied into that container.');
  }, 60_000);
});
