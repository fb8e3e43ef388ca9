import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** With WEBHOOKS_ALLOW_PRIVATE_TARGETS=false (production's default), a webhook reaches public addresses only. */
describe('POST /api/webhooks refuses targets inside the network (SSRF)', () => {
  let t: TestApp;
  let superAdmin: Empleado;

  beforeAll(async () => {
    t = await startTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'false' } });
    superAdmin = await t.factories.superAdmin();
  });
  afterAll(() => t.close());

  const crear = async (url: string) =>
    t.http.post('/api/webhooks').set('Authorization', `Bearer ${await t.idp.token(superAdmin.idp_oid)}`).send({ url, eventos: ['solicitud.creada'] });

  it.each([
    ['loopback', 'https://127.0.0.1/hook'],
    ['loopback elsewhere in 127/8', 'https://127.1.2.3:8443/hook'],
    ['a private RFC 1918 address', 'https://10.1.2.3/hook'],
    ['another private range', 'https://192.168.1.10/hook'],
    ['the cloud metadata endpoint (link-local)', 'http://169.254.169.254/latest/meta-data/'],
    ['CGNAT', 'https://100.64.0.1/hook'],
    ['the unspecified address', 'https://0.0.0.0/hook'],
    ['IPv6 loopback', 'https://[::1]/hook'],
    ['an IPv6 unique local address', 'https://[fd00::1]/hook'],
    ['an IPv4-mapped IPv6 private address', 'https://[::ffff:10.0.0.1]/hook'],
    ['a name that resolves to loopback', 'https://localhost/hook'],
  ])('refuses %s with 400 url_no_permitida naming url', async (_case, url) => {
    const response = await crear(url);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      code: 'url_no_permitida',
      message: 'La URL indicada en url no está permitida.',
      errores: [{ campo: 'url', mensaje: 'debe apuntar a una dirección pública de Internet (no a una red local, privada o de la propia máquina).' }],
    });
  });

  it('takes a public address, and nothing was stored for the refused ones', async () => {
    const response = await crear('https://93.184.215.14/hook');
    expect(response.status).toBe(201);
    const lista = await t.http.get('/api/webhooks').set('Authorization', `Bearer ${await t.idp.token(superAdmin.idp_oid)}`);
    expect(lista.body.data.map((w: { url: string }) => w.url)).toEqual(['https://93.184.215.14/hook']);
  });
});
