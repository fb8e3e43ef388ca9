import { ProbeModule } from '../support/probe.module.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('HTTP behaviour shared by every endpoint', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [ProbeModule], env: { CORS_ORIGINS: 'https://portal.example.com' } });
    token = await t.idp.token((await t.factories.empleado()).idp_oid);
  });
  afterAll(() => t.close());

  const post = (body: string) =>
    t.http.post('/api/__probe/echo').set('Authorization', `Bearer ${token}`).set('Content-Type', 'application/json').send(body);

  it('sends Cache-Control: no-store on every API answer, errors included', async () => {
    const answers = await Promise.all([
      t.http.get('/api/empleados/me').set('Authorization', `Bearer ${token}`),
      t.http.get('/api/empleados/me'),
      t.http.get('/api/no-existe').set('Authorization', `Bearer ${token}`),
      post('{"nombre": '),
      t.http.get('/api/health'),
    ]);
    expect(answers.map((response) => [response.status, response.headers['cache-control']])).toEqual([
      [200, 'no-store'],
      [401, 'no-store'],
      [404, 'no-store'],
      [400, 'no-store'],
      [200, 'no-store'],
    ]);
  });

  it('answers malformed JSON with a 400 JSON envelope', async () => {
    const response = await post('{"nombre": ');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, message: 'La solicitud no es válida.', code: 'solicitud_invalida' });
  });

  it('answers a body over 1 MB with 413', async () => {
    const response = await post(JSON.stringify({ nombre: 'x'.repeat(1024 * 1024) }));
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('cuerpo_demasiado_grande');
  });

  it('rejects unknown body fields with 400 and names them', async () => {
    const response = await post(JSON.stringify({ nombre: 'Ana', id_empleado: 7 }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      message: 'Los datos enviados no son válidos.',
      code: 'validacion',
      errores: [{ campo: 'id_empleado', mensaje: 'no es un campo permitido.' }],
    });
  });

  it('reports every invalid field in Spanish', async () => {
    const response = await post(JSON.stringify({ nombre: 42 }));
    expect(response.status).toBe(400);
    expect(response.body.errores).toEqual(
      expect.arrayContaining([{ campo: 'nombre', mensaje: 'debe ser un texto.' }]),
    );
  });

  it('answers an unknown route with a 404 JSON envelope', async () => {
    const response = await t.http.get('/api/no-existe').set('Authorization', `Bearer ${token}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, message: 'El recurso solicitado no existe.', code: 'recurso_no_encontrado' });
  });

  it('answers an unexpected failure with a generic 500 and no stack trace or internals', async () => {
    const response = await t.http.get('/api/__probe/crash').set('Authorization', `Bearer ${token}`);
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ success: false, message: 'Error interno del servidor.', code: 'error_interno' });
    expect(response.text).not.toMatch(/boom|SELECT|at .*\.ts/);
  });

  it('sends security headers and no X-Powered-By', async () => {
    const response = await t.http.get('/api/health');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allows only the configured CORS origins', async () => {
    const allowed = await t.http.options('/api/empleados/me').set('Origin', 'https://portal.example.com').set('Access-Control-Request-Method', 'GET');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://portal.example.com');
    const other = await t.http.options('/api/empleados/me').set('Origin', 'https://evil.example.com').set('Access-Control-Request-Method', 'GET');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('tags every response with a request id, keeping the caller’s own', async () => {
    const given = await t.http.get('/api/health').set('X-Request-Id', 'trace-123');
    expect(given.headers['x-request-id']).toBe('trace-123');
    const generated = await t.http.get('/api/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports liveness and database readiness without a token', async () => {
    const live = await t.http.get('/api/health');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    const ready = await t.http.get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.details.database.status).toBe('up');
  });

  it('serves the OpenAPI document with the bearer scheme', async () => {
    const response = await t.http.get('/api/docs-json');
    expect(response.status).toBe(200);
    expect(response.body.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(response.body.paths['/api/empleados/me'].get.security).toEqual([{ bearer: [] }]);
    expect((await t.http.get('/api/docs')).status).toBe(200);
  });
});

describe('API_DOCS=false', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { API_DOCS: 'false' } });
  });
  afterAll(() => t.close());

  it('turns the OpenAPI UI and JSON off', async () => {
    expect((await t.http.get('/api/docs-json')).status).toBe(404);
    expect((await t.http.get('/api/docs')).status).toBe(404);
  });
});
