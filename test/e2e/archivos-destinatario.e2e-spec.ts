import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { mondayInWeeks } from '../support/dates.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { getBytes, pdf, png, uploadedUrl } from '../support/upload-fixtures.js';

const taken = (campo: string) => ({
  success: false,
  message: `El archivo indicado en ${campo} pertenece a otra persona.`,
  code: 'archivo_de_otro_destinatario',
  errores: [{ campo, mensaje: 'debe nombrar un archivo que no pertenezca a otra persona: súbelo de nuevo para este destinatario.' }],
});

describe('a stored file belongs to the audience of the first row that names it', () => {
  let t: TestApp;
  let admin: Empleado;
  let otroAdmin: Empleado;

  const bearer = async (who: Empleado) => `Bearer ${await t.idp.token(who.idp_oid)}`;
  const upload = async (who: Empleado, endpoint: 'solicitud' | 'documento', name: string, content: Buffer) =>
    uploadedUrl(t.http, await t.idp.token(who.idp_oid), endpoint, name, content);
  const publish = async (para: Empleado, url: string, who = admin) =>
    t.http.post('/api/documentos').set('Authorization', await bearer(who)).send({ id_empleado: para.id_empleado, titulo: 'Nómina', url });
  const setImage = async (para: Empleado, img_perfil: string) =>
    t.http.put(`/api/empleados/${para.id_empleado}`).set('Authorization', await bearer(admin)).send({ img_perfil });
  const proposeImage = async (who: Empleado, img_perfil: string) =>
    t.http.post('/api/solicitudes/actualizacion-perfil').set('Authorization', await bearer(who)).send({ img_perfil });
  const requestWith = async (who: Empleado, url_documento: string, weeks = 2) =>
    t.http.post('/api/solicitudes/permisos').set('Authorization', await bearer(who)).send({ fecha_inicio: mondayInWeeks(weeks), fecha_fin: mondayInWeeks(weeks), url_documento });
  const reads = async (who: Empleado, url: string) => (await getBytes(t.http, new URL(url).pathname).set('Authorization', await bearer(who))).status;
  const documentsOf = async (who: Empleado) =>
    (await t.db.query('SELECT count(*)::int AS n FROM documento WHERE id_empleado = $1', [who.id_empleado]))[0].n;
  const imageOf = async (who: Empleado) => (await t.db.query('SELECT img_perfil FROM empleado WHERE id_empleado = $1', [who.id_empleado]))[0].img_perfil;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.factories.admin();
    otroAdmin = await t.factories.admin();
  });
  afterAll(() => t.close());

  describe("a document's url", () => {
    it("refuses Ana's payslip for Bruno's document, naming the field, and Bruno still cannot read it", async () => {
      const [ana, bruno] = [await t.factories.empleado(), await t.factories.empleado()];
      const nomina = await upload(admin, 'documento', 'nomina-ana.pdf', pdf());
      const published = await publish(ana, nomina);
      expect(published.status).toBe(201);

      // The signed URL from Ana's document is the same file.
      for (const url of [nomina, published.body.data.url]) {
        const response = await publish(bruno, url);
        expect(response.status).toBe(409);
        expect(response.body).toEqual(taken('url'));
      }
      expect(await documentsOf(bruno)).toBe(0);
      expect(await reads(bruno, nomina)).toBe(404);
      expect(await reads(ana, nomina)).toBe(200);
    });

    it('publishes the same file again for the same employee', async () => {
      const ana = await t.factories.empleado();
      const contrato = await upload(admin, 'documento', 'contrato.pdf', pdf());
      expect((await publish(ana, contrato)).status).toBe(201);
      expect((await publish(ana, contrato, otroAdmin)).status).toBe(201);
      expect(await documentsOf(ana)).toBe(2);
    });

    it("gives an admin's upload its first employee only through that admin", async () => {
      const ana = await t.factories.empleado();
      const nomina = await upload(admin, 'documento', 'nomina.pdf', pdf());
      const response = await publish(ana, nomina, otroAdmin);
      expect(response.status).toBe(409);
      expect(response.body).toEqual(taken('url'));
      expect((await publish(ana, nomina)).status).toBe(201);
    });

    it('lets only one of two parallel publications of one new upload for different employees through', async () => {
      for (let round = 0; round < 3; round += 1) {
        const [ana, bruno] = [await t.factories.empleado(), await t.factories.empleado()];
        const nomina = await upload(admin, 'documento', `nomina-${round}.pdf`, pdf());
        const answers = await Promise.all([publish(ana, nomina), publish(bruno, nomina)]);
        expect(answers.map((response) => response.status).sort()).toEqual([201, 409]);
        expect((await documentsOf(ana)) + (await documentsOf(bruno))).toBe(1);
      }
    });
  });

  describe('a profile image', () => {
    it("refuses Ana's upload as Bruno's image through the admin API, named by her request or by nothing yet", async () => {
      const [ana, bruno] = [await t.factories.empleado(), await t.factories.empleado()];
      const adjunta = await upload(ana, 'solicitud', 'justificante.png', png());
      expect((await requestWith(ana, adjunta)).status).toBe(201);
      const suelta = await upload(ana, 'solicitud', 'foto.png', png());

      for (const url of [adjunta, suelta]) {
        const response = await setImage(bruno, url);
        expect(response.status).toBe(409);
        expect(response.body).toEqual(taken('img_perfil'));
        expect(await reads(bruno, url)).toBe(404);
      }
      expect(await imageOf(bruno)).toBeNull();
    });

    it("refuses Ana's image, proposed in her profile update, in Bruno's own profile update", async () => {
      const [ana, bruno] = [await t.factories.empleado(), await t.factories.empleado()];
      const foto = await upload(ana, 'solicitud', 'ana.png', png());
      expect((await proposeImage(ana, foto)).status).toBe(201);

      const response = await proposeImage(bruno, foto);
      expect(response.status).toBe(409);
      expect(response.body).toEqual(taken('img_perfil'));
      expect(await reads(bruno, foto)).toBe(404);
      const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM solicitud WHERE id_empleado = $1', [bruno.id_empleado]);
      expect(n).toBe(0);
    });

    it("takes the same employee's file again: a request's image as their profile update and, by an admin, as their profile image", async () => {
      const ana = await t.factories.empleado();
      const foto = await upload(ana, 'solicitud', 'ana.png', png());
      expect((await requestWith(ana, foto)).status).toBe(201);
      expect((await proposeImage(ana, foto)).status).toBe(201);
      expect((await setImage(ana, foto)).status).toBe(200);
      expect(await imageOf(ana)).toBe(foto);
    });

    it("takes an admin's own upload as one employee's image, then as nobody else's", async () => {
      const [pablo, bruno] = [await t.factories.empleado(), await t.factories.empleado()];
      const foto = await upload(admin, 'solicitud', 'pablo.png', png());
      expect((await setImage(pablo, foto)).status).toBe(200);
      const response = await setImage(bruno, foto);
      expect(response.status).toBe(409);
      expect(response.body).toEqual(taken('img_perfil'));
    });
  });
});
