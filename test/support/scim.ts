import type { Response } from 'supertest';
import type { TestApp } from './test-app.js';

export const SCIM_TOKEN = 'scim-test-secret-0123456789abcdefghijklmnop';
export const SCIM_MEDIA_TYPE = /^application\/scim\+json; charset=utf-8$/;
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const LIST_RESPONSE_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_OP_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** Requests to /scim/v2 as Entra ID's provisioning service sends them: the bearer secret, bodies as application/scim+json. */
export function scimClient(t: TestApp, token = SCIM_TOKEN) {
  const url = (path: string) => `/scim/v2${path}`;
  const auth = `Bearer ${token}`;
  const withBody = (method: 'post' | 'put' | 'patch', path: string, body: unknown) =>
    t.http[method](url(path)).set('Authorization', auth).set('Content-Type', 'application/scim+json').send(JSON.stringify(body));
  return {
    get: (path: string) => t.http.get(url(path)).set('Authorization', auth),
    delete: (path: string) => t.http.delete(url(path)).set('Authorization', auth),
    post: (path: string, body: unknown) => withBody('post', path, body),
    put: (path: string, body: unknown) => withBody('put', path, body),
    patch: (path: string, body: unknown) => withBody('patch', path, body),
  };
}

/** A SCIM error body (RFC 7644 §3.12): the status as a string, an English detail, `scimType` when given. */
export function expectScimError(response: Response, status: number, scimType?: string): void {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(SCIM_MEDIA_TYPE);
  expect(response.body).toEqual({
    schemas: [ERROR_SCHEMA],
    status: String(status),
    ...(scimType && { scimType }),
    detail: expect.stringMatching(/^\S[\x20-\x7e]*\.$/),
  });
}
