import { randomUUID } from 'node:crypto';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { mondayInWeeks } from '../support/dates.js';
import { schemaValidatorAt } from '../support/openapi-contract.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { pdf, png, uploadedUrl } from '../support/upload-fixtures.js';

/** Whether openapi.json's schema of the operation's JSON body takes `body`. */
const schemaTakes = (method: string, path: string, body: object) => schemaValidatorAt('paths', path, method, 'requestBody', 'content', 'application/json', 'schema')(body);

/**
 * A client that checks its requests against openapi.json before sending them must not be let through
 * to a refusal the schema could have stated: the URL fields name a stored file's URL in their folder
 * (or, for media, any https URL), and idp_oid is a bare GUID.
 */
describe('openapi.json refuses the URLs and object IDs the service refuses, and takes those it takes', () => {
  let t: TestApp;
  let admin: Empleado;
  let ana: Empleado;
  let own: string;
  let documento: string;
  let comunicado: string;

  const bearer = async (who: Empleado) => `Bearer ${await t.idp.token(who.idp_oid)}`;
  const upload = async (who: Empleado, endpoint: 'solicitud' | 'documento' | 'comunicado', name: string, content: Buffer) =>
    uploadedUrl(t.http, await t.idp.token(who.idp_oid), endpoint, name, content);

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.factories.admin();
    ana = await t.factories.empleado();
    own = await upload(ana, 'solicitud', 'foto.png', png());
    documento = await upload(admin, 'documento', 'nomina.pdf', pdf());
    comunicado = await upload(admin, 'comunicado', 'cartel.png', png());
  });
  afterAll(() => t.close());

  /** Sends the body and says what the service and the schema made of it. */
  const verdicts = async (method: 'post' | 'put', path: string, url: string, body: object, who: Empleado) => {
    const response = await t.http[method](url).set('Authorization', await bearer(who)).send(body);
    return { status: response.status, code: response.body.code, schemaTakes: schemaTakes(method, path, body) };
  };

  let week = 1;
  const permiso = (url_documento: string) => {
    week += 1;
    const monday = mondayInWeeks(week);
    return verdicts('post', '/api/solicitudes/permisos', '/api/solicitudes/permisos', { fecha_inicio: monday, fecha_fin: monday, url_documento }, ana);
  };

  it.each([
    ['an external https URL', () => 'https://files.example.com/justificante.pdf', 'url_no_permitida'],
    ['a file of another folder', () => documento, 'url_no_permitida'],
    ['a stored URL with a query of its own', () => `${own}?descarga=1`, 'url_no_permitida'],
    ['a stored URL with a fragment', () => `${own}#pagina=2`, 'url_no_permitida'],
    ['a host validator.js refuses (an empty label)', () => own.replace('://', '://ess..'), 'validacion'],
  ])('url_documento: %s is refused by both', async (_case, url, code) => {
    expect(await permiso(url())).toEqual({ status: 400, code, schemaTakes: false });
  });

  it('url_documento: the upload and the signed URL answers give for it are taken by both', async () => {
    expect(await permiso(own)).toEqual({ status: 201, code: undefined, schemaTakes: true });
    const listed = await t.http.get('/api/solicitudes').set('Authorization', await bearer(ana));
    const signed: string = listed.body.data[0].url_documento;
    expect(signed).toMatch(/\?firma=[\w-]{43}&expira=\d+$/);
    expect(await permiso(signed)).toEqual({ status: 201, code: undefined, schemaTakes: true });
  });

  it.each([
    ['an external http URL', () => 'http://cdn.example.com/cartel.png', 400, false],
    ['a file of another folder', () => documento, 400, false],
    ['an external https URL', () => 'https://cdn.example.com/cartel.png', 201, true],
    ['an announcement upload', () => comunicado, 201, true],
  ])('url_multimedia: %s', async (_case, url, status, takes) => {
    const body = { titulo: 'Cierre', contenido: 'La oficina cierra el viernes.', url_multimedia: url() };
    expect(await verdicts('post', '/api/comunicados/admin', '/api/comunicados/admin', body, admin)).toMatchObject({ status, schemaTakes: takes });
  });

  it.each([
    ['a file of another folder', () => own, 400, false],
    ['a document upload', () => documento, 201, true],
  ])('a document url: %s', async (_case, url, status, takes) => {
    const body = { id_empleado: ana.id_empleado, titulo: 'Nómina', url: url() };
    expect(await verdicts('post', '/api/documentos', '/api/documentos', body, admin)).toMatchObject({ status, schemaTakes: takes });
  });

  it.each([
    ['an external URL', () => 'https://cdn.example.com/ana.png', 400, false],
    ['an image uploaded to solicitudes', () => own, 200, true],
    ['a blank value, which clears it', () => '  ', 200, true],
  ])("an employee's img_perfil: %s", async (_case, url, status, takes) => {
    expect(await verdicts('put', '/api/empleados/{id}', `/api/empleados/${ana.id_empleado}`, { img_perfil: url() }, admin)).toMatchObject({ status, schemaTakes: takes });
  });

  it.each([
    ['a GUID as a URN', () => `urn:uuid:${randomUUID()}`, 400, false],
    ['a GUID in upper case', () => randomUUID().toUpperCase(), 201, true],
  ])('idp_oid: %s', async (_case, oid, status, takes) => {
    const body = { correo: `u${randomUUID().slice(0, 8)}@example.com`, nombre: 'Nueva Persona', idp_oid: oid() };
    expect(await verdicts('post', '/api/empleados', '/api/empleados', body, admin)).toMatchObject({ status, schemaTakes: takes });
  });
});
