import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestIdentityProvider } from '../support/test-identity-provider.js';
import { multipart, pdf } from '../support/upload-fixtures.js';
import { copyUploads, dumpDatabase, restoreDatabase } from './support/backup.js';
import { call } from './support/http.js';
import { ROL_ADMINISTRADOR, Seed } from './support/seed.js';
import { ServiceProcess, withServiceOutput } from './support/service-process.js';
import { createThrowawayDatabase, openPool, type ThrowawayDatabase } from './support/throwaway-database.js';

/** What stays the same across a restore, as the guide requires: stored URLs name the address, old links need the key. */
const PUBLIC_BASE_URL = 'https://ess.example.com';
const FILES_SIGNING_KEY = randomBytes(48).toString('base64');

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Fetched {
  status: number;
  sha256: string;
}

/** A link as the browser opens it, without a token, on whichever instance answers for PUBLIC_BASE_URL. */
async function open(service: ServiceProcess, link: string): Promise<Fetched> {
  const { pathname, search } = new URL(link);
  const response = await fetch(`${service.url}${pathname}${search}`, { signal: AbortSignal.timeout(15_000) });
  return { status: response.status, sha256: sha256(Buffer.from(await response.arrayBuffer())) };
}

async function uploadDocumento(service: ServiceProcess, token: string, content: Buffer): Promise<string> {
  const { body, contentType } = multipart([{ filename: 'nomina-octubre.pdf', content }]);
  const response = await fetch(`${service.url}/api/uploads/documento`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
    signal: AbortSignal.timeout(15_000),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

/** The employee's documents as the portal lists them: titles and freshly signed links. */
async function documentosOf(service: ServiceProcess, token: string): Promise<{ titulo: string; url: string }[]> {
  const reply = await call(service.url, 'GET', '/api/documentos', { token });
  expect(reply.status).toBe(200);
  return reply.body.data;
}

describe('backup and restore as docs/operations.md describes (pg_dump, pg_restore, UPLOADS_DIR)', () => {
  let idp: TestIdentityProvider;
  let workDir: string;
  const databases: ThrowawayDatabase[] = [];
  const services: ServiceProcess[] = [];

  const startService = async (name: string, database: ThrowawayDatabase, uploadsDir: string) => {
    const service = await ServiceProcess.start(name, {
      databaseUrl: database.url,
      jwksUri: idp.jwksUri,
      caFile: idp.caFile,
      env: { UPLOADS_DIR: uploadsDir, PUBLIC_BASE_URL, FILES_SIGNING_KEY },
    });
    services.push(service);
    return service;
  };

  beforeAll(async () => {
    idp = await TestIdentityProvider.startHttps();
    workDir = mkdtempSync(join(tmpdir(), 'ess-backup-'));
  });
  afterAll(async () => {
    await Promise.all(services.map((service) => service.stop()));
    await Promise.all(databases.map((database) => database.drop()));
    await idp?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('brings a published document back on a fresh instance: a link signed before the backup and one signed after the restore serve its bytes', () =>
    withServiceOutput(
      () => services,
      async () => {
        const original = await createThrowawayDatabase('ess_backup_original');
        databases.push(original);
        const originalUploads = join(workDir, 'uploads-original');
        const before = await startService('original', original, originalUploads);
        const db = openPool(original.url);
        const seed = new Seed(db);
        const [admin, empleado] = [await seed.empleado(ROL_ADMINISTRADOR), await seed.empleado()];
        await db.end();
        const [adminToken, empleadoToken] = [await idp.token(admin.oid), await idp.token(empleado.oid)];

        const content = Buffer.concat([pdf(), randomBytes(256 * 1024)]);
        const url = await uploadDocumento(before, adminToken, content);
        const published = await call(before.url, 'POST', '/api/documentos', {
          token: adminToken,
          body: { id_empleado: empleado.id, titulo: 'Nómina de octubre', url },
        });
        expect(published.status).toBe(201);
        const [{ url: signedBeforeBackup }] = await documentosOf(before, empleadoToken);
        await expect(open(before, signedBeforeBackup)).resolves.toEqual({ status: 200, sha256: sha256(content) });

        // The database first, then the files: every file the dump names is in the copy.
        const dumpFile = join(workDir, 'ess.dump');
        const uploadsBackup = join(workDir, 'uploads-backup');
        await dumpDatabase(original.url, dumpFile);
        await copyUploads(originalUploads, uploadsBackup);

        // The loss: nothing of the original is left for the restored instance to read by mistake.
        await before.stop();
        await original.drop();
        rmSync(originalUploads, { recursive: true, force: true });

        const restored = await createThrowawayDatabase('ess_backup_restored');
        databases.push(restored);
        const restoredUploads = join(workDir, 'uploads-restored');
        await copyUploads(uploadsBackup, restoredUploads);
        await restoreDatabase(dumpFile, restored.url);
        const after = await startService('restored', restored, restoredUploads);

        await expect(open(after, signedBeforeBackup)).resolves.toEqual({ status: 200, sha256: sha256(content) });
        const listed = await documentosOf(after, empleadoToken);
        expect(listed.map((documento) => documento.titulo)).toEqual(['Nómina de octubre']);
        expect(listed[0]!.url).not.toBe(signedBeforeBackup);
        await expect(open(after, listed[0]!.url)).resolves.toEqual({ status: 200, sha256: sha256(content) });
      },
    ), 180_000);
});
