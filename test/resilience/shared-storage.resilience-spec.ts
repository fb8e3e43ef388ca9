import { createHash } from 'node:crypto';
import { startAzurite, type Azurite } from '../support/azurite.js';
import { mp4, multipart, pngOfSize } from '../support/upload-fixtures.js';
import { ROL_ADMINISTRADOR } from './support/seed.js';
import { TwoInstances } from './support/two-instances.js';

/** Headers a file answer carries that must not depend on which instance sends it. */
const FILE_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'accept-ranges',
  'cache-control',
  'x-content-type-options',
  'content-security-policy',
  'cross-origin-resource-policy',
  'content-disposition',
];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Served {
  status: number;
  headers: Record<string, string | null>;
  bytes: Buffer;
}

async function fetchFile(url: string, headers: Record<string, string> = {}): Promise<Served> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(15_000) });
  return {
    status: response.status,
    headers: Object.fromEntries(FILE_HEADERS.map((name) => [name, response.headers.get(name)])),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

async function upload(baseUrl: string, token: string, endpoint: string, filename: string, content: Buffer): Promise<string> {
  const { body, contentType } = multipart([{ filename, content }]);
  const response = await fetch(`${baseUrl}/api/uploads/${endpoint}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
    signal: AbortSignal.timeout(15_000),
  });
  const answer = (await response.json()) as { url: string };
  expect(response.status).toBe(201);
  return new URL(answer.url).pathname;
}

/** STORAGE=azure: every instance reads what any instance stored, at the same URL. */
describe('two instances on one Azure Blob container (Azurite)', () => {
  let azurite: Azurite;
  let env: TwoInstances;
  beforeAll(async () => {
    azurite = await startAzurite();
    env = new TwoInstances({ STORAGE: 'azure', AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString, AZURE_STORAGE_CONTAINER: 'uploads' });
    await env.start();
  }, 90_000);
  afterAll(async () => {
    await env?.stop();
    await azurite?.stop();
  });

  it('serves a file uploaded through one instance from the other with identical bytes and headers', () =>
    env.run(async () => {
      const token = await env.idp.token((await env.seed.empleado()).oid);
      const content = pngOfSize(3 * 1024 * 1024);
      const path = await upload(env.url(0), token, 'solicitud', 'justificante.png', content);

      const owner = { authorization: `Bearer ${token}` };
      const [fromA, fromB] = [await fetchFile(`${env.url(0)}${path}`, owner), await fetchFile(`${env.url(1)}${path}`, owner)];

      // Compared as digests: Jest's deep equality walks a 3 MiB buffer byte by byte for seconds.
      expect(fromB.status).toBe(200);
      expect(sha256(fromB.bytes)).toBe(sha256(content));
      expect(sha256(fromA.bytes)).toBe(sha256(content));
      expect({ status: fromB.status, headers: fromB.headers }).toEqual({ status: fromA.status, headers: fromA.headers });
      expect(fromB.headers).toMatchObject({ 'content-type': 'image/png', 'content-length': String(content.length) });
    }));

  it('hides a private file from a caller without a token on either instance, with the same answer', () =>
    env.run(async () => {
      const token = await env.idp.token((await env.seed.empleado()).oid);
      const path = await upload(env.url(0), token, 'solicitud', 'baja.png', pngOfSize(1024));

      const [fromA, fromB] = [await fetchFile(`${env.url(0)}${path}`), await fetchFile(`${env.url(1)}${path}`)];

      expect(fromA.status).toBe(404);
      expect(fromA.headers['cache-control']).toBe('private, no-store');
      expect({ status: fromB.status, headers: fromB.headers }).toEqual({ status: fromA.status, headers: fromA.headers });
    }));

  it('serves the same byte range of a video from either instance', () =>
    env.run(async () => {
      const token = await env.idp.token((await env.seed.empleado(ROL_ADMINISTRADOR)).oid);
      const path = await upload(env.url(1), token, 'comunicado', 'presentacion.mp4', mp4());

      const [fromA, fromB] = [
        await fetchFile(`${env.url(0)}${path}`, { range: 'bytes=4-11' }),
        await fetchFile(`${env.url(1)}${path}`, { range: 'bytes=4-11' }),
      ];

      expect(fromA.status).toBe(206);
      expect(fromA.bytes.toString('latin1')).toBe('ftypisom');
      expect(fromB).toEqual(fromA);
    }));

  it('reports both instances ready with the storage up', () =>
    env.run(async () => {
      for (const i of [0, 1]) {
        const response = await fetch(`${env.url(i)}/api/health/ready`);
        expect(response.status).toBe(200);
        expect(((await response.json()) as { details: Record<string, unknown> }).details).toMatchObject({ storage: { status: 'up' } });
      }
    }));
});
