import { resolve } from 'node:path';
import { ServiceProcess } from './support/service-process.js';

const LISTENS_TWICE = resolve('test/resilience/support/fixtures/listens-twice.mjs');

/** The harness every resilience test starts its instances with. */
describe('waiting for an instance to be ready', () => {
  it('follows the port the process serves on, not one it listened on for a moment while starting', async () => {
    const service = ServiceProcess.spawn('listens twice', { databaseUrl: 'unused', jwksUri: 'unused', entry: LISTENS_TWICE });
    try {
      await service.ready(10_000);
      expect((await fetch(`${service.url}/api/health/ready`)).status).toBe(200);
    } finally {
      await service.stop();
    }
  });
});
