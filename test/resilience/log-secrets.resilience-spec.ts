import { waitFor } from '../support/wait-for.js';
import { OneInstance } from './support/one-instance.js';

/** The compiled service in production mode writes JSON logs to stdout; a calendar feed's key is not in them. */
describe('production logs of a calendar feed request', () => {
  const env = new OneInstance('ess_resilience');
  beforeAll(() => env.start({ LOG_LEVEL: 'info' }), 90_000);
  afterAll(() => env.stop());

  it('show the feed URL with its key redacted', () =>
    env.run(async () => {
      const { service, idp } = env;
      const output = service.watch(/./);
      const token = await idp.token((await env.seed.empleado()).oid);
      const created = await fetch(`${service.url}/api/calendario/enlace`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      expect(created.status).toBe(201);
      const key = new URL(((await created.json()) as { data: { url: string } }).data.url).searchParams.get('clave')!;

      expect((await fetch(`${service.url}/api/calendario.ics?clave=${key}`)).status).toBe(200);

      // Production buffers log lines and writes them at least every second.
      await waitFor(() => output.some((line) => line.includes('"url":"/api/calendario.ics')), 3_000);
      expect(output.join('\n')).not.toContain(key);
      expect(output.filter((line) => line.includes('"url":"/api/calendario.ics?clave=[redacted]"'))).toHaveLength(1);
    }));
});
