import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FILE_STORAGE, type FileStorage } from '../../src/uploads/storage/file-storage.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { multipart, pngOfSize } from '../support/upload-fixtures.js';
import { waitFor } from '../support/wait-for.js';

/** The app with `env`, for one describe block. */
function appWith(env: Record<string, string>): () => TestApp {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env });
  });
  afterAll(() => t.close());
  return () => t;
}

const upload = async (t: TestApp, token: string, size: number) => {
  const { body, contentType } = multipart([{ filename: 'foto.png', content: pngOfSize(size) }]);
  return t.http.post('/api/uploads/solicitud').set('Authorization', `Bearer ${token}`).set('Content-Type', contentType).send(body);
};

describe('UPLOAD_QUOTA_BYTES_PER_DAY', () => {
  const app = appWith({ UPLOAD_QUOTA_BYTES_PER_DAY: '2500' });

  it('refuses with 429 the upload that would pass the last 24 hours\' quota, keeps nothing of it, and counts each employee apart', async () => {
    const t = app();
    const ana = await t.factories.empleado();
    const token = await t.idp.token(ana.idp_oid);
    expect((await upload(t, token, 1000)).status).toBe(201);
    expect((await upload(t, token, 1000)).status).toBe(201);

    const over = await upload(t, token, 1000);
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      success: false,
      message: 'Has alcanzado el límite diario de subida de archivos. Inténtalo más tarde.',
      code: 'cuota_subida_superada',
    });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(86_000);
    const rows: { nombre: string }[] = await t.db.query('SELECT nombre FROM archivo WHERE id_subidor = $1', [ana.id_empleado]);
    expect(rows).toHaveLength(2);

    const luis = await t.factories.empleado();
    expect((await upload(t, await t.idp.token(luis.idp_oid), 1000)).status).toBe(201);
    expect((await upload(t, token, 400)).status).toBe(201);
    expect((await upload(t, token, 101)).status).toBe(429);
    expect((await upload(t, token, 100)).status).toBe(201);
    expect((await upload(t, token, 100)).status).toBe(429);

    await t.db.query(`UPDATE archivo SET fecha_creacion = now() - interval '25 hours' WHERE id_subidor = $1`, [ana.id_empleado]);
    expect((await upload(t, token, 1000)).status).toBe(201);
  });

  it('leaves no stored file behind the refused upload', async () => {
    const t = app();
    const ana = await t.factories.empleado();
    const token = await t.idp.token(ana.idp_oid);
    const before: { total: number }[] = await t.db.query('SELECT count(*)::int AS total FROM archivo');
    await upload(t, token, 2000);
    const refused = await upload(t, token, 1000);
    expect(refused.status).toBe(429);
    const [{ total }] = await t.db.query('SELECT count(*)::int AS total FROM archivo');
    expect(total).toBe(before[0].total + 1);
    const storage = t.app.get<FileStorage>(FILE_STORAGE);
    const [{ nombre }] = await t.db.query('SELECT nombre FROM archivo WHERE id_subidor = $1', [ana.id_empleado]);
    expect(await storage.size({ folder: 'solicitudes', name: nombre })).not.toBeNull();
  });
});

describe('UPLOAD_MAX_CONCURRENT_PER_EMPLOYEE', () => {
  const app = appWith({ UPLOAD_MAX_CONCURRENT_PER_EMPLOYEE: '1' });

  it('refuses with 429 an upload while the employee has as many in progress, and takes one once they finish', async () => {
    const t = app();
    const ana = await t.factories.empleado();
    const token = await t.idp.token(ana.idp_oid);
    const server = t.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { body, contentType } = multipart([{ filename: 'lenta.png', content: pngOfSize(4096) }]);
    let status = 0;
    const slow = httpRequest({
      host: '127.0.0.1',
      port: (server.address() as AddressInfo).port,
      path: '/api/uploads/solicitud',
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': contentType, 'Content-Length': body.length },
    });
    const finished = new Promise<void>((resolve, reject) => {
      slow.on('response', (response) => {
        status = response.statusCode ?? 0;
        response.resume().on('end', resolve);
      });
      slow.on('error', reject);
    });
    slow.write(body.subarray(0, 1000));
    await waitFor(async () => (await t.db.query('SELECT 1 FROM archivo WHERE id_subidor = $1 AND tamano IS NULL', [ana.id_empleado])).length > 0);

    const second = await upload(t, token, 1000);
    expect(second.status).toBe(429);
    expect(second.body).toEqual({ success: false, message: 'Tienes demasiadas subidas de archivos en curso. Espera a que terminen.', code: 'subidas_simultaneas' });
    expect(second.headers['retry-after']).toBe('5');
    const other = await t.factories.empleado();
    expect((await upload(t, await t.idp.token(other.idp_oid), 1000)).status).toBe(201);

    slow.end(body.subarray(1000));
    await finished;
    expect(status).toBe(201);
    expect((await upload(t, token, 1000)).status).toBe(201);
  });
});
