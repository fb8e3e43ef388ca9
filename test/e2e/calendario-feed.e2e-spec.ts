import ical, { type VEvent } from 'node-ical';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { addDays, today } from '../support/dates.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const BASE = 'https://ess.example.com';

/** A date-only value as node-ical gives it (local midnight), back to `YYYY-MM-DD`. */
const dateOf = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

describe('Calendar feed: POST /api/calendario/enlace and GET /api/calendario.ics', () => {
  let t: TestApp;
  let jefa: Empleado, ana: Empleado, beto: Empleado, otro: Empleado;

  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_BASE_URL: BASE } });
    jefa = await t.factories.empleado({ nombre: 'Jefa' });
    ana = await t.factories.empleado({ nombre: 'Ana', idResponsable: jefa.id_empleado });
    beto = await t.factories.empleado({ nombre: 'Beto', idResponsable: jefa.id_empleado });
    otro = await t.factories.empleado({ nombre: 'Otro' });
  });
  afterAll(() => t.close());

  const newLink = async (who: Empleado) => {
    const response = await t.http.post('/api/calendario/enlace').set('Authorization', `Bearer ${await t.idp.token(who.idp_oid)}`);
    expect(response.status).toBe(201);
    return response.body.data.url as string;
  };
  const fetchFeed = (url: string) => t.http.get(url.slice(BASE.length));
  const eventsOf = (text: string) => Object.values(ical.sync.parseICS(text)).filter((component): component is VEvent => component?.type === 'VEVENT');

  it("serves the owner's team view as all-day events with stable UIDs, approved requests only", async () => {
    const inicio = addDays(today(), 10);
    const vacaciones = await insertSolicitud(t.db, beto.id_empleado, { idTipo: 1, idEstado: 2, fechaInicio: inicio, fechaFin: addDays(inicio, 2), descripcion: 'privado' });
    const teletrabajo = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 4, idEstado: 2, fechaInicio: addDays(today(), -20), fechaFin: addDays(today(), -20) });
    await insertSolicitud(t.db, beto.id_empleado, { idTipo: 2, idEstado: 1, fechaInicio: inicio, fechaFin: inicio });
    await insertSolicitud(t.db, otro.id_empleado, { idTipo: 1, idEstado: 2, fechaInicio: inicio, fechaFin: inicio });
    await insertSolicitud(t.db, beto.id_empleado, { idTipo: 3, idEstado: 2, fechaInicio: addDays(today(), -40), fechaFin: addDays(today(), -31) });
    await insertSolicitud(t.db, beto.id_empleado, { idTipo: 3, idEstado: 2, fechaInicio: addDays(today(), 181), fechaFin: addDays(today(), 181) });

    const url = await newLink(ana);
    expect(url).toMatch(/^https:\/\/ess\.example\.com\/api\/calendario\.ics\?clave=[\w-]{43}$/);
    const response = await fetchFeed(url);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.headers['cache-control']).toBe('private');
    expect(response.text).not.toContain('privado');
    const events = eventsOf(response.text).sort((a, b) => a.start.getTime() - b.start.getTime());
    expect(events.map((event) => ({ uid: event.uid, summary: event.summary, datetype: event.start.dateOnly, start: dateOf(event.start), end: dateOf(event.end!) }))).toEqual([
      { uid: `solicitud-${teletrabajo}@ess.example.com`, summary: 'Ana: Teletrabajo', datetype: true, start: addDays(today(), -20), end: addDays(today(), -19) },
      { uid: `solicitud-${vacaciones}@ess.example.com`, summary: 'Beto: Vacaciones', datetype: true, start: inicio, end: addDays(inicio, 3) },
    ]);
    expect(eventsOf((await fetchFeed(url)).text).map((event) => event.uid).sort()).toEqual(events.map((event) => event.uid).sort());
  });

  it('shows half days and hours as timed events and entries (COMPANY_TIMEZONE is UTC here; a morning ends at 14:00)', async () => {
    const [horas, tarde] = [addDays(today(), 12), addDays(today(), 13)];
    const permiso = await insertSolicitud(t.db, beto.id_empleado, { idTipo: 2, idEstado: 2, fechaInicio: horas, fechaFin: horas });
    await t.db.query(`UPDATE solicitud SET hora_inicio = '09:00', hora_fin = '11:30', horas_solicitadas = 2.5, dias_solicitados = 0 WHERE id_solicitud = $1`, [permiso]);
    const medioDia = await insertSolicitud(t.db, beto.id_empleado, { idTipo: 1, idEstado: 2, fechaInicio: tarde, fechaFin: tarde });
    await t.db.query(`UPDATE solicitud SET medio_dia_inicio = 'tarde', medio_dia_fin = 'tarde', dias_solicitados = 0.5 WHERE id_solicitud = $1`, [medioDia]);

    const events = eventsOf((await fetchFeed(await newLink(ana))).text);
    const timed = (id: number) => {
      const event = events.find((candidate) => candidate.uid === `solicitud-${id}@ess.example.com`)!;
      return { dateOnly: event.start.dateOnly ?? false, start: event.start.toISOString(), end: event.end!.toISOString() };
    };
    expect(timed(permiso)).toEqual({ dateOnly: false, start: `${horas}T09:00:00.000Z`, end: `${horas}T11:30:00.000Z` });
    expect(timed(medioDia)).toEqual({ dateOnly: false, start: `${tarde}T14:00:00.000Z`, end: `${addDays(tarde, 1)}T00:00:00.000Z` });

    const view = await t.http.get(`/api/calendario?desde=${horas}&hasta=${tarde}`).set('Authorization', `Bearer ${await t.idp.token(ana.idp_oid)}`);
    expect(view.status).toBe(200);
    const entry = (id: number) => view.body.data.find((candidate: { id_solicitud: number }) => candidate.id_solicitud === id);
    expect(entry(permiso)).toMatchObject({ hora_inicio: '09:00', hora_fin: '11:30' });
    expect(entry(permiso)).not.toHaveProperty('medio_dia_inicio');
    expect(entry(medioDia)).toMatchObject({ medio_dia_inicio: 'tarde', medio_dia_fin: 'tarde' });
    expect(entry(medioDia)).not.toHaveProperty('hora_inicio');
  });

  it('stores only the hash of the key', async () => {
    const url = await newLink(otro);
    const clave = new URL(url).searchParams.get('clave')!;

    const [row] = await t.db.query(`SELECT encode(clave_sha256, 'hex') AS hash FROM calendario_enlace WHERE id_empleado = $1`, [otro.id_empleado]);

    expect(row.hash).not.toContain(clave);
    expect(row.hash).toHaveLength(64);
  });

  it('answers 404 JSON to the rotated key and serves the new one', async () => {
    const old = await newLink(beto);
    const current = await newLink(beto);

    const gone = await fetchFeed(old);

    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ success: false, code: 'enlace_no_encontrado', message: 'El enlace de calendario no existe.' });
    expect((await fetchFeed(current)).status).toBe(200);
  });

  it.each([['an unknown key', '?clave=desconocida'], ['no key', ''], ['an empty key', '?clave='], ['a very long key', `?clave=${'a'.repeat(500)}`], ['two keys', '?clave=a&clave=b']])(
    'answers 404 to %s',
    async (_label, query) => {
      const response = await t.http.get(`/api/calendario.ics${query}`);

      expect(response.status).toBe(404);
      expect(response.body.code).toBe('enlace_no_encontrado');
    },
  );

  it("answers 404 to an inactive employee's key", async () => {
    const eva = await t.factories.empleado({ nombre: 'Eva' });
    const url = await newLink(eva);
    await t.db.query('UPDATE empleado SET activo = false WHERE id_empleado = $1', [eva.id_empleado]);

    expect((await fetchFeed(url)).status).toBe(404);
  });

  it('requires a bearer token to create a link', async () => {
    expect((await t.http.post('/api/calendario/enlace')).status).toBe(401);
  });
});

describe('Calendar feed rate limit', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2' } });
  });
  afterAll(() => t.close());

  it('counts feed requests per address like any public route: 429 once the limit is spent', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await t.http.get('/api/calendario.ics?clave=desconocida')).status);

    expect(statuses).toEqual([404, 404, 429]);
  });
});
