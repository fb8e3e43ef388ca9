import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { ArchivosCleanup } from '../../src/uploads/archivos-cleanup.service.js';
import { FILE_STORAGE, type FileStorage, type StoredFileKey } from '../../src/uploads/storage/file-storage.js';
import { mondayInWeeks } from '../support/dates.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { getBytes, pdf, uploadedUrl } from '../support/upload-fixtures.js';
import { waitFor } from '../support/wait-for.js';

const keyOf = (url: string): StoredFileKey => {
  const [, , folder, name] = new URL(url).pathname.split('/');
  return { folder: folder as StoredFileKey['folder'], name };
};

interface Harness {
  t: TestApp;
  admin: Empleado;
  upload(who: Empleado, endpoint: 'solicitud' | 'documento'): Promise<string>;
  /** Registered and in storage. */
  kept(url: string): Promise<boolean>;
  /** Neither registered nor in storage. */
  gone(url: string): Promise<boolean>;
  backdate(url: string, hours: number): Promise<void>;
}

async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const t = await startTestApp({ env });
  const storage = t.app.get<FileStorage>(FILE_STORAGE);
  const registered = async (url: string) => (await t.db.query('SELECT 1 FROM archivo WHERE nombre = $1', [keyOf(url).name])).length > 0;
  const stored = async (url: string) => (await storage.size(keyOf(url))) !== null;
  return {
    t,
    admin: await t.factories.admin(),
    upload: async (who, endpoint) => uploadedUrl(t.http, await t.idp.token(who.idp_oid), endpoint, 'archivo.pdf', pdf()),
    kept: async (url) => (await registered(url)) && (await stored(url)),
    gone: async (url) => !(await registered(url)) && !(await stored(url)),
    backdate: async (url, hours) => {
      await t.db.query(`UPDATE archivo SET fecha_creacion = now() - make_interval(hours => $2) WHERE nombre = $1`, [keyOf(url).name, hours]);
    },
  };
}

describe('a file follows the rows that use it', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.t.close());

  const bearer = async (who: Empleado) => `Bearer ${await h.t.idp.token(who.idp_oid)}`;
  const publish = async (url: string, ana?: Empleado) => {
    ana ??= await h.t.factories.empleado();
    const response = await h.t.http.post('/api/documentos').set('Authorization', await bearer(h.admin)).send({ id_empleado: ana.id_empleado, titulo: 'Nómina', url });
    return response.body.data.id_documento as number;
  };
  const remove = async (id: number) => h.t.http.delete(`/api/documentos/${id}`).set('Authorization', await bearer(h.admin));

  it('deleting a document removes its file: row, storage and URL', async () => {
    const url = await h.upload(h.admin, 'documento');
    const id = await publish(url);
    expect((await getBytes(h.t.http, new URL(url).pathname).set('Authorization', await bearer(h.admin))).status).toBe(200);

    expect((await remove(id)).status).toBe(200);

    expect(await h.gone(url)).toBe(true);
    expect((await getBytes(h.t.http, new URL(url).pathname).set('Authorization', await bearer(h.admin))).status).toBe(404);
  });

  it('keeps a file another document still uses, and removes it with the last one', async () => {
    const url = await h.upload(h.admin, 'documento');
    // Both for one employee: a file belongs to one audience.
    const ana = await h.t.factories.empleado();
    const [first, second] = [await publish(url, ana), await publish(url, ana)];

    await remove(first);
    expect(await h.kept(url)).toBe(true);
    await remove(second);
    expect(await h.gone(url)).toBe(true);
  });

  it('removes uploads nobody used after the 24-hour grace, keeps used and fresh ones, once per run across instances', async () => {
    const ana = await h.t.factories.empleado();
    const [orphan, fresh, used] = [await h.upload(ana, 'solicitud'), await h.upload(ana, 'solicitud'), await h.upload(ana, 'solicitud')];
    const monday = mondayInWeeks(2);
    const request = await h.t.http.post('/api/solicitudes/permisos').set('Authorization', await bearer(ana)).send({ fecha_inicio: monday, fecha_fin: monday, url_documento: used });
    expect(request.status).toBe(201);
    await h.backdate(orphan, 25);
    await h.backdate(used, 24 * 365);
    await h.backdate(fresh, 23);

    const cleanup = h.t.app.get(ArchivosCleanup);
    expect(await cleanup.removeOrphans('2026-11-24T10:30')).toEqual({ ejecutado: true, eliminados: 1 });
    expect(await cleanup.removeOrphans('2026-11-24T10:30')).toEqual({ ejecutado: false, eliminados: 0 });

    expect(await h.gone(orphan)).toBe(true);
    expect(await h.kept(fresh)).toBe(true);
    expect(await h.kept(used)).toBe(true);
  });
});

describe('the scheduled removal of unused uploads', () => {
  it('runs on UPLOAD_ORPHAN_CRON with the UPLOAD_ORPHAN_GRACE_MINUTES it is given, and never removes a used file', async () => {
    const h = await startHarness({ SCHEDULED_JOBS: 'true', UPLOAD_ORPHAN_CRON: '* * * * * *', UPLOAD_ORPHAN_GRACE_MINUTES: '60', REMINDER_CRON: 'off' });
    try {
      const ana = await h.t.factories.empleado();
      const used = await h.upload(ana, 'solicitud');
      const monday = mondayInWeeks(2);
      const token = await h.t.idp.token(ana.idp_oid);
      const request = await h.t.http.post('/api/solicitudes/permisos').set('Authorization', `Bearer ${token}`).send({ fecha_inicio: monday, fecha_fin: monday, url_documento: used });
      expect(request.status).toBe(201);
      const orphan = await h.upload(ana, 'solicitud');
      await h.backdate(used, 2);
      await h.backdate(orphan, 2);

      // Runs are keyed by their minute: within one minute only the first tick works.
      await waitFor(() => h.gone(orphan), 65_000);
      expect(await h.kept(used)).toBe(true);
    } finally {
      await h.t.close();
    }
  }, 90_000);
});
