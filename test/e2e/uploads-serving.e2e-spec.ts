import { rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { BACKENDS, startStorage, type StorageUnderTest } from '../support/storage-under-test.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { docx, getBytes, mp4, multipart, pdf, png, xlsx } from '../support/upload-fixtures.js';

const NOT_FOUND = { success: false, message: 'El recurso solicitado no existe.', code: 'recurso_no_encontrado' };
const FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "sandbox; default-src 'none'",
  'cache-control': 'public, max-age=31536000, immutable',
  'cross-origin-resource-policy': 'cross-origin',
};

interface RawResponse {
  status: number;
  body: string;
}

/** Sends the path exactly as written: no client-side normalisation of `..` or percent-escapes. */
async function rawGet(server: Server, path: string): Promise<RawResponse> {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    })
      .on('error', reject)
      .end();
  });
}

describe.each(BACKENDS)('%s storage', (backend) => {
  let storage: StorageUnderTest;
  beforeAll(async () => {
    storage = await startStorage(backend);
  });
  afterAll(() => storage.stop());

  describe('GET /uploads/*', () => {
    let t: TestApp;
    const paths: Record<string, string> = {};

    beforeAll(async () => {
      // Every folder public, as the spec has it: these tests are about the headers; archivos-acceso about who may read.
      t = await startTestApp({ env: { UPLOADS_PUBLIC_FOLDERS: 'solicitudes,comunicados,documentos', ...storage.env } });
      const admin = await t.idp.token((await t.factories.admin()).idp_oid);
      const files = { png: ['solicitud', 'foto.png', png()], pdf: ['solicitud', 'justificante.pdf', pdf()], docx: ['documento', 'contrato.docx', docx()], xlsx: ['documento', 'horas.xlsx', xlsx()], mp4: ['comunicado', 'video.mp4', mp4()] } as const;
      for (const [kind, [endpoint, filename, content]] of Object.entries(files)) {
        const { body, contentType } = multipart([{ filename, content }]);
        const response = await t.http.post(`/api/uploads/${endpoint}`).set('Authorization', `Bearer ${admin}`).set('Content-Type', contentType).send(body);
        paths[kind] = new URL(response.body.url).pathname;
      }
    });
    afterAll(() => t.close());

    it.each([
      ['a PNG', 'png', 'image/png', png()],
      ['a PDF', 'pdf', 'application/pdf', pdf()],
      ['an MP4', 'mp4', 'video/mp4', mp4()],
    ])('shows %s inline to anyone, without a token, under a locked-down policy', async (_kind, key, mime, content) => {
      const response = await getBytes(t.http, paths[key]);

      expect(response.status).toBe(200);
      expect(response.body).toEqual(content);
      expect(response.headers).toMatchObject({ 'content-type': mime, ...FILE_HEADERS });
      expect(response.headers['content-disposition']).toBeUndefined();
    });

    it.each([
      ['a DOCX', 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', docx()],
      ['an XLSX', 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', xlsx()],
    ])('offers %s as a download', async (_kind, key, mime, content) => {
      const response = await getBytes(t.http, paths[key]);

      expect(response.status).toBe(200);
      expect(response.body).toEqual(content);
      expect(response.headers).toMatchObject({ 'content-type': mime, 'content-disposition': 'attachment', ...FILE_HEADERS });
    });

    it('serves a byte range of a video, so players can seek', async () => {
      const response = await getBytes(t.http, paths.mp4).set('Range', 'bytes=4-7');

      expect(response.status).toBe(206);
      expect(response.body.toString('latin1')).toBe('ftyp');
    });

    it.each([
      ['bytes=4-', 4, mp4().length - 1],
      ['bytes=-8', mp4().length - 8, mp4().length - 1],
      ['bytes=0-100000', 0, mp4().length - 1],
    ])('answers the range %s with 206, the bytes and where they sit in the file', async (range, start, end) => {
      const response = await getBytes(t.http, paths.mp4).set('Range', range);

      expect(response.status).toBe(206);
      expect(response.body).toEqual(mp4().subarray(start, end + 1));
      expect(response.headers).toMatchObject({
        'content-range': `bytes ${start}-${end}/${mp4().length}`,
        'content-length': String(end - start + 1),
        'accept-ranges': 'bytes',
        'content-type': 'video/mp4',
        ...FILE_HEADERS,
      });
    });

    it('answers a range past the end with 416, the file size and a JSON body', async () => {
      const response = await t.http.get(paths.mp4).set('Range', `bytes=${mp4().length}-`);

      expect(response.status).toBe(416);
      expect(response.headers['content-range']).toBe(`bytes */${mp4().length}`);
      expect(response.body).toEqual({ success: false, message: 'El rango pedido queda fuera del archivo.', code: 'rango_no_satisfacible' });
    });

    it('sends the whole file for several ranges at once', async () => {
      const response = await getBytes(t.http, paths.mp4).set('Range', 'bytes=0-1,4-7');

      expect(response.status).toBe(200);
      expect(response.body).toEqual(mp4());
    });

    it('answers HEAD with the headers of the file and no body', async () => {
      const response = await t.http.head(paths.pdf);

      expect(response.status).toBe(200);
      expect(response.headers).toMatchObject({ 'content-type': 'application/pdf', 'content-length': String(pdf().length), 'accept-ranges': 'bytes', ...FILE_HEADERS });
      expect(response.body).toEqual({});
    });

    it.each([
      ['a folder with a trailing slash', '/uploads/solicitudes/'],
      ['a folder', '/uploads/solicitudes'],
      ['the uploads root', '/uploads/'],
      ['a stored name that does not exist', '/uploads/solicitudes/1764000000000-no-existe.png'],
      ['a stored file under another folder', () => paths.png.replace('/solicitudes/', '/documentos/')],
      ['a stored file with a trailing slash', () => `${paths.png}/`],
    ])('answers %s with a 404 JSON envelope and no listing', async (_kind, path) => {
      const response = await t.http.get(typeof path === 'function' ? path() : path);

      expect(response.status).toBe(404);
      expect(response.body).toEqual(NOT_FOUND);
    });

    describe('caching', () => {
      const MISSING = '/uploads/comunicados/1764000000000-no-existe.png';
      const pastTheEnd = `bytes=${mp4().length}-`;

      it.each([
        ['GET of a missing file in a public folder', 404, () => t.http.get(MISSING)],
        ['HEAD of a missing file in a public folder', 404, () => t.http.head(MISSING)],
        ['a name the service never stores', 404, () => t.http.get('/uploads/comunicados/cartel')],
        ['GET of a range past the end', 416, () => t.http.get(paths.mp4).set('Range', pastTheEnd)],
        ['HEAD of a range past the end', 416, () => t.http.head(paths.mp4).set('Range', pastTheEnd)],
        ['a malformed JSON body', 400, () => t.http.get(paths.mp4).set('Content-Type', 'application/json').send('{')],
        ['a method the file has not', 405, () => t.http.delete(paths.mp4)],
      ])('lets no cache keep %s', async (_kind, status, send) => {
        const response = await send();

        expect(response.status).toBe(status);
        expect(response.headers['cache-control']).toBe('private, no-store');
      });

      it('keeps an existing file of a public folder cacheable for a year, by GET and by HEAD', async () => {
        for (const response of [await getBytes(t.http, paths.mp4), await t.http.head(paths.mp4)]) {
          expect(response.status).toBe(200);
          expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        }
      });
    });

    it('answers a POST to a stored file with 405 and the methods it has', async () => {
      const response = await t.http.post(paths.png);
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD');
      expect(response.body).toEqual({ success: false, message: 'Método no permitido para este recurso.', code: 'metodo_no_permitido' });
    });

    describe('files the service did not store or must not serve', () => {
      const CANARY = 'secreto';
      const outside = () => join(dirname(storage.localDir!), '1764000000000-fuera.png');

      beforeAll(async () => {
        if (storage.localDir) writeFileSync(outside(), CANARY);
        await storage.plant('1764000000000-raiz.png', CANARY);
        await storage.plant('privado/1764000000000-interno.png', CANARY);
        for (const name of ['.env', '.1b4e28ba-2fa1-11d2-883f-0016d3cca427.part', '1764000000000-pagina.html']) {
          await storage.plant(`solicitudes/${name}`, CANARY);
        }
      });
      afterAll(() => storage.localDir && rmSync(outside(), { force: true }));

      it.each([
        '/uploads/../package.json',
        '/uploads/..%2fpackage.json',
        '/uploads/%2e%2e%2fpackage.json',
        '/uploads/solicitudes/../../package.json',
        '/uploads/solicitudes/..%2f..%2fpackage.json',
        '/uploads/solicitudes/%2e%2e/%2e%2e/package.json',
        '/uploads/solicitudes/..%5c..%5cpackage.json',
        '/uploads/..%2f1764000000000-fuera.png',
        '/uploads/solicitudes/..%2f..%2f1764000000000-fuera.png',
        '/uploads/solicitudes/%2e%2e%2f%2e%2e%2f1764000000000-fuera.png',
        '/uploads/1764000000000-raiz.png',
        '/uploads/privado/1764000000000-interno.png',
        '/uploads/solicitudes/.env',
        '/uploads/solicitudes/.1b4e28ba-2fa1-11d2-883f-0016d3cca427.part',
        '/uploads/solicitudes/1764000000000-pagina.html',
      ])('answers %s with 404 and nothing from the disk', async (path) => {
        const response = await rawGet(t.app.getHttpServer() as Server, path);

        expect(response.status).toBe(404);
        expect(JSON.parse(response.body)).toEqual(NOT_FOUND);
      });
    });
  });

  describe('readiness', () => {
    let t: TestApp;
    let own: StorageUnderTest;

    // A storage of its own: taking Azure's container away loses what is in it.
    beforeAll(async () => {
      own = await startStorage(backend);
      t = await startTestApp({ env: own.env });
    });
    afterAll(async () => {
      await t.close();
      await own.stop();
    });

    it('reports the storage up beside the database', async () => {
      const response = await t.http.get('/api/health/ready');

      expect(response.status).toBe(200);
      expect(response.body.details).toMatchObject({ database: { status: 'up' }, storage: { status: 'up' } });
    });

    it('answers 503 naming the storage while it cannot be reached, and 200 once it is back', async () => {
      await own.makeUnreachable();
      try {
        const response = await t.http.get('/api/health/ready');

        expect(response.status).toBe(503);
        expect(response.body).toMatchObject({
          status: 'error',
          error: { storage: { status: 'down', estado: 'no_disponible', motivo: expect.any(String) } },
          info: { database: { status: 'up' } },
        });
      } finally {
        await own.restore();
      }
      expect((await t.http.get('/api/health/ready')).status).toBe(200);
    });
  });
});
