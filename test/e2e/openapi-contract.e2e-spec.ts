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

  describe('on /scim/v2, whose answers are application/scim+json', () => {
    const SCIM_TYPE = 'application/scim+json; charset=utf-8';
    const user = {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
      id: '42',
      externalId: '0f8a4c3e-5b7d-4f1a-9c2e-6d3b8a1f0e47',
      userName: 'ana@example.com',
      displayName: 'Ana',
      name: { formatted: 'Ana' },
      active: true,
      emails: [{ value: 'ana@example.com', type: 'work', primary: true }],
      roles: [{ value: 'Empleado', display: 'Empleado', primary: true }],
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { manager: { value: '7', $ref: 'https://ess.example.com/scim/v2/Users/7', displayName: 'Inés' } },
      meta: { resourceType: 'User', created: '2026-11-01T10:00:00.000Z', lastModified: '2026-11-01T10:00:00.000Z', location: 'https://ess.example.com/scim/v2/Users/42' },
    };

    it('accepts a User answer', () => {
      expect(checkAnswer('GET', '/scim/v2/Users/42', 200, SCIM_TYPE, json(user))).toBeUndefined();
    });

    it('flags a ListResponse without its Resources', () => {
      const list = { schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 0, startIndex: 1, itemsPerPage: 0 };
      expect(checkAnswer('GET', '/scim/v2/Users', 200, SCIM_TYPE, json(list))).toMatch(/body of 200 does not match.*Resources/);
    });

    it("reads the manager's `$ref` as the SCIM attribute it is: a manager without it is flagged", () => {
      const withoutRef = { ...user, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { manager: { value: '7', displayName: 'Inés' } } };
      expect(checkAnswer('GET', '/scim/v2/Users/42', 200, SCIM_TYPE, json(withoutRef))).toMatch(/body of 200 does not match.*\$ref/);
    });
  });

  it('leaves paths and methods outside the contract alone', () => {
    expect(checkAnswer('GET', '/api/no-existe', 404, JSON_TYPE, json({}))).toBeUndefined();
    expect(checkAnswer('DELETE', '/api/health', 405, JSON_TYPE, json({}))).toBeUndefined();
  });
});
