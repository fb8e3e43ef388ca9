import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { redisTestPrefix, TEST_REDIS_URL } from '../support/redis.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const TOO_MANY = { success: false, message: 'Demasiadas solicitudes. Inténtalo de nuevo más tarde.', code: 'demasiadas_solicitudes' };

describe.each([
  ['in this process', () => ({})],
  ['in Redis', () => ({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: redisTestPrefix() })],
])('per-caller rate limit, counted %s', (_where, storage) => {
  let t: TestApp;
  const env = storage();

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3', ...env } });
  });
  afterAll(() => t.close());

  const me = (token: string) => t.http.get('/api/empleados/me').set('Authorization', `Bearer ${token}`);

  it('answers 429 with Retry-After once a caller exceeds RATE_LIMIT_PER_MINUTE, per caller', async () => {
    const first = await t.idp.token((await t.factories.empleado()).idp_oid);
    const second = await t.idp.token((await t.factories.empleado()).idp_oid);

    const replies = [];
    for (let i = 0; i < 4; i += 1) replies.push(await me(first));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 429]);
    expect(replies[0]!.headers).toMatchObject({ 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '2' });

    const limited = await me(first);
    expect(limited.body).toEqual(TOO_MANY);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);

    expect((await me(second)).status).toBe(200);
  });

  it('never limits the health endpoints', async () => {
    const statuses = await Promise.all(Array.from({ length: 10 }, () => t.http.get('/api/health')));
    expect(statuses.every((response) => response.status === 200)).toBe(true);
  });
});

describe('per-caller rate limit with REDIS_URL', () => {
  it('keeps the counters in Redis under REDIS_KEY_PREFIX, where every instance sees them', async () => {
    const prefix = redisTestPrefix();
    const t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5', REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix } });
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const empleado = await t.factories.empleado();
      const token = await t.idp.token(empleado.idp_oid);
      for (let i = 0; i < 2; i += 1) expect((await t.http.get('/api/empleados/me').set('Authorization', `Bearer ${token}`)).status).toBe(200);
      expect(await redis.get(`${prefix}rate:empleado:${empleado.id_empleado}`)).toBe('2');

      // Another instance has already spent the rest of this caller's minute.
      await redis.incrby(`${prefix}rate:empleado:${empleado.id_empleado}`, 3);
      const response = await t.http.get('/api/empleados/me').set('Authorization', `Bearer ${token}`);
      expect(response.status).toBe(429);
      expect(response.body).toEqual(TOO_MANY);
    } finally {
      await redis.quit();
      await t.close();
    }
  });

  it('keeps limiting in each instance alone while Redis is unreachable, and logs it', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: 'redis://127.0.0.1:1', REDIS_KEY_PREFIX: redisTestPrefix() } });
    try {
      const token = await t.idp.token((await t.factories.empleado()).idp_oid);
      const statuses = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await t.http.get('/api/empleados/me').set('Authorization', `Bearer ${token}`)).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(warn.mock.calls.filter(([message]) => String(message).startsWith('Redis unavailable'))).toHaveLength(1);
    } finally {
      warn.mockRestore();
      await t.close();
    }
  });
});
