import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { captureLogs, type CapturedLogs } from '../support/captured-logs.js';
import { ProbeModule } from '../support/probe.module.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { getBytes, pdf, uploadedUrl } from '../support/upload-fixtures.js';

const BASE = 'https://ess.example.com';

/** What the application writes to its log at level info: the text a log collector receives. */
describe('request logs keep secrets out', () => {
  let t: TestApp;
  let logs: CapturedLogs;
  let ana: Empleado;
  const token = (who: Empleado) => t.idp.token(who.idp_oid);

  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_BASE_URL: BASE }, extraModules: [ProbeModule] });
    logs = captureLogs(t.app);
    ana = await t.factories.empleado();
  });
  afterAll(() => t.close());
  beforeEach(() => logs.clear());

  it("logs a calendar feed's request with its key hidden, also when the key is refused", async () => {
    const created = await t.http.post('/api/calendario/enlace').set('Authorization', `Bearer ${await token(ana)}`);
    expect(created.status).toBe(201);
    const feed = new URL(created.body.data.url as string);
    const key = feed.searchParams.get('clave')!;

    expect((await t.http.get(feed.pathname + feed.search)).status).toBe(200);
    expect((await t.http.get(`${feed.pathname}?clave=${key.slice(0, -1)}x`)).status).toBe(404);

    const logged = await logs.requestLines('/api/calendario.ics?clave=[redacted]', 2);
    expect(logged.map((line) => line.res?.statusCode)).toEqual([200, 404]);
    expect(logs.text).not.toContain(key.slice(0, -1));
  });

  it('logs a signed link to a private file with its signature hidden and its expiry shown', async () => {
    const admin = await t.factories.admin();
    const nomina = await uploadedUrl(t.http, await token(admin), 'documento', 'nomina.pdf', pdf());
    const published = await t.http.post('/api/documentos').set('Authorization', `Bearer ${await token(admin)}`).send({ id_empleado: ana.id_empleado, titulo: 'Nómina', url: nomina });
    expect(published.status).toBe(201);
    const listed = await t.http.get('/api/documentos').set('Authorization', `Bearer ${await token(ana)}`);
    const signed = new URL(listed.body.data[0].url as string);
    const [firma, expira] = [signed.searchParams.get('firma')!, signed.searchParams.get('expira')!];

    expect((await getBytes(t.http, signed.pathname + signed.search)).status).toBe(200);

    expect(await logs.requestLines(`${signed.pathname}?firma=[redacted]&expira=${expira}`)).toMatchObject([{ req: { method: 'GET' }, res: { statusCode: 200 } }]);
    expect(logs.text).not.toContain(firma);
  });

  it('logs a request with its bearer token, cookie and any token a client put in the URL hidden, and the fields it always had', async () => {
    const bearer = await token(ana);
    const response = await t.http
      .get(`/api/empleados/me?access_token=${bearer}`)
      .set('Authorization', `Bearer ${bearer}`)
      .set('Cookie', 'sesion=galleta-secreta')
      .set('Referer', `${BASE}/?code=codigo-secreto&state=abc`)
      .set('X-Request-Id', 'peticion-1');
    expect(response.status).toBe(200);

    const [line] = await logs.requestLines('/api/empleados/me?access_token=[redacted]');
    expect(logs.text).not.toContain(bearer);
    expect(logs.text).not.toContain('galleta-secreta');
    expect(logs.text).not.toContain('codigo-secreto');
    expect(line).toMatchObject({
      req: {
        id: 'peticion-1',
        method: 'GET',
        headers: { authorization: '[redacted]', cookie: '[redacted]', referer: `${BASE}/?code=[redacted]&state=abc`, 'x-request-id': 'peticion-1' },
      },
      res: { statusCode: 200, headers: { 'x-request-id': 'peticion-1' } },
    });
    expect(line.req!.remoteAddress).toMatch(/127\.0\.0\.1/);
    expect(line.responseTime).toEqual(expect.any(Number));
  });

  it('logs a request refused before it reaches a route, with the request id it was answered with', async () => {
    const response = await t.http.delete('/api/empleados/me?access_token=secreto-en-la-url').set('X-Request-Id', 'peticion-405');
    expect(response.status).toBe(405);
    expect(response.headers['x-request-id']).toBe('peticion-405');

    expect(await logs.requestLines('/api/empleados/me?access_token=[redacted]')).toMatchObject([{ req: { id: 'peticion-405', method: 'DELETE' }, res: { statusCode: 405 } }]);
    expect(logs.text).not.toContain('secreto-en-la-url');
  });

  it('keeps the key out of the error logged for a 500 and out of the line of a 4xx', async () => {
    const key = 'clave-que-no-debe-verse-0123456789';
    expect((await t.http.get(`/api/__probe/crash?clave=${key}&otra=1`).set('Authorization', `Bearer ${await token(ana)}`)).status).toBe(500);
    expect((await t.http.get(`/api/calendario.ics?cl%61ve=${key}`)).status).toBe(404);

    expect(await logs.requestLines('/api/__probe/crash?clave=[redacted]&otra=1')).toMatchObject([{ res: { statusCode: 500 } }]);
    expect(await logs.requestLines('/api/calendario.ics?cl%61ve=[redacted]')).toMatchObject([{ res: { statusCode: 404 } }]);
    expect(logs.text).not.toContain(key);
    const filterLine = logs.lines().find((line) => line.context === 'Error');
    expect(filterLine).toMatchObject({ msg: expect.stringContaining('boom'), req: { url: '/api/__probe/crash?clave=[redacted]&otra=1' } });
  });
});
