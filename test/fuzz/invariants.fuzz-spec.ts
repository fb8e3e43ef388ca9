import type { Response } from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { FuzzHarness } from './support/fuzz-harness.js';
import { operationsOf, type Operation } from './support/openapi-operations.js';
import { FuzzRequest } from './support/request-arbitraries.js';
import { prototypePollution, responseProblems } from './support/response-invariants.js';

/** The fuzz suite's oracle, shown to fail on the faults it exists to catch. */

const operation = operationsOf().find((candidate) => candidate.method === 'get' && candidate.path === '/api/solicitudes/{id}')!;
const upload = operationsOf().find((candidate) => candidate.multipart)!;

const response = (status: number, body: unknown, contentType = 'application/json; charset=utf-8'): Response =>
  ({ status, body, text: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': contentType } }) as unknown as Response;

const problemsOf = (candidate: Response, target: Operation = operation) => responseProblems(target, candidate);

describe('the fuzz oracle', () => {
  it('accepts the documented error bodies', () => {
    expect(problemsOf(response(404, { success: false, message: 'La solicitud no existe.', code: 'solicitud_no_encontrada' }))).toEqual([]);
    expect(problemsOf(response(400, { success: false, message: 'Los datos enviados no son válidos.', code: 'validacion', errores: [{ campo: 'id', mensaje: 'x.' }] }))).toEqual([]);
    expect(problemsOf(response(403, { message: 'Usuario no encontrado en el sistema.' }))).toEqual([]);
    expect(problemsOf(response(400, { success: false, message: 'No se adjuntó ningún archivo o el archivo no es válido.' }), upload)).toEqual([]);
  });

  it.each([
    ['a 5xx', response(500, { success: false, message: 'Error interno del servidor.', code: 'error_interno' }), /status 500/],
    ['a stack frame', response(400, { success: false, message: 'Fallo en at Foo.bar (/app/x.ts:1:2).', code: 'x' }), /leaks/],
    ['SQL text', response(409, { success: false, message: 'duplicate key value violates unique constraint "uq".', code: 'conflicto' }), /leaks/],
    ['a QueryFailedError', response(400, { success: false, message: 'QueryFailedError.', code: 'x' }), /leaks/],
    ['HTML', response(404, '<html>Cannot GET</html>', 'text/html'), /not JSON/],
    ['no code', response(400, { success: false, message: 'Mal.' }), /code/],
    ['success not false', response(400, { success: true, message: 'Mal.', code: 'x' }), /success/],
    ['an extra key', response(400, { success: false, message: 'Mal.', code: 'x', pista: 'y' }), /unexpected keys pista/],
    ['a malformed errores', response(400, { success: false, message: 'Mal.', code: 'validacion', errores: [{ campo: 'a' }] }), /errores/],
    ['an auth body that is not the spec’s', response(403, { message: 'Prohibido.' }), /403 bodies/],
    ['the upload body outside uploads', response(400, { success: false, message: 'No se adjuntó ningún archivo o el archivo no es válido.' }), /code/],
    ['a stack in a success', response(200, { status: 'success', data: 'at Object.<anonymous> (/work/main/src/a.ts:3:4)' }), /leaks/],
  ])('refuses %s', (_fault, candidate, problem) => {
    expect(problemsOf(candidate)).toEqual(expect.arrayContaining([expect.stringMatching(problem)]));
  });

  it('notices a polluted prototype', () => {
    expect(prototypePollution()).toEqual([]);
    (Object.prototype as Record<string, unknown>).polluted = 1;
    try {
      expect(prototypePollution()).toEqual([expect.stringContaining('Object.prototype gained properties')]);
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
    expect(prototypePollution()).toEqual([]);
  });

  describe('with a database', () => {
    let t: TestApp;
    let token: string;

    beforeAll(async () => {
      t = await startTestApp();
      token = await t.idp.token((await t.factories.empleado()).idp_oid);
    });
    afterAll(() => t.close());

    /** A harness whose "server" writes a holiday and then answers `status`, whatever the method. */
    const writingHarness = (status: number) => {
      const write = () => ({
        set: () =>
          t.db
            .query(`INSERT INTO dia_festivo (fecha, nombre) VALUES (DATE '2050-01-01' + (SELECT count(*)::int FROM dia_festivo), 'Escrito')`)
            .then(() => response(status, status < 300 ? { status: 'success', data: [] } : { success: false, message: 'Mal.', code: 'x' })),
      });
      const fake = { ...t, http: { get: write, post: write } } as unknown as TestApp;
      return new FuzzHarness(fake, { empleado: token, admin: token, superAdmin: token, representante: token });
    };

    it('reports a rejected call that changed data, naming the table', async () => {
      await expect(writingHarness(400).exercise(operation, new FuzzRequest('empleado', 'get', '/api/solicitudes/1'))).rejects.toThrow(/rejected call changed data: dia_festivo/);
    });

    it('reports a GET that changed data even when it succeeded', async () => {
      await expect(writingHarness(200).exercise(operation, new FuzzRequest('empleado', 'get', '/api/solicitudes/1'))).rejects.toThrow(/GET changed data: dia_festivo/);
    });

    it('lets an accepted write change data', async () => {
      const post: Operation = { ...operation, method: 'post' };
      await expect(writingHarness(201).exercise(post, new FuzzRequest('empleado', 'post', '/api/solicitudes/1'))).resolves.toMatchObject({ status: 201 });
    });

    it('passes a real rejected call that changed nothing', async () => {
      const harness = new FuzzHarness(t, { empleado: token, admin: token, superAdmin: token, representante: token });
      await expect(harness.exercise(operation, new FuzzRequest('empleado', 'get', '/api/solicitudes/abc'))).resolves.toMatchObject({ status: 400 });
    });
  });
});
