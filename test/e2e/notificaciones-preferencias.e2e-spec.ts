import { startTestApp, type TestApp } from '../support/test-app.js';

const invalid = (...errores: { campo: string; mensaje: string }[]) => ({
  success: false,
  message: 'Los datos enviados no son válidos.',
  code: 'validacion',
  errores,
});

describe('notification preferences', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const usuario = async () => {
    const empleado = await t.factories.empleado();
    return { empleado, token: await t.idp.token(empleado.idp_oid) };
  };
  const ver = (token: string) => t.http.get('/api/notificaciones/preferencias').set('Authorization', `Bearer ${token}`);
  const cambiar = (token: string, body: unknown) => t.http.put('/api/notificaciones/preferencias').set('Authorization', `Bearer ${token}`).send(body as object);
  const correoPorTipo = (data: { tipo: string; correo: boolean }[]) => Object.fromEntries(data.map((p) => [p.tipo, p.correo]));

  it('lists every type, in-app always on, with e-mail by default for decisions, documents and what waits on the caller', async () => {
    const { token } = await usuario();
    const response = await ver(token);
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.data).toHaveLength(10);
    expect(response.body.data[0]).toEqual({ tipo: 'APROBACION', nombre: 'Solicitud aprobada', en_app: true, correo: true, por_defecto: true });
    expect(correoPorTipo(response.body.data)).toEqual({
      APROBACION: true,
      RECHAZO: true,
      DOCUMENTO: true,
      RECORDATORIO: true,
      COMUNICADO: false,
      SOLICITUD_NUEVA: true,
      RECALCULO: true,
      FICHAJE_INCOMPLETO: true,
      RESUMEN_JORNADA: false,
      CORRECCION_FICHAJE: true,
    });
  });

  it("changes only the caller's types named, keeps the rest, and answers the whole list", async () => {
    const ana = await usuario();
    const luis = await usuario();

    const response = await cambiar(ana.token, { preferencias: [{ tipo: 'COMUNICADO', correo: true }, { tipo: 'APROBACION', correo: false }] });
    expect(response.status).toBe(200);
    expect(response.body.data).toContainEqual({ tipo: 'COMUNICADO', nombre: 'Nuevo comunicado', en_app: true, correo: true, por_defecto: false });
    expect(response.body.data).toContainEqual(expect.objectContaining({ tipo: 'APROBACION', correo: false, por_defecto: false }));
    expect(response.body.data).toContainEqual(expect.objectContaining({ tipo: 'RECHAZO', correo: true, por_defecto: true }));

    expect(correoPorTipo((await ver(ana.token)).body.data)).toMatchObject({ COMUNICADO: true, APROBACION: false });
    expect(correoPorTipo((await ver(luis.token)).body.data)).toMatchObject({ COMUNICADO: false, APROBACION: true });

    await cambiar(ana.token, { preferencias: [{ tipo: 'APROBACION', correo: true }] });
    expect(correoPorTipo((await ver(ana.token)).body.data)).toMatchObject({ COMUNICADO: true, APROBACION: true });
  });

  it.each([
    ['no body field', {}, [{ campo: 'preferencias', mensaje: expect.any(String) }]],
    ['an empty list', { preferencias: [] }, [{ campo: 'preferencias', mensaje: expect.any(String) }]],
    ['an unknown type', { preferencias: [{ tipo: 'NOMINA', correo: true }] }, [{ campo: 'preferencias.0.tipo', mensaje: expect.any(String) }]],
    ['correo as text', { preferencias: [{ tipo: 'RECHAZO', correo: 'true' }] }, [{ campo: 'preferencias.0.correo', mensaje: expect.any(String) }]],
    ['an unknown field', { preferencias: [{ tipo: 'RECHAZO', correo: true, en_app: false }] }, [{ campo: 'preferencias.0.en_app', mensaje: expect.any(String) }]],
    ['more items than types', { preferencias: Array.from({ length: 11 }, () => ({ tipo: 'RECHAZO', correo: true })) }, [{ campo: 'preferencias', mensaje: 'tiene demasiados elementos.' }]],
  ])('refuses %s with a 400 naming the field, and changes nothing', async (_case, body, errores) => {
    const { token } = await usuario();
    const response = await cambiar(token, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid(...errores));
    expect((await ver(token)).body.data.every((p: { por_defecto: boolean }) => p.por_defecto)).toBe(true);
  });

  it('takes the last value of a type named twice', async () => {
    const { token } = await usuario();
    const response = await cambiar(token, { preferencias: [{ tipo: 'RECHAZO', correo: true }, { tipo: 'RECHAZO', correo: false }] });
    expect(response.status).toBe(200);
    expect(response.body.data).toContainEqual(expect.objectContaining({ tipo: 'RECHAZO', correo: false, por_defecto: false }));
  });

  it('answers 401 without a token', async () => {
    expect((await t.http.get('/api/notificaciones/preferencias')).status).toBe(401);
    expect((await t.http.put('/api/notificaciones/preferencias').send({ preferencias: [{ tipo: 'RECHAZO', correo: true }] })).status).toBe(401);
  });
});
