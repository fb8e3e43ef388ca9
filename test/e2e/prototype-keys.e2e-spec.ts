import { objectPrototypePolluted, PROTOTYPE_NAMES } from '../support/prototype-names.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { png } from '../support/upload-fixtures.js';

const refusedNaming = (campo: string) => ({
  success: false,
  message: 'Los datos enviados no son válidos.',
  code: 'validacion',
  errores: [{ campo, mensaje: 'no es un campo permitido.' }],
});

describe('keys named after built-in object properties are refused like any unknown key', () => {
  let t: TestApp;
  let admin: string;
  let superAdmin: string;
  let empleado: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.idp.token((await t.factories.admin()).idp_oid);
    superAdmin = await t.idp.token((await t.factories.superAdmin()).idp_oid);
    empleado = await t.idp.token((await t.factories.empleado()).idp_oid);
  });
  beforeEach(() => t.db.query('DELETE FROM dia_festivo'));
  afterAll(() => t.close());

  /** JSON text as sent: an object literal would turn `__proto__` into a prototype, and JSON.stringify drop it. */
  const sendJson = (method: 'post' | 'put', url: string, text: string, token: string) =>
    t.http[method](url).set('Authorization', `Bearer ${token}`).set('Content-Type', 'application/json').send(text);
  const festivos = (): Promise<unknown[]> => t.db.query('SELECT fecha, nombre FROM dia_festivo');

  describe('POST /api/dias-festivos', () => {
    it('creates the holiday from the same fields without the key (the refusals below are the key’s alone)', async () => {
      const response = await sendJson('post', '/api/dias-festivos', '{"fecha":"2027-05-03","nombre":"Fiesta"}', admin);

      expect(response.status).toBe(201);
      expect(await festivos()).toHaveLength(1);
    });

    it.each(PROTOTYPE_NAMES)('refuses %s holding an object, naming it; nothing is stored and no prototype changes', async (name) => {
      const response = await sendJson('post', '/api/dias-festivos', `{"fecha":"2027-05-03","nombre":"Fiesta",${JSON.stringify(name)}:{"polluted":true}}`, admin);

      expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: refusedNaming(name) });
      expect(await festivos()).toEqual([]);
      expect(objectPrototypePolluted()).toBe(false);
    });

    it('refuses them in a form-encoded body too', async () => {
      const response = await t.http
        .post('/api/dias-festivos')
        .set('Authorization', `Bearer ${admin}`)
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .send('fecha=2027-05-03&nombre=Fiesta&constructor=1');

      expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: refusedNaming('constructor') });
      expect(await festivos()).toEqual([]);
    });
  });

  describe('PUT /api/empleados/{id}', () => {
    it.each(PROTOTYPE_NAMES)('refuses %s holding nested objects, naming it; the employee is unchanged', async (name) => {
      const otro = await t.factories.empleado({ nombre: 'Eva Original' });

      const response = await sendJson('put', `/api/empleados/${otro.id_empleado}`, `{"nombre":"Eva Cambiada",${JSON.stringify(name)}:{"prototype":{"polluted":true}}}`, superAdmin);

      expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: refusedNaming(name) });
      expect(await t.db.query('SELECT nombre FROM empleado WHERE id_empleado = $1', [otro.id_empleado])).toEqual([{ nombre: 'Eva Original' }]);
      expect(objectPrototypePolluted()).toBe(false);
    });
  });

  describe('POST /api/uploads/solicitud (a multipart form: its one file is read, no other field)', () => {
    it.each(PROTOTYPE_NAMES)('ignores a text field named %s, like any other field', async (name) => {
      const response = await t.http.post('/api/uploads/solicitud').set('Authorization', `Bearer ${empleado}`).field(name, '{"polluted":true}').attach('file', png(), 'foto.png');

      expect(response.status).toBe(201);
      expect(objectPrototypePolluted()).toBe(false);
    });

    it.each(PROTOTYPE_NAMES)('refuses the file sent as %s, like a file under any name but `file`', async (name) => {
      const response = await t.http.post('/api/uploads/solicitud').set('Authorization', `Bearer ${empleado}`).attach(name, png(), 'foto.png');

      expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: { success: false, message: 'No se adjuntó ningún archivo o el archivo no es válido.' } });
    });
  });

  describe('GET /api/solicitudes (a query DTO)', () => {
    it.each(PROTOTYPE_NAMES)('refuses ?%s=1 like any unknown parameter, naming it', async (name) => {
      const response = await t.http.get(`/api/solicitudes?limite=5&${encodeURIComponent(name)}=1`).set('Authorization', `Bearer ${empleado}`);

      expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: refusedNaming(name) });
    });

    it('reads ?__proto__[polluted]=1 as one parameter of that name (no nesting), refused beside ?__proto__=1; no prototype changes', async () => {
      const response = await t.http.get('/api/solicitudes?__proto__[polluted]=1&__proto__=1&constructor[prototype][polluted]=1').set('Authorization', `Bearer ${empleado}`);

      expect(response.status).toBe(400);
      expect(response.body.errores).toEqual([
        { campo: '__proto__[polluted]', mensaje: 'no es un campo permitido.' },
        { campo: '__proto__', mensaje: 'no es un campo permitido.' },
        { campo: 'constructor[prototype][polluted]', mensaje: 'no es un campo permitido.' },
      ]);
      expect(objectPrototypePolluted()).toBe(false);
    });
  });
});
