import { waitFor } from '../support/wait-for.js';
import { TwoInstances } from './support/two-instances.js';

const REQUEST_LINE = /"url":"\/api\/empleados\/me".*"statusCode":200/;

/** Production logs are buffered for throughput; a quiet instance still writes its last lines within seconds. */
describe('production logs of a quiet instance', () => {
  const env = new TwoInstances({ LOG_LEVEL: 'info' });
  beforeAll(() => env.start(), 90_000);
  afterAll(() => env.stop());

  it('reach stdout within two seconds when no more traffic pushes them out', () =>
    env.run(async () => {
      const logged = env.services[0]!.watch(REQUEST_LINE);
      const token = await env.idp.token((await env.seed.empleado()).oid);
      const response = await fetch(`${env.url(0)}/api/empleados/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);

      await waitFor(async () => logged.length > 0, 2_000);
      expect(logged).toHaveLength(1);
    }), 60_000);
});
