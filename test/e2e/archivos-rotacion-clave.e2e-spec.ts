import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { SIGNED_LINK_VALIDITY_SECONDS, signLink } from '../../src/uploads/access/signed-link.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { getBytes, pdf, uploadedUrl } from '../support/upload-fixtures.js';

/** Both made with `openssl rand -base64 48`. */
const OLD_KEY = 'pUXOWqir5kXo6PEd6ITNjIFV3zeORG56ANUe7y6v8/SKo9RHTdECxCe8RDYs7Vyq';
const NEW_KEY = 'TV2n1RPluCBfvg76TqT+00Oi28W7ZjIFC2tXRHqUmfTa4ITB0NPpPUqlug8AGCCN';

describe('rotating FILES_SIGNING_KEY with FILES_SIGNING_KEY_PREVIOUS', () => {
  const uploadsDir = mkdtempSync(join(tmpdir(), 'ess-uploads-rotation-'));
  const payslip = pdf();
  let t: TestApp | undefined;
  let ana: Empleado;
  let nomina: string;

  /** The service restarted on the same data and files with other keys, as a deployment does. */
  const restart = async (keys: Record<string, string>, keepData = true) => {
    await t?.close();
    t = await startTestApp({ env: { UPLOADS_DIR: uploadsDir, ...keys }, keepData });
    return t;
  };
  const signedLinkFor = async (app: TestApp) => {
    const list = await app.http.get('/api/documentos').set('Authorization', `Bearer ${await app.idp.token(ana.idp_oid)}`);
    return list.body.data[0].url as string;
  };
  const open = (app: TestApp, url: string) => getBytes(app.http, new URL(url).pathname + new URL(url).search);

  beforeAll(async () => {
    const first = await restart({ FILES_SIGNING_KEY: OLD_KEY }, false);
    const admin = await first.factories.admin();
    ana = await first.factories.empleado();
    nomina = await uploadedUrl(first.http, await first.idp.token(admin.idp_oid), 'documento', 'nomina.pdf', payslip);
    const published = await first.http
      .post('/api/documentos')
      .set('Authorization', `Bearer ${await first.idp.token(admin.idp_oid)}`)
      .send({ id_empleado: ana.id_empleado, titulo: 'Nómina', url: nomina });
    expect(published.status).toBe(201);
  });
  afterAll(() => t?.close());

  it('opens a link signed with the old key while FILES_SIGNING_KEY_PREVIOUS holds it, signs new links with the new key, and refuses old links once it is removed', async () => {
    const before = await restart({ FILES_SIGNING_KEY: OLD_KEY });
    const oldLink = await signedLinkFor(before);
    expect((await open(before, oldLink)).body).toEqual(payslip);

    const during = await restart({ FILES_SIGNING_KEY: NEW_KEY, FILES_SIGNING_KEY_PREVIOUS: OLD_KEY });
    const oldLinkDuring = await open(during, oldLink);
    expect(oldLinkDuring.status).toBe(200);
    expect(oldLinkDuring.body).toEqual(payslip);
    const newLink = await signedLinkFor(during);
    expect(newLink).not.toBe(oldLink);
    expect((await open(during, newLink)).body).toEqual(payslip);

    const after = await restart({ FILES_SIGNING_KEY: NEW_KEY });
    expect((await open(after, oldLink)).status).toBe(404);
    expect((await open(after, newLink)).body).toEqual(payslip);
  });

  it('refuses a link signed with the old key once it expired, even while the old key is still accepted', async () => {
    const during = await restart({ FILES_SIGNING_KEY: NEW_KEY, FILES_SIGNING_KEY_PREVIOUS: OLD_KEY });
    const file = { folder: 'documentos', name: new URL(nomina).pathname.split('/').pop()! } as const;
    const signedAt = (ms: number) => signLink(Buffer.from(OLD_KEY, 'utf8'), file, ms);
    const link = ({ firma, expira }: { firma: string; expira: string }) => `${nomina}?firma=${firma}&expira=${expira}`;

    expect((await open(during, link(signedAt(Date.now() - 60_000)))).status).toBe(200);
    expect((await open(during, link(signedAt(Date.now() - (SIGNED_LINK_VALIDITY_SECONDS + 1) * 1000)))).status).toBe(404);
  });
});
