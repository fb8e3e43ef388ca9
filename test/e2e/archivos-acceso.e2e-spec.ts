import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { FILE_SIGNING_KEY } from '../../src/uploads/access/file-signing-key.js';
import { SIGNED_LINK_VALIDITY_SECONDS, signLink } from '../../src/uploads/access/signed-link.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { getBytes, pdf, png, uploadedUrl } from '../support/upload-fixtures.js';

const NOT_FOUND = { success: false, message: 'El recurso solicitado no existe.', code: 'recurso_no_encontrado' };
const PRIVATE = 'private, no-store';

describe('who may read an uploaded file', () => {
  let t: TestApp;
  let admin: Empleado;
  let ana: Empleado;
  let luis: Empleado;
  /** Ana's own request attachment. */
  let adjunto: string;
  /** A payslip an admin uploaded and published for Ana. */
  let nomina: string;
  let cartel: string;
  const payslip = pdf();

  const tokenOf = (who: Empleado) => t.idp.token(who.idp_oid);
  const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;
  const read = async (url: string, who?: Empleado) => {
    const request = getBytes(t.http, pathOf(url));
    return who ? request.set('Authorization', `Bearer ${await tokenOf(who)}`) : request;
  };
  const expectHidden = (response: Awaited<ReturnType<typeof read>>) => {
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body.toString())).toEqual(NOT_FOUND);
    expect(response.headers['cache-control']).toBe(PRIVATE);
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.factories.admin();
    ana = await t.factories.empleado();
    luis = await t.factories.empleado();
    adjunto = await uploadedUrl(t.http, await tokenOf(ana), 'solicitud', 'justificante.pdf', pdf());
    nomina = await uploadedUrl(t.http, await tokenOf(admin), 'documento', 'nomina.pdf', payslip);
    cartel = await uploadedUrl(t.http, await tokenOf(admin), 'comunicado', 'cartel.png', png());
    const published = await t.http
      .post('/api/documentos')
      .set('Authorization', `Bearer ${await tokenOf(admin)}`)
      .send({ id_empleado: ana.id_empleado, titulo: 'Nómina', url: nomina });
    expect(published.status).toBe(201);
  });
  afterAll(() => t.close());

  it('hides a private file from a request without a token: the same 404 as a name that does not exist, never cached', async () => {
    expectHidden(await read(nomina));
    expectHidden(await read(adjunto));
    expectHidden(await read(nomina.replace(/\d{13}-/, '1000000000000-')));
  });

  it('sends a private file to its uploader and to the employee a document is for, never to a shared cache', async () => {
    const own = await read(adjunto, ana);
    expect(own.status).toBe(200);
    expect(own.body).toEqual(pdf());
    expect(own.headers['cache-control']).toBe(PRIVATE);

    const document = await read(nomina, ana);
    expect(document.status).toBe(200);
    expect(document.body).toEqual(payslip);
  });

  it('hides a private file from another employee, and from a token that fails', async () => {
    expectHidden(await read(adjunto, luis));
    expectHidden(await read(nomina, luis));
    expectHidden(await getBytes(t.http, pathOf(nomina)).set('Authorization', 'Bearer not-a-token'));
  });

  it('sends any private file to admins', async () => {
    const response = await read(adjunto, admin);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(pdf());
  });

  it("opens a private file through the signed link the API returns, without a token, to anyone holding it", async () => {
    const list = await t.http.get('/api/documentos').set('Authorization', `Bearer ${await tokenOf(ana)}`);
    const signed: string = list.body.data[0].url;
    expect(signed).toMatch(/\?firma=[A-Za-z0-9_-]{43}&expira=\d{10}$/);

    const response = await read(signed);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(payslip);
    expect(response.headers['cache-control']).toBe(PRIVATE);
  });

  it('refuses a signed link that expired, was changed, or belongs to another file', async () => {
    const key = t.app.get<Buffer>(FILE_SIGNING_KEY);
    const file = { folder: 'documentos', name: new URL(nomina).pathname.split('/').pop()! } as const;
    const expired = signLink(key, file, Date.now() - (SIGNED_LINK_VALIDITY_SECONDS + 1) * 1000);
    expectHidden(await read(`${nomina}?firma=${expired.firma}&expira=${expired.expira}`));

    const fresh = signLink(key, file, Date.now());
    expect((await read(`${nomina}?firma=${fresh.firma}&expira=${fresh.expira}`)).status).toBe(200);
    const changed = `${fresh.firma.slice(0, 10)}${fresh.firma[10] === 'A' ? 'B' : 'A'}${fresh.firma.slice(11)}`;
    expectHidden(await read(`${nomina}?firma=${changed}&expira=${fresh.expira}`));
    expectHidden(await read(`${nomina}?firma=${fresh.firma}&expira=${Number(fresh.expira) + 3600}`));
    expectHidden(await read(`${adjunto}?firma=${fresh.firma}&expira=${fresh.expira}`));
  });

  it('sends announcement files to anyone, without a token, cacheable for a year', async () => {
    const response = await read(cartel);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(png());
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await getBytes(t.http, pathOf(cartel)).set('Authorization', 'Bearer not-a-token')).status).toBe(200);
  });
});

describe('UPLOADS_PUBLIC_FOLDERS', () => {
  it('listing every folder serves every file to anyone, as the spec has it, and returns unsigned URLs', async () => {
    const t = await startTestApp({ env: { UPLOADS_PUBLIC_FOLDERS: 'solicitudes,comunicados,documentos' } });
    try {
      const admin = await t.factories.admin();
      const ana = await t.factories.empleado();
      const nomina = await uploadedUrl(t.http, await t.idp.token(admin.idp_oid), 'documento', 'nomina.pdf', pdf());
      await t.http.post('/api/documentos').set('Authorization', `Bearer ${await t.idp.token(admin.idp_oid)}`).send({ id_empleado: ana.id_empleado, titulo: 'Nómina', url: nomina });

      const list = await t.http.get('/api/documentos').set('Authorization', `Bearer ${await t.idp.token(ana.idp_oid)}`);
      expect(list.body.data[0].url).toBe(nomina);
      const response = await getBytes(t.http, new URL(nomina).pathname);
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      await t.close();
    }
  });
});
