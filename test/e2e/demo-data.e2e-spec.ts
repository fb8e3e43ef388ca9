import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { DemoDataSeeder } from '../../src/schema/seeds/demo-data.seeder.js';
import { startDevelopmentApp } from '../support/development-app.js';
import { freePort } from '../support/free-port.js';
import { truncateAll } from '../support/test-app.js';

/** Response bodies are whatever JSON the server sent. */
const json = async (response: Response): Promise<any> => response.json();

const SEEDED_TABLES = ['centro_trabajo', 'jornada', 'empleado_jornada', 'empleado', 'vacaciones', 'dia_festivo', 'solicitud', 'historial_solicitud', 'comunicado', 'documento', 'notificacion', 'archivo', 'fichaje', 'correccion_fichaje'];

/** What a newcomer sees on a fresh development database: every first GET of the walk-through (README, docs/api-walkthrough.md) has something. */
describe('demo data', () => {
  let app: NestExpressApplication;
  let base: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'ess-demo-data-'));

  const tokenOf = async (clientId: string): Promise<string> => {
    const form = { client_id: clientId, client_secret: `${clientId}-secret`, scope: 'api://ess-api/.default', grant_type: 'client_credentials' };
    const response = await fetch(`${base}/dev-idp/dev-tenant/oauth2/v2.0/token`, { method: 'POST', body: new URLSearchParams(form) });
    return (await json(response)).access_token;
  };
  const get = async (path: string, clientId: string): Promise<any> => {
    const response = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${await tokenOf(clientId)}` } });
    expect(response.status).toBe(200);
    return json(response);
  };
  const rowCounts = async (): Promise<Record<string, number>> => {
    const counts: Record<string, number> = {};
    for (const table of SEEDED_TABLES) {
      const [{ n }] = await app.get(DataSource).query(`SELECT count(*)::int AS n FROM ${table}`);
      counts[table] = n;
    }
    return counts;
  };

  beforeAll(async () => {
    await truncateAll(process.env.DATABASE_URL!);
    ({ app, base } = await startDevelopmentApp(await freePort(), dataDir));
  });
  afterAll(() => app.close());

  it('has two work centres in different communities, with the demo employees in each', async () => {
    const { data } = await get('/api/centros-trabajo', 'demo-empleado');
    expect(data.map((centro: { codigo: string; comunidad_autonoma: string }) => [centro.codigo, centro.comunidad_autonoma])).toEqual([
      ['BCN', 'ES-CT'],
      ['MAD', 'ES-MD'],
    ]);
    expect((await get('/api/empleados/me/perfil', 'demo-empleado')).centro_trabajo).toMatchObject({ codigo: 'MAD' });
    expect((await get('/api/empleados/me/perfil', 'demo-admin')).centro_trabajo).toMatchObject({ codigo: 'BCN' });
  });

  it('has three working schedules, the admin on the four-day week, the Super Admin part-time and the employee on the default week', async () => {
    const { data } = await get('/api/jornadas', 'demo-empleado');
    expect(data.map((jornada: { nombre: string; horas: number[]; periodos: object[] }) => [jornada.nombre, jornada.horas, jornada.periodos])).toEqual([
      ['Jornada completa', [8, 8, 8, 8, 8, 0, 0], [{ desde: '07-01', hasta: '08-31', horas: [7, 7, 7, 7, 7, 0, 0] }]],
      ['Media jornada (lunes a miércoles)', [8, 8, 8, 0, 0, 0, 0], []],
      ['Semana de cuatro días', [10, 10, 10, 10, 0, 0, 0], []],
    ]);
    const desde = `${new Date().getUTCFullYear()}-01-01`;
    expect((await get('/api/empleados/me/perfil', 'demo-admin')).jornada).toMatchObject({ nombre: 'Semana de cuatro días', desde });
    expect((await get('/api/empleados/me/perfil', 'demo-superadmin')).jornada).toMatchObject({ nombre: 'Media jornada (lunes a miércoles)', horas: [8, 8, 8, 0, 0, 0, 0], desde });
    expect((await get('/api/empleados/me/perfil', 'demo-empleado')).jornada).toBeNull();
  });

  it.each([0, 1])("lists the ten national holidays of Spain of this year + %i, plus each demo centre's regional ones", async (offset) => {
    const year = new Date().getFullYear() + offset;
    const madrid = (await get(`/api/dias-festivos?anio=${year}`, 'demo-empleado')).data;
    const barcelona = (await get(`/api/dias-festivos?anio=${year}`, 'demo-admin')).data;
    const nacionales = (data: { ambito: string }[]) => data.filter((festivo) => festivo.ambito === 'nacional');
    expect(nacionales(madrid)).toHaveLength(10);
    expect(madrid).toContainEqual(expect.objectContaining({ fecha: `${year}-10-12`, nombre: 'Fiesta Nacional de España', ambito: 'nacional' }));
    expect(madrid).toContainEqual(expect.objectContaining({ fecha: `${year}-05-02`, ambito: 'autonomico', comunidad_autonoma: 'ES-MD' }));
    expect(madrid).not.toContainEqual(expect.objectContaining({ fecha: `${year}-06-24` }));
    expect(nacionales(barcelona)).toHaveLength(10);
    expect(barcelona).toContainEqual(expect.objectContaining({ fecha: `${year}-06-24`, nombre: 'Sant Joan', ambito: 'autonomico', comunidad_autonoma: 'ES-CT' }));
  });

  it('gives the demo employee a request in every state, and the admin a pending one to decide', async () => {
    const own = await get('/api/solicitudes', 'demo-empleado');
    expect(own.data.filter((s: { id_tipo_solicitud: number }) => s.id_tipo_solicitud !== 6).map((s: { id_estado_solicitud: number }) => s.id_estado_solicitud).sort()).toEqual([1, 2, 3, 4]);
    const pendientes = await get('/api/solicitudes/admin/pendientes', 'demo-admin');
    expect(pendientes.data).toEqual([expect.objectContaining({ id_tipo_solicitud: 1, id_estado_solicitud: 1 })]);
  });

  it("shows the demo employee's last three working days clocked with a lunch break, in a chain that verifies", async () => {
    const dias: { fecha: string; tipos: string[] }[] = await app.get(DataSource).query(
      `SELECT to_char(f.fecha, 'YYYY-MM-DD') AS fecha, array_agg(f.tipo ORDER BY f.id_fichaje) AS tipos
         FROM fichaje f JOIN empleado e USING (id_empleado) WHERE e.correo = 'lucia.fernandez@demo.local' GROUP BY f.fecha ORDER BY f.fecha`,
    );
    expect(dias.map((dia) => dia.tipos)).toEqual(Array(3).fill(['entrada', 'inicio_pausa', 'fin_pausa', 'salida']));
    expect(dias.map((dia) => new Date(`${dia.fecha}T00:00:00Z`).getUTCDay()).every((semana) => semana >= 1 && semana <= 5)).toBe(true);
    const me = await get('/api/empleados/me', 'demo-empleado');
    const verificacion = await get(`/api/fichajes/verificacion?id_empleado=${me.id_empleado}&desde=${dias[0]!.fecha}&hasta=${dias[2]!.fecha}`, 'demo-admin');
    expect(verificacion.data).toEqual({ valida: true, registros: 12, primer_error: null });
  });

  it("asks the demo employee to accept the company's correction of her first clocked day's entrada", async () => {
    const own = await get('/api/solicitudes', 'demo-empleado');
    const correcciones = own.data.filter((s: { id_tipo_solicitud: number }) => s.id_tipo_solicitud === 6);
    expect(correcciones).toEqual([expect.objectContaining({ id_estado_solicitud: 1 })]);
    const me = await get('/api/empleados/me', 'demo-empleado');
    const avisos = await get('/api/notificaciones', 'demo-empleado');
    expect(avisos.data.map((n: { tipo: { codigo: string } }) => n.tipo.codigo)).toContain('CORRECCION_FICHAJE');
    const aceptada = await fetch(`${base}/api/solicitudes/${correcciones[0].id_solicitud}/aprobar`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${await tokenOf('demo-empleado')}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(aceptada.status).toBe(200);
    const [primerDia] = (await app.get(DataSource).query(`SELECT to_char(min(fecha), 'YYYY-MM-DD') AS fecha FROM fichaje WHERE id_empleado = $1`, [me.id_empleado])) as { fecha: string }[];
    const periodo = await get(`/api/fichajes?desde=${primerDia!.fecha}&hasta=${primerDia!.fecha}`, 'demo-empleado');
    expect(periodo.data.dias[0]).toEqual(expect.objectContaining({ estado: 'corregido', minutos_trabajados: 510 }));
  });

  it('publishes an announcement whose image is a stored PNG anyone can open', async () => {
    const { data } = await get('/api/comunicados', 'demo-empleado');
    expect(data).toHaveLength(1);
    const image = await fetch(data[0].url_multimedia);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
  });

  it('shares a document with the demo employee, a PDF she can download', async () => {
    const { data } = await get('/api/documentos', 'demo-empleado');
    expect(data).toEqual([expect.objectContaining({ titulo: 'Manual de bienvenida' })]);
    const file = await fetch(data[0].url, { headers: { Authorization: `Bearer ${await tokenOf('demo-empleado')}` } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('notifies the demo employee of the approval, the rejection and the document', async () => {
    const { data, no_leidas } = await get('/api/notificaciones', 'demo-empleado');
    const codigos = data.map((n: { tipo: { codigo: string } }) => n.tipo.codigo);
    expect(codigos).toEqual(expect.arrayContaining(['APROBACION', 'RECHAZO', 'DOCUMENTO']));
    expect(no_leidas).toBe(data.length);
  });

  it('changes nothing when seeded again, in the same process or after a restart', async () => {
    const before = await rowCounts();
    await app.get(DemoDataSeeder).onApplicationBootstrap();
    expect(await rowCounts()).toEqual(before);

    const port = Number(new URL(base).port);
    await app.close();
    ({ app, base } = await startDevelopmentApp(port, dataDir));
    expect(await rowCounts()).toEqual(before);
  });
});
