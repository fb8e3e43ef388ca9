import { createHash, randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import type { Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { join } from 'node:path';
import { BACKENDS, pathOfUrl, startStorage, type StorageUnderTest } from '../support/storage-under-test.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';
import {
  docx,
  type FilePart,
  getBytes,
  gif,
  HOSTILE,
  jpeg,
  mp4,
  multipart,
  pdf,
  png,
  pngOfSize,
  webp,
  xlsx,
} from '../support/upload-fixtures.js';

const BASE_URL = 'https://ess.example.com';
const ALL_FOLDERS_PUBLIC = 'solicitudes,comunicados,documentos';
const INVALID_FILE = { success: false, message: 'No se adjuntó ningún archivo o el archivo no es válido.' };
const TOO_LARGE = { success: false, message: 'El archivo supera el tamaño máximo permitido.' };
const STORAGE_FAILURE = { success: false, message: 'Error interno al procesar el archivo subido.' };
const FORBIDDEN = { message: 'No tienes permisos para acceder a este recurso.' };
const INVALID_TOKEN = {
  message: 'Acceso denegado: el token de autenticación es inválido, ha expirado o no fue proporcionado.',
  code: 'invalid_auth_token',
};

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

type Endpoint = 'solicitud' | 'comunicado' | 'documento';

interface Harness {
  t: TestApp;
  storage: StorageUnderTest;
  upload(endpoint: Endpoint, token: string | undefined, ...parts: FilePart[]): ReturnType<TestApp['http']['post']>;
  /** Every entry in storage, temporary ones included. */
  storedFiles(): Promise<string[]>;
  /** The stored bytes behind a returned URL. */
  bytesBehind(url: string): Promise<Buffer>;
}

async function startHarness(storage: StorageUnderTest, env: Record<string, string> = {}): Promise<Harness> {
  // Every folder public, as the spec has it: these tests are about storing and serving, archivos-acceso about who may read.
  const t = await startTestApp({ env: { PUBLIC_BASE_URL: BASE_URL, UPLOADS_PUBLIC_FOLDERS: ALL_FOLDERS_PUBLIC, ...storage.env, ...env } });
  return {
    t,
    storage,
    upload(endpoint, token, ...parts) {
      const { body, contentType } = multipart(parts);
      const request = t.http.post(`/api/uploads/${endpoint}`).set('Content-Type', contentType);
      if (token) request.set('Authorization', `Bearer ${token}`);
      return request.send(body);
    },
    storedFiles: () => storage.stored(),
    bytesBehind: (url) => storage.bytes(pathOfUrl(url)),
  };
}

const created = (folder: string, name: string) => ({
  success: true,
  message: 'Archivo subido correctamente.',
  url: expect.stringMatching(new RegExp(`^${BASE_URL}/uploads/${folder}/\\d{13}-${name.replace(/\./g, '\\.')}$`)),
});

describe.each(BACKENDS)('%s storage', (backend) => {
  let storage: StorageUnderTest;
  beforeAll(async () => {
    storage = await startStorage(backend);
  });
  afterAll(() => storage.stop());

  describe('POST /api/uploads/*', () => {
    let h: Harness;
    let empleado: string;
    let admin: string;
    let superAdmin: string;

    beforeAll(async () => {
      h = await startHarness(storage);
      empleado = await h.t.idp.token((await h.t.factories.empleado()).idp_oid);
      admin = await h.t.idp.token((await h.t.factories.admin()).idp_oid);
      superAdmin = await h.t.idp.token((await h.t.factories.superAdmin()).idp_oid);
    });
    afterAll(() => h.t.close());

    describe('accepted files', () => {
      it.each([
        ['a PNG', 'foto.png', png(), 'image/png'],
        ['a JPEG named .jpg', 'foto.jpg', jpeg(), 'image/jpeg'],
        ['a JPEG named .jpeg', 'foto.jpeg', jpeg(), 'image/jpeg'],
        ['a GIF', 'animacion.gif', gif(), 'image/gif'],
        ['a WebP', 'imagen.webp', webp(), 'image/webp'],
        ['a PDF', 'justificante.pdf', pdf(), 'application/pdf'],
        ['a DOCX', 'carta.docx', docx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
        ['an XLSX', 'horas.xlsx', xlsx(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ])('stores %s from an employee byte for byte and serves it at the returned URL', async (_kind, filename, content, mime) => {
        const response = await h.upload('solicitud', empleado, { filename, content });

        expect(response.status).toBe(201);
        expect(response.body).toEqual(created('solicitudes', filename));
        expect(await h.bytesBehind(response.body.url)).toEqual(content);
        const served = await getBytes(h.t.http, new URL(response.body.url).pathname);
        expect(served.status).toBe(200);
        expect(served.headers['content-type']).toBe(mime);
        expect(served.body).toEqual(content);
      });

      it('stores a file far larger than the bytes its type is judged by, byte for byte', async () => {
        const content = Buffer.concat([png(), randomBytes(3 * 1024 * 1024)]);

        const response = await h.upload('solicitud', empleado, { filename: 'grande.png', content });

        expect(response.status).toBe(201);
        // Compared as digests: Jest's deep equality walks a 3 MiB buffer byte by byte for seconds.
        expect(sha256(await h.bytesBehind(response.body.url))).toBe(sha256(content));
      });

      it('accepts an MP4 for an announcement', async () => {
        const response = await h.upload('comunicado', admin, { filename: 'video.mp4', content: mp4() });

        expect(response.status).toBe(201);
        expect(response.body).toEqual(created('comunicados', 'video.mp4'));
        expect(await h.bytesBehind(response.body.url)).toEqual(mp4());
      });

      it.each(['solicitud', 'documento'] as const)('refuses an MP4 on /%s, where video is not accepted', async (endpoint) => {
        const before = await h.storedFiles();

        const response = await h.upload(endpoint, admin, { filename: 'video.mp4', content: mp4() });

        expect(response.status).toBe(400);
        expect(response.body).toEqual(INVALID_FILE);
        expect(await h.storedFiles()).toEqual(before);
      });

      it('stores documents uploaded by an admin and by a super admin in the documents folder', async () => {
        const byAdmin = await h.upload('documento', admin, { filename: 'nomina.pdf', content: pdf() });
        const bySuperAdmin = await h.upload('documento', superAdmin, { filename: 'contrato.docx', content: docx() });

        expect([byAdmin.status, bySuperAdmin.status]).toEqual([201, 201]);
        expect(byAdmin.body).toEqual(created('documentos', 'nomina.pdf'));
        expect(bySuperAdmin.body).toEqual(created('documentos', 'contrato.docx'));
      });
    });

    describe('access', () => {
      it.each(['comunicado', 'documento'] as const)('answers an employee on /%s with 403 and stores nothing', async (endpoint) => {
        const before = await h.storedFiles();

        const response = await h.upload(endpoint, empleado, { filename: 'foto.png', content: png() });

        expect(response.status).toBe(403);
        expect(response.body).toEqual(FORBIDDEN);
        expect(await h.storedFiles()).toEqual(before);
      });

      it.each(['solicitud', 'comunicado', 'documento'] as const)('answers /%s without a token with 401 and stores nothing', async (endpoint) => {
        const before = await h.storedFiles();

        const response = await h.upload(endpoint, undefined, { filename: 'foto.png', content: png() });

        expect(response.status).toBe(401);
        expect(response.body).toEqual(INVALID_TOKEN);
        expect(await h.storedFiles()).toEqual(before);
      });
    });

    describe('refused content', () => {
      it.each([
        ['an HTML page', 'pagina.html', HOSTILE.html],
        ['an HTML page named .png', 'foto.png', HOSTILE.html],
        ['an SVG image', 'logo.svg', HOSTILE.svg],
        ['plain text', 'notas.txt', HOSTILE.text],
        ['plain text named .pdf', 'notas.pdf', HOSTILE.text],
        ['a shell script', 'instalar.sh', HOSTILE.shell],
        ['an ELF executable', 'programa', HOSTILE.elf],
        ['a Windows executable', 'setup.exe', HOSTILE.pe],
        ['a Windows executable named .pdf', 'factura.pdf', HOSTILE.pe],
        ['a plain ZIP named .docx', 'informe.docx', HOSTILE.plainZip],
        ['a PNG named .html', 'foto.html', png()],
        ['a JPEG named .png', 'foto.png', jpeg()],
        ['a PDF named .docx', 'carta.docx', pdf()],
        ['an empty file', 'vacio.png', Buffer.alloc(0)],
      ])('refuses %s with 400 and stores nothing', async (_kind, filename, content) => {
        const before = await h.storedFiles();

        const response = await h.upload('solicitud', empleado, { filename, content });

        expect(response.status).toBe(400);
        expect(response.body).toEqual(INVALID_FILE);
        expect(await h.storedFiles()).toEqual(before);
      });
    });

    describe('malformed requests', () => {
      const post = (contentType: string, body: string | Buffer) =>
        h.t.http.post('/api/uploads/solicitud').set('Authorization', `Bearer ${empleado}`).set('Content-Type', contentType).send(body);

      it('refuses a form without any part', async () => {
        const response = await post('multipart/form-data; boundary=vacio', '--vacio--\r\n');
        expect(response.status).toBe(400);
        expect(response.body).toEqual(INVALID_FILE);
      });

      it('refuses a form whose only part is a text field named file', async () => {
        const body = '--b\r\nContent-Disposition: form-data; name="file"\r\n\r\nfoto.png\r\n--b--\r\n';
        const response = await post('multipart/form-data; boundary=b', body);
        expect(response.status).toBe(400);
        expect(response.body).toEqual(INVALID_FILE);
      });

      it('refuses a file sent under another part name', async () => {
        const response = await h.upload('solicitud', empleado, { field: 'archivo', filename: 'foto.png', content: png() });
        expect(response.status).toBe(400);
        expect(response.body).toEqual(INVALID_FILE);
      });

      it('refuses two files and stores neither', async () => {
        const before = await h.storedFiles();

        const response = await h.upload('solicitud', empleado, { filename: 'una.png', content: png() }, { filename: 'otra.png', content: png() });

        expect(response.status).toBe(400);
        expect(response.body).toEqual(INVALID_FILE);
        expect(await h.storedFiles()).toEqual(before);
      });

      it.each([
        ['JSON', 'application/json', JSON.stringify({ file: 'foto.png' })],
        ['plain text', 'text/plain', 'foto.png'],
        ['raw PNG', 'image/png', png()],
        ['multipart/mixed', 'multipart/mixed; boundary=b', '--b--\r\n'],
        ['multipart without a boundary', 'multipart/form-data', '--b--\r\n'],
      ])('refuses a %s body', async (_kind, contentType, body) => {
        const response = await post(contentType, body);
        expect(response.status).toBe(400);
        expect(response.body).toEqual(INVALID_FILE);
      });

      /** The file part, then `extra` raw parts. */
      const fileWith = (...extra: string[]) => {
        const head = '--b\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n';
        return Buffer.concat([Buffer.from(head), png(), Buffer.from(`\r\n${extra.map((part) => `--b\r\n${part}\r\n`).join('')}--b--\r\n`)]);
      };
      const textField = (name: string, value: string) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`;

      it.each([
        ['eleven text fields', Array.from({ length: 11 }, (_, i) => textField(`campo${i}`, 'x'))],
        ['a text field over 1 KiB', [textField('nota', 'x'.repeat(1025))]],
        ['eleven parts without a Content-Disposition (skipped, so not fields)', Array.from({ length: 11 }, () => 'X-Relleno: 1\r\n\r\nx')],
      ])('refuses a file sent with %s and stores nothing', async (_kind, extra) => {
        const before = await h.storedFiles();
        expect((await post('multipart/form-data; boundary=b', fileWith(textField('nota', 'x')))).status).toBe(201);
        const stored = await h.storedFiles();

        const response = await post('multipart/form-data; boundary=b', fileWith(...extra));

        expect(response.status).toBe(400);
        expect(response.body).toEqual(INVALID_FILE);
        expect(await h.storedFiles()).toEqual(stored);
        expect(stored).toHaveLength(before.length + 1);
      });

      it('removes the partial file when the client goes away in the middle of it', async () => {
        const before = await h.storedFiles();
        const { body, contentType } = multipart([{ filename: 'a-medias.png', content: pngOfSize(2 * 1024 * 1024) }]);
        const server = h.t.app.getHttpServer() as Server;
        if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
        socket.on('error', () => undefined);
        socket.write(
          `POST /api/uploads/solicitud HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${empleado}\r\n` +
            `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
        );
        socket.write(body.subarray(0, 1024 * 1024));

        // The upload is under way once its name is claimed.
        await waitFor(async () => (await h.storedFiles()).length > before.length);
        socket.destroy();

        await waitFor(async () => JSON.stringify(await h.storedFiles()) === JSON.stringify(before));
      });

      it('refuses a form cut off in the middle of the file and stores nothing', async () => {
        const before = await h.storedFiles();
        const { body, contentType } = multipart([{ filename: 'foto.png', content: png() }]);

        const response = await post(contentType, body.subarray(0, body.length - 30));

        expect(response.status).toBe(400);
        expect(response.body).toEqual(INVALID_FILE);
        expect(await h.storedFiles()).toEqual(before);
      });
    });

    describe('file names', () => {
      const storedName = (url: string) => new URL(url).pathname.split('/').pop()!.replace(/^\d{13}-/, '');

      it.each([
        ['a path climbing out of the folder', '../../etc/passwd.png', 'passwd.png'],
        ['a Windows path', '..\\..\\Windows\\win.png', 'win.png'],
        ['accents and spaces', 'Nómina de marzo (copia).png', 'Nomina_de_marzo__copia_.png'],
        ['a right-to-left override', 'foto\u202Egnp.png', 'foto_gnp.png'],
        ['an upper-case extension', 'FOTO.PNG', 'FOTO.png'],
        ['no extension', 'captura', 'captura.png'],
        ['nothing usable', '....', 'archivo.png'],
        ['a leading dot', '.oculto.png', 'oculto.png'],
      ])('stores a name with %s safely inside its folder', async (_kind, filename, expected) => {
        const response = await h.upload('solicitud', empleado, { filename, content: png() });

        expect(response.status).toBe(201);
        expect(storedName(response.body.url)).toBe(expected);
        expect(await h.storedFiles()).toContain(`solicitudes/${new URL(response.body.url).pathname.split('/').pop()}`);
        expect(await h.bytesBehind(response.body.url)).toEqual(png());
      });

      it('stores a name with a NUL byte (sent as filename*) with the byte replaced', async () => {
        const response = await h.upload('solicitud', empleado, { filename: 'foto\0.exe.png', content: png(), encodeName: true });

        expect(response.status).toBe(201);
        expect(storedName(response.body.url)).toBe('foto_.exe.png');
      });

      it('refuses a quoted name with a raw NUL byte, which leaves the part without a file name', async () => {
        const response = await h.upload('solicitud', empleado, { filename: 'foto\0.png', content: png() });

        expect(response.status).toBe(400);
        expect(response.body).toEqual(INVALID_FILE);
      });

      it('writes nothing outside its folder for a climbing name', async () => {
        const response = await h.upload('solicitud', empleado, { filename: '../etc/passwd.png', content: png(), encodeName: true });

        expect(response.status).toBe(201);
        expect((await h.storedFiles()).filter((path) => !/^(solicitudes|comunicados|documentos)\/\d+-[^/]+$/.test(path))).toEqual([]);
        if (h.storage.localDir) expect(() => statSync(join(h.storage.localDir!, '..', 'etc', 'passwd.png'))).toThrow(/ENOENT/);
        const served = await h.t.http.get(new URL(response.body.url).pathname);
        expect(served.status).toBe(200);
      });

      it('keeps at most 120 characters of a 300-character name, extension included', async () => {
        const response = await h.upload('solicitud', empleado, { filename: `${'a'.repeat(296)}.png`, content: png() });

        expect(response.status).toBe(201);
        expect(storedName(response.body.url)).toBe(`${'a'.repeat(116)}.png`);
      });

      it('keeps both of two same-name uploads sent at once', async () => {
        const [first, second] = [pngOfSize(200), pngOfSize(300)];

        const responses = await Promise.all([
          h.upload('solicitud', empleado, { filename: 'mismo.png', content: first }),
          h.upload('solicitud', empleado, { filename: 'mismo.png', content: second }),
        ]);

        expect(responses.map((response) => response.status)).toEqual([201, 201]);
        expect(responses[0].body.url).not.toBe(responses[1].body.url);
        expect(await h.bytesBehind(responses[0].body.url)).toEqual(first);
        expect(await h.bytesBehind(responses[1].body.url)).toEqual(second);
      });

      it('never overwrites a stored file, even when every nearby timestamp is taken', async () => {
        const now = Date.now();
        const taken = Array.from({ length: 2000 }, (_, i) => `${now + i}-ocupado.png`);
        for (let i = 0; i < taken.length; i += 100) await Promise.all(taken.slice(i, i + 100).map((name) => h.storage.plant(`solicitudes/${name}`, name)));

        const response = await h.upload('solicitud', empleado, { filename: 'ocupado.png', content: png() });

        expect(response.status).toBe(201);
        expect(taken).not.toContain(new URL(response.body.url).pathname.split('/').pop());
        expect(await h.bytesBehind(response.body.url)).toEqual(png());
        for (const name of taken.slice(0, 20)) expect((await h.storage.bytes(`solicitudes/${name}`)).toString()).toBe(name);
      });
    });
  });

  describe('POST /api/uploads/* with UPLOAD_MAX_BYTES=2048', () => {
    let h: Harness;
    let empleado: string;

    beforeAll(async () => {
      h = await startHarness(storage, { UPLOAD_MAX_BYTES: '2048' });
      empleado = await h.t.idp.token((await h.t.factories.empleado()).idp_oid);
    });
    afterAll(() => h.t.close());

    it('accepts a file of exactly the limit', async () => {
      const response = await h.upload('solicitud', empleado, { filename: 'limite.png', content: pngOfSize(2048) });

      expect(response.status).toBe(201);
      expect(await h.bytesBehind(response.body.url)).toEqual(pngOfSize(2048));
    });

    it.each([
      ['one byte over the limit', 2049],
      ['far over the limit', 1024 * 1024],
    ])('refuses a file %s with 413 and leaves nothing on disk', async (_kind, size) => {
      const before = await h.storedFiles();

      const response = await h.upload('solicitud', empleado, { filename: 'grande.png', content: pngOfSize(size) });

      expect(response.status).toBe(413);
      expect(response.body).toEqual(TOO_LARGE);
      expect(await h.storedFiles()).toEqual(before);
    });
  });

  describe('POST /api/uploads/* while the storage cannot be reached', () => {
    let h: Harness;
    let admin: string;

    // A storage of its own: taking Azure's container away loses what is in it.
    beforeAll(async () => {
      h = await startHarness(await startStorage(backend));
      admin = await h.t.idp.token((await h.t.factories.admin()).idp_oid);
      await h.upload('documento', admin, { filename: 'anterior.pdf', content: pdf() });
    });
    afterAll(async () => {
      await h.t.close();
      await h.storage.stop();
    });

    it('answers a failed write with 500 and leaves no file behind', async () => {
      const before = await h.storedFiles();
      await h.storage.makeUnreachable();
      try {
        const response = await h.upload('documento', admin, { filename: 'nomina.pdf', content: pdf() });

        expect(response.status).toBe(500);
        expect(response.body).toEqual(STORAGE_FAILURE);
      } finally {
        await h.storage.restore();
      }
      expect(await h.storedFiles()).toEqual(before);
    });
  });
});
