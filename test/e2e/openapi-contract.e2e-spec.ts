import { checkAnswer } from '../support/openapi-contract.js';

const json = (body: unknown) => Buffer.from(JSON.stringify(body));
const JSON_TYPE = 'application/json; charset=utf-8';
const me = { id_empleado: 7, correo: 'ana@example.com', nombre: 'Ana', rol: { id_rol: 1, nombre: 'Empleado' } };

describe('the contract check every e2e answer goes through', () => {
  it('accepts an answer openapi.json describes', () => {
    expect(checkAnswer('GET', '/api/empleados/me', 200, JSON_TYPE, json(me))).toBeUndefined();
  });

  it('flags a status the operation does not declare', () => {
    expect(checkAnswer('GET', '/api/empleados/me', 418, JSON_TYPE, json({}))).toMatch(/status 418 is not declared for GET \/api\/empleados\/me/);
  });

  it('flags a content type the status does not declare', () => {
    expect(checkAnswer('GET', '/api/empleados/me', 401, 'text/html', Buffer.from('<p>no</p>'))).toMatch(/content type "text\/html" is not declared/);
  });

  it('flags a body its schema refuses, naming the field', () => {
    expect(checkAnswer('GET', '/api/empleados/3', 403, JSON_TYPE, json({ mensaje: 'x' }))).toMatch(/body of 403 does not match.*message/);
  });

  it('flags a JSON content type whose body is not JSON', () => {
    expect(checkAnswer('GET', '/api/empleados/me', 200, JSON_TYPE, Buffer.from('{"id_empleado":'))).toMatch(/is not JSON/);
  });

  it('matches a literal path before a parameter: /api/solicitudes/vacaciones is not /api/solicitudes/{id}', () => {
    expect(checkAnswer('POST', '/api/solicitudes/vacaciones', 201, JSON_TYPE, json({ success: true }))).toMatch(/POST \/api\/solicitudes\/vacaciones/);
  });

  it('leaves paths and methods outside the contract alone', () => {
    expect(checkAnswer('GET', '/api/no-existe', 404, JSON_TYPE, json({}))).toBeUndefined();
    expect(checkAnswer('DELETE', '/api/health', 405, JSON_TYPE, json({}))).toBeUndefined();
  });
});
