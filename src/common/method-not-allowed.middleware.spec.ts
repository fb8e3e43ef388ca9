import express, { type NextFunction, type Request, type Response } from 'express';
import request from 'supertest';
import { costGrowth } from '../../test/support/relative-cost.js';
import type { ApiError } from './api-error.js';
import { methodNotAllowed } from './method-not-allowed.middleware.js';

/** A real Express app with the middleware in front of two routes (and `others` more), errors answered with their status. */
function appWithRoutes(others = 0) {
  const app = express();
  app.use(methodNotAllowed(app));
  for (let index = 0; index < others; index += 1) app.get(`/other-${index}/:id`, (_request, response) => void response.end());
  app.get('/items/:id', (_request, response) => void response.json({ ok: true }));
  app.delete('/items/:id', (_request, response) => void response.status(204).end());
  app.use((error: ApiError, _request: Request, response: Response, _next: NextFunction) => void response.status(error.getStatus()).json(error.body));
  return app;
}

describe('methodNotAllowed', () => {
  it('answers 405 with Allow for a method the path has no route for, the first time and every time after', async () => {
    const app = appWithRoutes();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await request(app).post('/items/7');
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('DELETE, GET, HEAD');
    }
    await expect(request(app).get('/items/7')).resolves.toHaveProperty('status', 200);
  });

  it('keeps answering right after more distinct paths than it remembers', async () => {
    const app = appWithRoutes();
    await request(app).post('/items/first');
    for (let id = 0; id < 1_100; id += 1) await request(app).get(`/items/${id}`);
    const response = await request(app).post('/items/first');
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('DELETE, GET, HEAD');
    await expect(request(app).delete('/items/first')).resolves.toHaveProperty('status', 204);
  });

  it("costs a known path the same whatever the number of routes (each request matched every route before)", () => {
    const checkOnRoutes = (routes: number) => {
      const check = methodNotAllowed(appWithRoutes(routes));
      const known = { path: '/items/7', method: 'GET' } as Request;
      return () => check(known, {} as Response, () => undefined);
    };
    expect(costGrowth(checkOnRoutes, 50, 20)).toBeLessThan(3);
  });

  it('leaves a path no route matches to the router (404)', async () => {
    await expect(request(appWithRoutes()).post('/elsewhere')).resolves.toHaveProperty('status', 404);
  });
});
