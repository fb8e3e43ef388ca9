import { startTestApp, type TestApp } from '../support/test-app.js';
import { addDays, currentYear, mondayInWeeks } from '../support/dates.js';

describe('half days and hours on requests', () => {
  let t: TestApp;
  const year = currentYear();
  const monday = mondayInWeeks(1);

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const employee = async () => {
    const empleado = await t.factories.empleado({ vacaciones: { [year]: { asignados: 22 } } });
    const token = await t.idp.token(empleado.idp_oid);
    const post = (path: string, body: object) => t.http.post(`/api/solicitudes/${path}`).set('Authorization', `Bearer ${token}`).send(body);
    const get = (path: string) => t.http.get(path).set('Authorization', `Bearer ${token}`);
    return { empleado, post, get };
  };
  const day = (offset: number) => addDays(monday, offset);

  describe.each(['vacaciones', 'permisos', 'ausencias'])('%s', (path) => {
    it('counts an afternoon start and a morning end as halves, and returns them on creation and reading', async () => {
      const { post, get } = await employee();
      const created = await post(path, { fecha_inicio: day(0), fecha_fin: day(4), medio_dia_inicio: 'tarde', medio_dia_fin: 'manana' });

      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ dias_solicitados: 4, medio_dia_inicio: 'tarde', medio_dia_fin: 'manana' });
      expect(created.body.data).not.toHaveProperty('hora_inicio');
      const read = await get(`/api/solicitudes/${created.body.id_solicitud}`);
      expect(read.body.data).toEqual(created.body.data);
    });

    it('a morning start or an afternoon end takes nothing off', async () => {
      const { post } = await employee();
      const created = await post(path, { fecha_inicio: day(0), fecha_fin: day(1), medio_dia_inicio: 'manana', medio_dia_fin: 'tarde' });
      expect(created.body.data).toMatchObject({ dias_solicitados: 2, medio_dia_inicio: 'manana', medio_dia_fin: 'tarde' });
    });

    it.each([
      [{ medio_dia_inicio: 'manana' }, 0.5, 'manana', 'manana'],
      [{ medio_dia_fin: 'tarde' }, 0.5, 'tarde', 'tarde'],
      [{ medio_dia_inicio: 'tarde', medio_dia_fin: 'tarde' }, 0.5, 'tarde', 'tarde'],
      [{ medio_dia_inicio: 'manana', medio_dia_fin: 'tarde' }, 1, 'manana', 'tarde'],
    ])('on one day %j counts %d (stored as %s–%s)', async (halves, dias, inicio, fin) => {
      const { post } = await employee();
      const created = await post(path, { fecha_inicio: day(1), fecha_fin: day(1), ...halves });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ dias_solicitados: dias, medio_dia_inicio: inicio, medio_dia_fin: fin });
    });

    it('refuses an afternoon start with a morning end on one day', async () => {
      const { post } = await employee();
      const response = await post(path, { fecha_inicio: day(2), fecha_fin: day(2), medio_dia_inicio: 'tarde', medio_dia_fin: 'manana' });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('medios_dias_contradictorios');
    });

    it('a half on a weekend day takes nothing off: that day counts 0 already', async () => {
      const { post } = await employee();
      const saturday = day(5);
      const created = await post(path, { fecha_inicio: saturday, fecha_fin: day(8), medio_dia_inicio: 'tarde', medio_dia_fin: 'manana' });
      expect(created.body.data).toMatchObject({ dias_solicitados: 1.5, medio_dia_inicio: 'tarde', medio_dia_fin: 'manana' });
    });

    it('refuses a half that is not manana or tarde', async () => {
      const { post } = await employee();
      const response = await post(path, { fecha_inicio: day(0), fecha_fin: day(0), medio_dia_inicio: 'noche' });
      expect(response.status).toBe(400);
    });
  });

  it('without halves or hours the answer carries none of their fields', async () => {
    const { post } = await employee();
    const created = await post('permisos', { fecha_inicio: day(0), fecha_fin: day(0) });
    for (const field of ['medio_dia_inicio', 'medio_dia_fin', 'hora_inicio', 'hora_fin', 'horas_solicitadas']) expect(created.body.data).not.toHaveProperty(field);
  });

  it('remote work takes no halves and vacation and absences no hours', async () => {
    const { post } = await employee();
    expect((await post('teletrabajo', { fecha_inicio: day(0), fecha_fin: day(0), medio_dia_inicio: 'manana' })).status).toBe(400);
    expect((await post('vacaciones', { fecha_inicio: day(0), fecha_fin: day(0), hora_inicio: '09:00', hora_fin: '10:00' })).status).toBe(400);
    expect((await post('ausencias', { fecha_inicio: day(0), fecha_fin: day(0), hora_inicio: '09:00', hora_fin: '10:00' })).status).toBe(400);
  });

  describe('overlap', () => {
    it('a morning and an afternoon of one day do not overlap; a second morning does', async () => {
      const { post } = await employee();
      expect((await post('vacaciones', { fecha_inicio: day(0), fecha_fin: day(2), medio_dia_fin: 'manana' })).status).toBe(201);
      expect((await post('permisos', { fecha_inicio: day(2), fecha_fin: day(3), medio_dia_inicio: 'tarde' })).status).toBe(201);
      const again = await post('ausencias', { fecha_inicio: day(2), fecha_fin: day(2), medio_dia_inicio: 'manana' });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('solicitud_superpuesta');
      expect((await post('teletrabajo', { fecha_inicio: day(3), fecha_fin: day(3) })).status).toBe(409);
    });

    it('hours overlap only when the intervals intersect, end excluded', async () => {
      const { post } = await employee();
      expect((await post('permisos', { fecha_inicio: day(1), fecha_fin: day(1), hora_inicio: '09:00', hora_fin: '11:00' })).status).toBe(201);
      expect((await post('permisos', { fecha_inicio: day(1), fecha_fin: day(1), hora_inicio: '11:00', hora_fin: '12:00' })).status).toBe(201);
      expect((await post('permisos', { fecha_inicio: day(1), fecha_fin: day(1), hora_inicio: '10:30', hora_fin: '10:45' })).status).toBe(409);
      expect((await post('vacaciones', { fecha_inicio: day(0), fecha_fin: day(1) })).status).toBe(409);
    });

    it('a half day against hours: the morning ends at 14:00', async () => {
      const { post } = await employee();
      expect((await post('vacaciones', { fecha_inicio: day(3), fecha_fin: day(3), medio_dia_inicio: 'manana' })).status).toBe(201);
      expect((await post('permisos', { fecha_inicio: day(3), fecha_fin: day(3), hora_inicio: '14:00', hora_fin: '16:00' })).status).toBe(201);
      expect((await post('permisos', { fecha_inicio: day(3), fecha_fin: day(3), hora_inicio: '13:30', hora_fin: '14:00' })).status).toBe(409);
      expect((await post('ausencias', { fecha_inicio: day(3), fecha_fin: day(3), medio_dia_inicio: 'tarde' })).status).toBe(409);
    });
  });

  describe('permission by hours', () => {
    it('counts hours, no day, and leaves the vacation balance alone', async () => {
      const { post, get } = await employee();
      const created = await post('permisos', { fecha_inicio: day(2), fecha_fin: day(2), hora_inicio: '09:00', hora_fin: '10:30' });

      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ dias_solicitados: 0, hora_inicio: '09:00', hora_fin: '10:30', horas_solicitadas: 1.5 });
      expect(created.body.data).not.toHaveProperty('medio_dia_inicio');
      expect((await get(`/api/solicitudes/${created.body.id_solicitud}`)).body.data).toEqual(created.body.data);
      expect((await get('/api/empleados/me/vacaciones')).body.data).toMatchObject({ dias_pendientes: 0, dias_disponibles: 22 });
    });

    it.each([
      [{ hora_inicio: '09:00' }, 'horas_incompletas'],
      [{ hora_fin: '10:00' }, 'horas_incompletas'],
      [{ hora_inicio: '10:00', hora_fin: '10:00' }, 'rango_horas_invalido'],
      [{ hora_inicio: '11:00', hora_fin: '10:00' }, 'rango_horas_invalido'],
      [{ hora_inicio: '09:00', hora_fin: '10:00', medio_dia_inicio: 'manana' }, 'horas_con_medio_dia'],
    ])('refuses %j as %s', async (hours, code) => {
      const { post } = await employee();
      const response = await post('permisos', { fecha_inicio: day(4), fecha_fin: day(4), ...hours });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe(code);
    });

    it('refuses hours over several days, on a weekend, or not as HH:mm', async () => {
      const { post } = await employee();
      const several = await post('permisos', { fecha_inicio: day(0), fecha_fin: day(1), hora_inicio: '09:00', hora_fin: '10:00' });
      expect(several.body.code).toBe('horas_varios_dias');
      const weekend = await post('permisos', { fecha_inicio: day(5), fecha_fin: day(5), hora_inicio: '09:00', hora_fin: '10:00' });
      expect(weekend.body.code).toBe('sin_dias_habiles');
      for (const hora of ['9:00', '24:00', '10:60', '10:00:00']) {
        expect((await post('permisos', { fecha_inicio: day(0), fecha_fin: day(0), hora_inicio: hora, hora_fin: '23:00' })).status).toBe(400);
      }
    });
  });

  it('approving half days deducts the halves from the balance', async () => {
    const { empleado, post, get } = await employee();
    const admin = await t.factories.admin();
    const created = await post('vacaciones', { fecha_inicio: day(0), fecha_fin: day(1), medio_dia_inicio: 'tarde' });
    expect((await get('/api/empleados/me/vacaciones')).body.data).toMatchObject({ dias_pendientes: 1.5, dias_disponibles: 20.5 });

    const approved = await t.http.put(`/api/solicitudes/${created.body.id_solicitud}/aprobar`).set('Authorization', `Bearer ${await t.idp.token(admin.idp_oid)}`).send({});
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ dias_solicitados: 1.5, medio_dia_inicio: 'tarde', id_estado_solicitud: 2 });
    const usados = async () => Number((await t.db.query('SELECT dias_usados FROM vacaciones WHERE id_empleado = $1', [empleado.id_empleado]))[0].dias_usados);
    expect(await usados()).toBe(1.5);

    // Cancelling the approved halves gives back exactly what was deducted.
    const cancel = await t.http.put(`/api/solicitudes/${created.body.id_solicitud}/cancelar`).set('Authorization', `Bearer ${await t.idp.token(empleado.idp_oid)}`).send({});
    expect(cancel.status).toBe(200);
    const confirmed = await t.http.put(`/api/solicitudes/${created.body.id_solicitud}/aprobar`).set('Authorization', `Bearer ${await t.idp.token(admin.idp_oid)}`).send({});
    expect(confirmed.body.data.estado.nombre).toBe('Cancelada');
    expect(await usados()).toBe(0);
  });
});
