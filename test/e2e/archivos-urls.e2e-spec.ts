import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { mondayInWeeks } from '../support/dates.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { pdf, png, uploadedUrl } from '../support/upload-fixtures.js';

const refused = (campo: string, mensaje: string) => ({
  success: false,
  message: `La URL indicada en ${campo} no está permitida.`,
  code: 'url_no_permitida',
  errores: [{ campo, mensaje }],
});

const OWN_ATTACHMENT = 'debe ser la URL de un archivo que hayas subido con POST /api/uploads/solicitud.';
const OWN_IMAGE = 'debe ser la URL de una imagen (JPEG, PNG, GIF o WebP) que hayas subido con POST /api/uploads/solicitud.';
const ANY_IMAGE = 'debe ser la URL de una imagen (JPEG, PNG, GIF o WebP) subida con POST /api/uploads/solicitud.';
const DOCUMENT = 'debe ser la URL de un archivo subido con POST /api/uploads/documento.';
const MEDIA = 'debe ser la URL de un archivo subido con POST /api/uploads/comunicado o una URL https externa.';

describe('URL fields accept only files that belong there', () => {
  let t: TestApp;
  let admin: Empleado;
  /** Uploaded by the employee of each test to `solicitudes`, by an admin to the others. */
  let ajena: string;
  let documento: string;
  let comunicado: string;

  const bearer = async (who: Empleado) => `Bearer ${await t.idp.token(who.idp_oid)}`;
  const upload = async (who: Empleado, endpoint: 'solicitud' | 'documento' | 'comunicado', name = 'foto.png', content = png()) =>
    uploadedUrl(t.http, await t.idp.token(who.idp_oid), endpoint, name, content);
  const fkOf = async (table: string, column: string, idColumn: string, id: number) =>
    (await t.db.query(`SELECT ${column} AS fk FROM ${table} WHERE ${idColumn} = $1`, [id]))[0].fk;
  const archivoOf = async (url: string) =>
    (await t.db.query(`SELECT id_archivo FROM archivo WHERE nombre = $1`, [new URL(url).pathname.split('/').pop()]))[0].id_archivo;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.factories.admin();
    ajena = await upload(await t.factories.empleado(), 'solicitud', 'ajena.pdf', pdf());
    documento = await upload(admin, 'documento', 'contrato.pdf', pdf());
    comunicado = await upload(admin, 'comunicado', 'cartel.png');
  });
  afterAll(() => t.close());

  describe('url_documento of a request', () => {
    const create = async (who: Empleado, url_documento: string) => {
      const monday = mondayInWeeks(2);
      return t.http.post('/api/solicitudes/permisos').set('Authorization', await bearer(who)).send({ fecha_inicio: monday, fecha_fin: monday, url_documento });
    };

    it.each([
      ['an external URL', () => 'https://files.example.com/justificante.pdf'],
      ["another employee's upload", () => ajena],
      ['a file in documentos', () => documento],
      ['a stored name that was never uploaded', () => ajena.replace(/\d{13}-/, '1000000000000-')],
      ['a path outside the uploads', () => ajena.replace('/uploads/solicitudes/', '/api/solicitudes/')],
    ])('refuses %s, naming the field, and creates nothing', async (_case, url) => {
      const ana = await t.factories.empleado();
      const response = await create(ana, url());
      expect(response.status).toBe(400);
      expect(response.body).toEqual(refused('url_documento', OWN_ATTACHMENT));
      expect((await t.db.query('SELECT 1 FROM solicitud WHERE id_empleado = $1', [ana.id_empleado])).length).toBe(0);
    });

    it('takes a file the employee uploaded, and names it by key', async () => {
      const ana = await t.factories.empleado();
      const own = await upload(ana, 'solicitud', 'justificante.pdf', pdf());
      const response = await create(ana, own);
      expect(response.status).toBe(201);
      expect(await fkOf('solicitud', 'id_archivo_documento', 'id_solicitud', response.body.id_solicitud)).toBe(await archivoOf(own));
    });

    it('takes back the signed URL the API returned, and stores it unsigned', async () => {
      const ana = await t.factories.empleado();
      const own = await upload(ana, 'solicitud', 'justificante.pdf', pdf());
      const signed = (await create(ana, own)).body.data.url_documento;
      const monday = mondayInWeeks(3);
      const again = await t.http.post('/api/solicitudes/permisos').set('Authorization', await bearer(ana)).send({ fecha_inicio: monday, fecha_fin: monday, url_documento: signed });
      expect(again.status).toBe(201);
      const [row] = await t.db.query('SELECT url_documento FROM solicitud WHERE id_solicitud = $1', [again.body.id_solicitud]);
      expect(row.url_documento).toBe(own);
    });
  });

  describe('img_perfil of a profile update request', () => {
    const propose = async (who: Empleado, img_perfil: string) =>
      t.http.post('/api/solicitudes/actualizacion-perfil').set('Authorization', await bearer(who)).send({ img_perfil });

    it.each([
      ['an external image', async () => 'https://cdn.example.com/ana.png'],
      ["another employee's upload", async () => ajena],
      ['an own upload that is not an image', async (ana: Empleado) => upload(ana, 'solicitud', 'cv.pdf', pdf())],
      ['an announcement image', async () => comunicado],
    ])('refuses %s', async (_case, url) => {
      const ana = await t.factories.empleado();
      const response = await propose(ana, await url(ana));
      expect(response.status).toBe(400);
      expect(response.body).toEqual(refused('img_perfil', OWN_IMAGE));
    });

    it('takes an image the employee uploaded, and carries its key to the profile on approval', async () => {
      const ana = await t.factories.empleado();
      const foto = await upload(ana, 'solicitud', 'ana.png');
      const response = await propose(ana, foto);
      expect(response.status).toBe(201);
      await t.http.put(`/api/solicitudes/${response.body.id_solicitud}/aprobar`).set('Authorization', await bearer(admin)).send({});
      expect(await fkOf('empleado', 'id_archivo_img_perfil', 'id_empleado', ana.id_empleado)).toBe(await archivoOf(foto));
    });
  });

  describe("img_perfil set by an admin", () => {
    const put = async (id: number, img_perfil: string) => t.http.put(`/api/empleados/${id}`).set('Authorization', await bearer(admin)).send({ img_perfil });

    it.each([
      ['an external image', () => 'https://cdn.example.com/pablo.png'],
      ['a document', () => documento],
      ['a PDF in solicitudes', () => ajena],
    ])('refuses %s', async (_case, url) => {
      const pablo = await t.factories.empleado();
      const response = await put(pablo.id_empleado, url());
      expect(response.status).toBe(400);
      expect(response.body).toEqual(refused('img_perfil', ANY_IMAGE));
    });

    it("takes an image uploaded to solicitudes, the employee's or the admin's", async () => {
      const pablo = await t.factories.empleado();
      const foto = await upload(admin, 'solicitud', 'pablo.png');
      expect((await put(pablo.id_empleado, foto)).status).toBe(200);
      expect(await fkOf('empleado', 'id_archivo_img_perfil', 'id_empleado', pablo.id_empleado)).toBe(await archivoOf(foto));
    });
  });

  describe('url of a document', () => {
    const publish = async (url: string) => {
      const ana = await t.factories.empleado();
      return t.http.post('/api/documentos').set('Authorization', await bearer(admin)).send({ id_empleado: ana.id_empleado, titulo: 'Contrato', url });
    };

    it.each([
      ['an external URL', () => 'https://archivo.example.org/contrato.pdf'],
      ['a request attachment', () => ajena],
      ['an announcement file', () => comunicado],
    ])('refuses %s', async (_case, url) => {
      const response = await publish(url());
      expect(response.status).toBe(400);
      expect(response.body).toEqual(refused('url', DOCUMENT));
    });

    it('takes a file uploaded to documentos, and names it by key', async () => {
      const response = await publish(documento);
      expect(response.status).toBe(201);
      expect(await fkOf('documento', 'id_archivo', 'id_documento', response.body.data.id_documento)).toBe(await archivoOf(documento));
    });
  });

  describe('url_multimedia of an announcement', () => {
    const create = async (url_multimedia: string) =>
      t.http.post('/api/comunicados/admin').set('Authorization', await bearer(admin)).send({ titulo: 'Aviso', contenido: 'Texto', url_multimedia });

    it.each([
      ['a plain-http external URL', () => 'http://cdn.example.com/video.mp4'],
      ['a request attachment', () => ajena],
      ['a document', () => documento],
      ["a page of this service that is no stored file", () => 'http://localhost:3000/api/comunicados'],
    ])('refuses %s', async (_case, url) => {
      const response = await create(url());
      expect(response.status).toBe(400);
      expect(response.body).toEqual(refused('url_multimedia', MEDIA));
    });

    it('takes an announcement file (named by key) or an external https URL (named by none), and clears both', async () => {
      const own = await create(comunicado);
      expect(own.status).toBe(201);
      const id = own.body.data.id_comunicado;
      expect(await fkOf('comunicado', 'id_archivo_multimedia', 'id_comunicado', id)).toBe(await archivoOf(comunicado));

      const external = await t.http.put(`/api/comunicados/admin/${id}`).set('Authorization', await bearer(admin)).send({ url_multimedia: 'https://cdn.example.com/video.mp4' });
      expect(external.status).toBe(200);
      expect(external.body.data.url_multimedia).toBe('https://cdn.example.com/video.mp4');
      expect(await fkOf('comunicado', 'id_archivo_multimedia', 'id_comunicado', id)).toBeNull();

      await t.http.put(`/api/comunicados/admin/${id}`).set('Authorization', await bearer(admin)).send({ url_multimedia: comunicado });
      const cleared = await t.http.put(`/api/comunicados/admin/${id}`).set('Authorization', await bearer(admin)).send({ url_multimedia: null });
      expect(cleared.body.data.url_multimedia).toBeNull();
      expect(await fkOf('comunicado', 'id_archivo_multimedia', 'id_comunicado', id)).toBeNull();
    });
  });
});
