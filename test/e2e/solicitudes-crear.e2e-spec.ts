import { startTestApp, type TestApp } from '../support/test-app.js';
import { addDays, currentYear, mondayInWeeks, today } from '../support/dates.js';
import { pdf, signedUrl, uploadedUrl } from '../support/upload-fixtures.js';

describe('creating requests', () => {
  let t: TestApp;
  const year = currentYear();

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** A fresh employee with its own balance for every test: no test sees another's requests. */
  const employee = async (dias = 22) => {
    const empleado = await t.factories.empleado({ nombre: 'Ana García', vacaciones: { [year]: { asignados: dias } } });
    const token = await t.idp.token(empleado.idp_oid);
    const post = (path: string, body: object) => t.http.post(`/api/solicitudes/${path}`).set('Authorization', `Bearer ${token}`).send(body);
    return { empleado, token, post };
  };

  it('creates a vacation request: 201 with the message, the id and the request object', async () => {
    const { empleado, post } = await employee();
    const monday = mondayInWeeks(3);
    const response = await post('vacaciones', { fecha_inicio: monday, fecha_fin: addDays(monday, 4), descripcion: 'Viaje' });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      success: true,
      message: 'Solicitud de vacaciones creada correctamente.',
      id_solicitud: expect.any(Number),
      data: {
        id_solicitud: response.body.id_solicitud,
        id_empleado: empleado.id_empleado,
        id_tipo_solicitud: 1,
        id_estado_solicitud: 1,
        fecha_inicio: monday,
        fecha_fin: addDays(monday, 4),
        dias_solicitados: 5,
        descripcion: 'Viaje',
        url_documento: null,
        comentario_revision: null,
        fecha_revision: null,
        cancelacion_pendiente: false,
        fecha_creacion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        fecha_actualizacion: expect.stringMatching(/Z$/),
        empleado: { id_empleado: empleado.id_empleado, nombre: 'Ana García', correo: empleado.correo },
        tipo: { id_tipo_solicitud: 1, nombre: 'Vacaciones' },
        estado: { id_estado_solicitud: 1, nombre: 'Pendiente' },
        revisor: null,
        actualizacion_perfil: null,
      },
    });
  });

  it.each([
    ['permisos', 2, 'Solicitud de permiso creada correctamente.'],
    ['ausencias', 3, 'Solicitud de ausencia creada correctamente.'],
    ['teletrabajo', 4, 'Solicitud de teletrabajo creada correctamente.'],
  ])('creates a %s request with its own message and type', async (path, tipo, message) => {
    const { post, token } = await employee(0);
    const monday = mondayInWeeks(2);
    const justificante = await uploadedUrl(t.http, token, 'solicitud', 'justificante.pdf', pdf());
    const response = await post(path, { fecha_inicio: monday, fecha_fin: monday, url_documento: justificante });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe(message);
    expect(response.body.data).toMatchObject({ id_tipo_solicitud: tipo, dias_solicitados: 1, url_documento: signedUrl(justificante) });
  });

  it('does not deduct the balance at creation', async () => {
    const { empleado, post } = await employee(10);
    const monday = mondayInWeeks(4);
    expect((await post('vacaciones', { fecha_inicio: monday, fecha_fin: addDays(monday, 4) })).status).toBe(201);
    const [row] = await t.db.query('SELECT dias_usados FROM vacaciones WHERE id_empleado = $1', [empleado.id_empleado]);
    expect(Number(row.dias_usados)).toBe(0);
  });

  it('counts working days without weekends and company holidays', async () => {
    const { post } = await employee(30);
    const monday = mondayInWeeks(6);
    await t.db.query(`INSERT INTO dia_festivo (fecha, nombre) VALUES ($1, 'Fiesta local')`, [addDays(monday, 2)]);
    const response = await post('vacaciones', { fecha_inicio: monday, fecha_fin: addDays(monday, 13) });
    expect(response.status).toBe(201);
    expect(response.body.data.dias_solicitados).toBe(9);
  });

  it('turns a date-time into its calendar date', async () => {
    const { post } = await employee();
    const monday = mondayInWeeks(7);
    const response = await post('permisos', { fecha_inicio: `${monday}T09:00:00Z`, fecha_fin: `${monday}T13:30:00.000Z` });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ fecha_inicio: monday, fecha_fin: monday, dias_solicitados: 1 });
  });

  const FECHA_INVALIDA = {
    success: false,
    message: 'Las fechas deben ser fechas ISO 8601 válidas (YYYY-MM-DD o fecha y hora) entre 1900-01-01 y 2999-12-31.',
    code: 'fecha_invalida',
  };
  const campoInvalido = (campo: string) => ({ campo, mensaje: 'debe ser una fecha ISO 8601 válida (YYYY-MM-DD o fecha y hora) entre 1900-01-01 y 2999-12-31.' });

  it.each(['2026-02-30', '30/12/2030', 'mañana', '2030-13-01', '2030-12-01 10:00'])('rejects the date %p with fecha_invalida naming the field', async (fecha) => {
    const { post } = await employee();
    const response = await post('vacaciones', { fecha_inicio: fecha, fecha_fin: '2030-12-31' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ ...FECHA_INVALIDA, errores: [campoInvalido('fecha_inicio')] });
  });

  it.each(['vacaciones', 'permisos', 'ausencias', 'teletrabajo'])('rejects %s ending after 2999-12-31 with fecha_invalida naming fecha_fin', async (path) => {
    const { post } = await employee();
    for (const fin of ['3000-01-01', '3000-01-01T00:00:00', '2999-12-31T23:00:00-02:00']) {
      const response = await post(path, { fecha_inicio: mondayInWeeks(2), fecha_fin: fin });
      expect({ fin, status: response.status, body: response.body }).toEqual({ fin, status: 400, body: { ...FECHA_INVALIDA, errores: [campoInvalido('fecha_fin')] } });
    }
  });

  it('rejects dates before 1900-01-01 with fecha_invalida naming each field', async () => {
    const { post } = await employee();
    const response = await post('ausencias', { fecha_inicio: '1899-12-31', fecha_fin: '0001-01-01' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ ...FECHA_INVALIDA, errores: [campoInvalido('fecha_inicio'), campoInvalido('fecha_fin')] });
  });

  it.each(['vacaciones', 'permisos', 'ausencias', 'teletrabajo'])('rejects %s covering more than 366 calendar days with rango_demasiado_largo', async (path) => {
    const { post } = await employee(400);
    const monday = mondayInWeeks(2);
    const response = await post(path, { fecha_inicio: monday, fecha_fin: addDays(monday, 366) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      message: 'Una solicitud abarca como máximo 366 días naturales: divide un periodo más largo en varias solicitudes.',
      code: 'rango_demasiado_largo',
    });
  });

  it('accepts a request of exactly 366 calendar days', async () => {
    const { post } = await employee();
    const monday = mondayInWeeks(2);
    const response = await post('teletrabajo', { fecha_inicio: monday, fecha_fin: addDays(monday, 365) });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ fecha_inicio: monday, fecha_fin: addDays(monday, 365) });
  });

  it('rejects a start after the end with rango_fechas_invalido', async () => {
    const { post } = await employee();
    const monday = mondayInWeeks(3);
    const response = await post('vacaciones', { fecha_inicio: addDays(monday, 1), fecha_fin: monday });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('rango_fechas_invalido');
  });

  it.each(['vacaciones', 'permisos', 'teletrabajo'])('rejects %s starting yesterday with fecha_pasada', async (path) => {
    const { post } = await employee();
    const response = await post(path, { fecha_inicio: addDays(today(), -1), fecha_fin: addDays(today(), 3) });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('fecha_pasada');
  });

  it('accepts an absence reported up to 30 days back, and no further', async () => {
    const { post } = await employee();
    const thirtyAgo = addDays(today(), -30);
    const accepted = await post('ausencias', { fecha_inicio: thirtyAgo, fecha_fin: addDays(thirtyAgo, 6) });
    expect(accepted.status).toBe(201);
    const tooOld = await post('ausencias', { fecha_inicio: addDays(today(), -31), fecha_fin: addDays(today(), -31) });
    expect(tooOld.status).toBe(400);
    expect(tooOld.body.code).toBe('fecha_pasada');
  });

  it('rejects a range with no working day with sin_dias_habiles', async () => {
    const { post } = await employee();
    const saturday = addDays(mondayInWeeks(3), 5);
    const response = await post('permisos', { fecha_inicio: saturday, fecha_fin: addDays(saturday, 1) });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('sin_dias_habiles');
  });

  it('rejects vacation beyond the balance minus pending requests, saying how many days are available', async () => {
    const { post } = await employee(7);
    const monday = mondayInWeeks(3);
    expect((await post('vacaciones', { fecha_inicio: monday, fecha_fin: addDays(monday, 4) })).status).toBe(201);

    const nextMonday = addDays(monday, 7);
    const response = await post('vacaciones', { fecha_inicio: nextMonday, fecha_fin: addDays(nextMonday, 2) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      message: `Saldo de vacaciones de ${nextMonday.slice(0, 4)} insuficiente: hay 2 días disponibles para ${nextMonday.slice(0, 4)} y la solicitud requiere 3 días de ${nextMonday.slice(0, 4)}.`,
      code: 'saldo_insuficiente',
    });
    expect((await post('vacaciones', { fecha_inicio: nextMonday, fecha_fin: addDays(nextMonday, 1) })).status).toBe(201);
  });

  it('rejects a request overlapping an own pending or approved one of types 1–4 with 409', async () => {
    const { empleado, post } = await employee();
    const monday = mondayInWeeks(5);
    expect((await post('vacaciones', { fecha_inicio: monday, fecha_fin: addDays(monday, 4) })).status).toBe(201);

    const overlapping = await post('teletrabajo', { fecha_inicio: addDays(monday, 4), fecha_fin: addDays(monday, 7) });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.code).toBe('solicitud_superpuesta');

    await t.db.query(`UPDATE solicitud SET id_estado_solicitud = 3 WHERE id_empleado = $1`, [empleado.id_empleado]);
    expect((await post('teletrabajo', { fecha_inicio: addDays(monday, 4), fecha_fin: addDays(monday, 7) })).status).toBe(201);
  });

  it("does not count another employee's requests as overlapping", async () => {
    const first = await employee();
    const second = await employee();
    const monday = mondayInWeeks(5);
    expect((await first.post('permisos', { fecha_inicio: monday, fecha_fin: monday })).status).toBe(201);
    expect((await second.post('permisos', { fecha_inicio: monday, fecha_fin: monday })).status).toBe(201);
  });

  it.each([
    ['a missing fecha_inicio', { fecha_fin: '2030-01-01' }, 'fecha_inicio'],
    ['a numeric date', { fecha_inicio: 20300101, fecha_fin: '2030-01-01' }, 'fecha_inicio'],
    ['an id_empleado (the owner is always the caller)', { fecha_inicio: '2030-01-01', fecha_fin: '2030-01-01', id_empleado: 1 }, 'id_empleado'],
    ['an id_estado_solicitud', { fecha_inicio: '2030-01-01', fecha_fin: '2030-01-01', id_estado_solicitud: 2 }, 'id_estado_solicitud'],
    ['a javascript: document URL', { fecha_inicio: '2030-01-01', fecha_fin: '2030-01-01', url_documento: 'javascript:alert(1)' }, 'url_documento'],
    ['a document URL over 2048 characters', { fecha_inicio: '2030-01-01', fecha_fin: '2030-01-01', url_documento: `https://x.example.com/${'a'.repeat(2048)}` }, 'url_documento'],
    ['a description over 2000 characters', { fecha_inicio: '2030-01-01', fecha_fin: '2030-01-01', descripcion: 'x'.repeat(2001) }, 'descripcion'],
  ])('rejects %s with 400 validacion', async (_label, body, campo) => {
    const { post } = await employee();
    const response = await post('vacaciones', body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validacion');
    expect(response.body.errores.map((error: { campo: string }) => error.campo)).toContain(campo);
  });

  it('writes a creation row in the history', async () => {
    const { empleado, post } = await employee();
    const monday = mondayInWeeks(3);
    const { body } = await post('permisos', { fecha_inicio: monday, fecha_fin: monday });
    const history = await t.db.query('SELECT id_estado_anterior, id_estado_nuevo, id_actor FROM historial_solicitud WHERE id_solicitud = $1', [
      body.id_solicitud,
    ]);
    expect(history).toEqual([{ id_estado_anterior: null, id_estado_nuevo: 1, id_actor: empleado.id_empleado }]);
  });
});

describe('profile update requests', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const employee = async () => {
    const empleado = await t.factories.empleado();
    const token = await t.idp.token(empleado.idp_oid);
    const post = (body: object) => t.http.post('/api/solicitudes/actualizacion-perfil').set('Authorization', `Bearer ${token}`).send(body);
    return { empleado, token, post };
  };

  it('stores the proposed values and answers 201 without changing the profile', async () => {
    const { empleado, token, post } = await employee();
    const foto = await uploadedUrl(t.http, token, 'solicitud', 'foto.png');
    const response = await post({ telefono: '+34 600 123 456', img_perfil: foto });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      success: true,
      message: 'Solicitud de actualización de perfil creada correctamente.',
      id_solicitud: expect.any(Number),
      data: {
        id_tipo_solicitud: 5,
        id_estado_solicitud: 1,
        fecha_inicio: null,
        fecha_fin: null,
        dias_solicitados: null,
        actualizacion_perfil: { telefono: '+34 600 123 456', direccion: null, img_perfil: signedUrl(foto) },
      },
    });
    const [row] = await t.db.query('SELECT telefono, img_perfil FROM empleado WHERE id_empleado = $1', [empleado.id_empleado]);
    expect(row).toEqual({ telefono: null, img_perfil: null });
  });

  it.each([
    ['no field', {}],
    ['only empty strings', { telefono: '', direccion: '   ', img_perfil: '' }],
  ])('rejects %s with sin_cambios_perfil', async (_label, body) => {
    const { post } = await employee();
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('sin_cambios_perfil');
  });

  it('rejects a second pending profile update with 409 actualizacion_pendiente', async () => {
    const { post } = await employee();
    expect((await post({ direccion: 'Calle Mayor 1' })).status).toBe(201);
    const second = await post({ direccion: 'Calle Menor 2' });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      success: false,
      message: 'Ya tienes una solicitud de actualización de perfil pendiente de aprobación.',
      code: 'actualizacion_pendiente',
    });
  });

  it('allows a new one once the pending one is decided', async () => {
    const { empleado, post } = await employee();
    expect((await post({ direccion: 'Calle Mayor 1' })).status).toBe(201);
    await t.db.query('UPDATE solicitud SET id_estado_solicitud = 3 WHERE id_empleado = $1', [empleado.id_empleado]);
    expect((await post({ direccion: 'Calle Menor 2' })).status).toBe(201);
  });

  it('20 parallel creations by one employee yield exactly one 201', async () => {
    const { empleado, post } = await employee();
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => post({ direccion: `Calle ${i}` })));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM solicitud WHERE id_empleado = $1', [empleado.id_empleado]);
    expect(count).toBe(1);
  });

  it.each([
    ['an ftp image URL', { img_perfil: 'ftp://example.com/a.png' }, 'img_perfil'],
    ['an image that is not a URL', { img_perfil: 'no es una url' }, 'img_perfil'],
    ['a phone with letters', { telefono: 'llámame' }, 'telefono'],
    ['an address over 300 characters', { direccion: 'x'.repeat(301) }, 'direccion'],
    ['an id_empleado', { direccion: 'Calle 1', id_empleado: 3 }, 'id_empleado'],
  ])('rejects %s with 400 validacion', async (_label, body, campo) => {
    const { post } = await employee();
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validacion');
    expect(response.body.errores.map((error: { campo: string }) => error.campo)).toContain(campo);
  });
});
