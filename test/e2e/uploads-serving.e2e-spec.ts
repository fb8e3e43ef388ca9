import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config.js';
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

describe('GET /uploads/*', () => {
  let t: TestApp;
  let uploadsDir: string;
  const paths: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp();
    uploadsDir = t.app.get<AppConfig>(APP_CONFIG).uploadsDir;
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

  it('answers a POST to a stored file with 404', async () => {
    const response = await t.http.post(paths.png);
    expect(response.status).toBe(404);
    expect(response.body).toEqual(NOT_FOUND);
  });

  describe('files the service did not store or must not serve', () => {
    const CANARY = 'secreto';
    const outside = () => join(dirname(uploadsDir), '1764000000000-fuera.png');

    beforeAll(() => {
      writeFileSync(outside(), CANARY);
      writeFileSync(join(uploadsDir, '1764000000000-raiz.png'), CANARY);
      mkdirSync(join(uploadsDir, 'privado'), { recursive: true });
      writeFileSync(join(uploadsDir, 'privado', '1764000000000-interno.png'), CANARY);
      for (const name of ['.env', '.1b4e28ba-2fa1-11d2-883f-0016d3cca427.part', '1764000000000-pagina.html']) {
        writeFileSync(join(uploadsDir, 'solicitudes', name), CANARY);
      }
    });
    afterAll(() => rmSync(outside(), { force: true }));

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
