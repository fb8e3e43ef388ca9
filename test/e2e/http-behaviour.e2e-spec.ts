import { readFileSync } from 'node:fs';
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

  const DEMASIADO_GRANDE = {
    success: false,
    message: 'El cuerpo de la solicitud es demasiado grande: como máximo 100 campos por objeto y 1000 elementos por lista.',
    code: 'solicitud_invalida',
  };
  const manyMembers = (count: number) => `{${Array.from({ length: count }, (_, i) => `"campo${i}":1`).join(',')}}`;

  it.each([
    ['an array of 1,001 elements in a field', `{"nombre":[${new Array(1_001).fill(1).join(',')}]}`],
    ['an object of 101 members in a field', `{"nombre":${manyMembers(101)}}`],
    ['101 fields', manyMembers(101)],
    ['20,000 fields', manyMembers(20_000)],
    ['a top-level array of 100,000 elements', `[${new Array(100_000).fill(1).join(',')}]`],
    ['a long list deep inside', `{"nombre":[[{"a":[${new Array(1_001).fill(0).join(',')}]}]]}`],
  ])('refuses a body with %s as too large, before any field is checked', async (_case, body) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(DEMASIADO_GRANDE);
  });

  it('checks a body at the limits field by field', async () => {
    const response = await post(`{"nombre":[${new Array(1_000).fill(1).join(',')}],${manyMembers(99).slice(1)}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validacion' });
    expect(response.body.errores.filter((error: { mensaje: string }) => error.mensaje === 'no es un campo permitido.')).toHaveLength(99);
    expect(response.body.errores).toContainEqual({ campo: 'nombre', mensaje: 'debe ser un texto.' });
  });

  it('refuses a form-encoded body of more than 100 fields with 413, before any field is checked', async () => {
    const form = (count: number) => Array.from({ length: count }, (_, i) => `campo${i}=1`).join('&');
    const send = (body: string) => t.http.post('/api/__probe/echo').set('Authorization', `Bearer ${token}`).set('Content-Type', 'application/x-www-form-urlencoded').send(body);

    expect((await send(form(100))).body).toMatchObject({ code: 'validacion' });
    const response = await send(form(101));
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ success: false, code: 'cuerpo_demasiado_grande' });
  });

  it.each([
    ['an array', '[1,2,3]'],
    ['an empty array', '[]'],
  ])('refuses %s where an object is expected, without a field per element', async (_case, body) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, message: 'El cuerpo de la solicitud debe ser un objeto JSON.', code: 'solicitud_invalida' });
  });

  it('reports every invalid field in Spanish', async () => {
    const response = await post(JSON.stringify({ nombre: 42 }));
    expect(response.status).toBe(400);
    expect(response.body.errores).toEqual(
      expect.arrayContaining([{ campo: 'nombre', mensaje: 'debe ser un texto.' }]),
    );
  });

  it('refuses NUL in any text of a body, naming the field, before it reaches the database', async () => {
    const response = await post(JSON.stringify({ nombre: 'Ana\u0000' }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      message: 'Los datos enviados no son válidos.',
      code: 'validacion',
      errores: [{ campo: 'nombre', mensaje: 'no puede contener el carácter NUL.' }],
    });
  });

  it('answers an unknown route with a 404 JSON envelope', async () => {
    const response = await t.http.get('/api/no-existe').set('Authorization', `Bearer ${token}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, message: 'El recurso solicitado no existe.', code: 'recurso_no_encontrado' });
  });

  it('answers a method the path does not have with 405, the methods it has in Allow, and a JSON envelope', async () => {
    const response = await t.http.delete('/api/health').set('Authorization', `Bearer ${token}`);
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.body).toEqual({ success: false, message: 'Método no permitido para este recurso.', code: 'metodo_no_permitido' });
  });

  it('answers 405 on a path with a parameter, before authentication', async () => {
    const response = await t.http.patch('/api/solicitudes/7/aprobar');
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('PUT');
  });

  it('still routes every method a path has', async () => {
    const answers = await Promise.all([
      t.http.get('/api/empleados/1').set('Authorization', `Bearer ${token}`),
      t.http.put('/api/empleados/1').set('Authorization', `Bearer ${token}`).send({ nombre: 'x' }),
    ]);
    expect(answers.map((response) => response.status)).not.toContain(405);
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

  it('sends every one of helmet’s headers, on answers and on errors alike', async () => {
    const answers = await Promise.all([t.http.get('/api/empleados/me').set('Authorization', `Bearer ${token}`), t.http.get('/api/no-existe')]);
    for (const response of answers) {
      expect(response.headers).toMatchObject({
        'content-security-policy':
          "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline'",
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'SAMEORIGIN',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
    }
  });

  it('sends no ETag on API answers, which are never stored', async () => {
    const response = await t.http.get('/api/empleados/me').set('Authorization', `Bearer ${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.etag).toBeUndefined();
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

  it('reports liveness with the version of package.json, and readiness of each component, without a token', async () => {
    const live = await t.http.get('/api/health');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok', version: JSON.parse(readFileSync('package.json', 'utf8')).version });
    const ready = await t.http.get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.details).toEqual({
      database: { status: 'up', estado: 'disponible', responseTime: expect.any(Number) },
      storage: { status: 'up', estado: 'disponible', responseTime: expect.any(Number) },
      proveedor_identidad: { status: 'up', estado: 'disponible', claves: 1, antiguedad_claves_segundos: expect.any(Number) },
      // The backlog's figures are checked where a job is held back (notificaciones-correo).
      jobs: { status: 'up', estado: 'disponible', pendientes: expect.any(Number), antiguedad_pendiente_segundos: expect.any(Number), colas: expect.any(Object) },
    });
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
