import { setTimeout as sleep } from 'node:timers/promises';
import { startAzurite, type Azurite } from '../support/azurite.js';
import { multipart, pngOfSize } from '../support/upload-fixtures.js';
import { waitFor } from '../support/wait-for.js';
import { ROL_ADMINISTRADOR } from './support/seed.js';
import { TwoInstances } from './support/two-instances.js';

/** The line an instance logs for each run of the clean-up it does: `Unused uploads <minute>: <n> removed`. */
const RUN_LINE = /Unused uploads (\S+): (\d+) removed/;

async function upload(baseUrl: string, token: string, endpoint: string, filename: string): Promise<string> {
  const { body, contentType } = multipart([{ filename, content: pngOfSize(2048) }]);
  const response = await fetch(`${baseUrl}/api/uploads/${endpoint}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

/**
 * Waits for a moment between seconds 5 and 45 of a minute, at least two seconds from now: this
 * minute's run is over by then (it claims the minute at its first tick) and the next is 15 s away.
 */
async function betweenRuns(): Promise<void> {
  await sleep(2000);
  while (new Date().getSeconds() < 5 || new Date().getSeconds() > 45) await sleep(250);
}

/** Both instances fire the clean-up every second; runs are keyed by their minute, so one instance works per minute. */
describe('the unused-upload clean-up on two instances (one Azurite container)', () => {
  let azurite: Azurite;
  let env: TwoInstances;
  beforeAll(async () => {
    azurite = await startAzurite();
    env = new TwoInstances({
      STORAGE: 'azure',
      AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
      SCHEDULED_JOBS: 'true',
      REMINDER_CRON: 'off',
      UPLOAD_ORPHAN_CRON: '* * * * * *',
      UPLOAD_ORPHAN_GRACE_MINUTES: '0',
      LOG_LEVEL: 'info',
      // One address for both, as behind a load balancer: a URL returned by one is accepted by the other.
      PUBLIC_BASE_URL: 'https://ess.example.com',
    });
    await env.start();
  }, 90_000);
  afterAll(async () => {
    await env?.stop();
    await azurite?.stop();
  });

  it('removes the uploads no record uses once, by one instance per tick, and keeps the one a document uses', () =>
    env.run(async () => {
      const logged = env.services.map((service) => service.watch(RUN_LINE));
      const admin = await env.idp.token((await env.seed.empleado(ROL_ADMINISTRADOR)).oid);
      const ana = await env.seed.empleado();
      // A grace of 0 would take the used file too if a run fell between its upload and the document naming it.
      await betweenRuns();
      const orphans = [await upload(env.url(0), admin, 'documento', 'borrador.png'), await upload(env.url(1), admin, 'documento', 'copia.png')];
      const used = await upload(env.url(0), admin, 'documento', 'nomina.png');
      const documento = await fetch(`${env.url(1)}/api/documentos`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ id_empleado: ana.id, titulo: 'Nómina', url: used }),
      });
      expect(documento.status).toBe(201);
      const statusOf = async (url: string, instance: number) =>
        (await fetch(`${env.url(instance)}${new URL(url).pathname}`, { headers: { authorization: `Bearer ${admin}` } })).status;

      const runs = () =>
        logged.flat().map((line) => {
          const [, minute, removed] = RUN_LINE.exec(line)!;
          return { minute, removed: Number(removed) };
        });
      const removedSoFar = () => runs().reduce((sum, run) => sum + run.removed, 0);
      // Both conditions: a run logs after its whole batch, and the files are gone a moment before.
      await waitFor(async () => {
        const gone = [await statusOf(orphans[0]!, 0), await statusOf(orphans[1]!, 1)].every((status) => status === 404);
        return gone && removedSoFar() >= orphans.length;
      }, 75_000);

      expect(removedSoFar()).toBe(orphans.length);
      expect([await statusOf(orphans[0]!, 0), await statusOf(orphans[1]!, 1)]).toEqual([404, 404]);
      expect(await statusOf(used, 0)).toBe(200);
      expect(await statusOf(used, 1)).toBe(200);
      // Both fired every second; each minute was worked by one of them, once.
      expect(runs().map((run) => run.minute)).toEqual([...new Set(runs().map((run) => run.minute))]);
    }), 120_000);
});
