import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { PgBoss } from 'pg-boss';
import { mondayInWeeks } from '../support/dates.js';
import { TestIdentityProvider } from '../support/test-identity-provider.js';
import { waitFor } from '../support/wait-for.js';
import { call, outcomes, type Reply } from './support/http.js';
import { note, range } from './support/measurements.js';
import { deduplicated, RecordingSmtpServer } from './support/recording-smtp-server.js';
import { ROL_ADMINISTRADOR, Seed } from './support/seed.js';
import { ServiceProcess, withServiceOutput } from './support/service-process.js';
import { createThrowawayDatabase, openPool, type ThrowawayDatabase } from './support/throwaway-database.js';

const QUEUE = 'correo-notificacion';
const MAIL_FROM = 'Portal del Empleado <portal@empresa.es>';
const NOTIFICACIONES = 200;
/** Requests in flight at once, alternating between the instances. */
const IN_FLIGHT = 8;
/** Several polls of the queue (every 0.5 s): a message about to be sent a second time would have been. */
const SEVERAL_POLLS_MS = 1500;
/**
 * How long a claimed job may stay active in the crash test. In the app a job claimed by an instance that died
 * is failed once its 30 s heartbeat is stale, at the supervisor's next pass (once a minute), and retried after
 * the retry delay (5 minutes); the test sets the queue's expiry as an operator would (pg-boss `updateQueue`)
 * and supervises every second, to see the same path in seconds.
 */
const EXPIRY_SECONDS = 5;

const messageIdOf = (idNotificacion: number): string => `<notificacion-${idNotificacion}@empresa.es>`;

/**
 * E-mail notifications go out through an outbox: each is a pg-boss job written with the change, sent
 * by whichever instance claims it. Two compiled instances on one PostgreSQL database, each greeting a
 * real SMTP server in this process with its own name, so every arrival says who sent it.
 */
describe('the e-mail outbox on two instances sharing one database', () => {
  let idp: TestIdentityProvider;
  let database: ThrowawayDatabase;
  let db: pg.Pool;
  let smtp: RecordingSmtpServer;
  let seed: Seed;
  let adminToken: string;
  const services: ServiceProcess[] = [];
  let supervisor: PgBoss | undefined;

  beforeAll(async () => {
    idp = await TestIdentityProvider.startHttps();
    database = await createThrowawayDatabase('op_outbox');
    smtp = await RecordingSmtpServer.start();
    // One after the other: the first migrates the database and creates the queue, the second finds them.
    for (const name of ['a', 'b']) {
      services.push(
        await ServiceProcess.start(`instance ${name.toUpperCase()}`, {
          databaseUrl: database.url,
          jwksUri: idp.jwksUri,
          caFile: idp.caFile,
          env: {
            MAIL_TRANSPORT: 'smtp',
            SMTP_URL: smtp.urlFor(`instancia-${name}`),
            MAIL_FROM,
            APP_BASE_URL: 'https://portal.empresa.es',
            JOBS_POLLING_INTERVAL_SECONDS: '0.5',
            JOBS_RETRY_DELAY_SECONDS: '1',
            JOBS_RETRY_DELAY_MAX_SECONDS: '2',
          },
        }),
      );
    }
    db = openPool(database.url);
    seed = new Seed(db);
    adminToken = await idp.token((await seed.empleado(ROL_ADMINISTRADOR)).oid);
  }, 150_000);

  afterAll(async () => {
    await supervisor?.stop({ graceful: false, close: false });
    await Promise.all(services.map((service) => service.stop()));
    await db?.end();
    await database?.drop();
    await smtp?.close();
    await idp?.stop();
  });

  /** `count` employees, each with a pending one-day vacation request; answers the requests' ids. */
  async function pendingRequests(label: string, count: number): Promise<number[]> {
    const dia = mondayInWeeks(4);
    const { rows } = await db.query(
      `WITH e AS (
         INSERT INTO empleado (correo, nombre, id_rol, idp_oid)
         SELECT 'op-' || $1 || '-' || i || '@empresa.es', 'Persona ' || $1 || ' ' || i, 1, gen_random_uuid()::text
           FROM generate_series(1, $2) i
         RETURNING id_empleado),
       v AS (INSERT INTO vacaciones (id_empleado, anio, dias_asignados) SELECT id_empleado, extract(year FROM $3::date)::int, 22 FROM e)
       INSERT INTO solicitud (id_empleado, id_tipo_solicitud, fecha_inicio, fecha_fin, dias_solicitados, fecha_referencia)
       SELECT id_empleado, 1, $3::date, $3::date, 1, $3::date FROM e
       RETURNING id_solicitud`,
      [label, count, dia],
    );
    return rows.map((row) => row.id_solicitud as number);
  }

  /** An Admin approves each request through the API, IN_FLIGHT at a time, alternating instances; each approval e-mails its owner. */
  async function approveAll(ids: number[], instances = services): Promise<Reply[]> {
    const replies: Reply[] = [];
    let next = 0;
    await Promise.all(
      range(IN_FLIGHT).map(async () => {
        for (let i = next++; i < ids.length; i = next++) {
          replies.push(await call(instances[i % instances.length]!.url, 'PUT', `/api/solicitudes/${ids[i]}/aprobar`, { token: adminToken, body: {} }));
        }
      }),
    );
    return replies;
  }

  /** The Message-IDs of the approvals' notifications, one per request. */
  async function messageIdsOf(solicitudes: number[]): Promise<string[]> {
    const { rows } = await db.query('SELECT id_notificacion FROM notificacion WHERE id_solicitud = ANY($1) AND id_tipo_notificacion = 1', [solicitudes]);
    return rows.map((row) => messageIdOf(row.id_notificacion));
  }

  /** The e-mail jobs of these Message-IDs, by state. */
  async function jobStates(messageIds: string[]): Promise<Record<string, number>> {
    const ids = messageIds.map((id) => Number(/notificacion-(\d+)@/.exec(id)![1]));
    const { rows } = await db.query(
      `SELECT state, count(*)::int AS n FROM pgboss.job WHERE name = $1 AND (data->>'id_notificacion')::int = ANY($2) GROUP BY state`,
      [QUEUE, ids],
    );
    return Object.fromEntries(rows.map((row) => [row.state, row.n]));
  }

  const allArrived = (messageIds: string[]) => () => [...smtp.countsOf(messageIds).values()].every((count) => count >= 1);
  const notOnce = (messageIds: string[]) => [...smtp.countsOf(messageIds)].filter(([, count]) => count !== 1);

  it(`deliver ${NOTIFICACIONES} e-mails enqueued on both, each Message-ID exactly once, each instance sending some`, () =>
    withServiceOutput(
      () => services,
      async () => {
        const solicitudes = await pendingRequests('reparto', NOTIFICACIONES);
        const started = Date.now();
        const replies = await approveAll(solicitudes);
        expect(outcomes(replies)).toEqual({ '200': NOTIFICACIONES });
        const approvedMs = Date.now() - started;
        const messageIds = await messageIdsOf(solicitudes);
        expect(new Set(messageIds).size).toBe(NOTIFICACIONES);

        await waitFor(allArrived(messageIds), 30_000);
        note('e-mail outbox, two instances', `${NOTIFICACIONES} approvals in ${approvedMs} ms; every e-mail arrived ${Date.now() - started} ms after the first approval`);
        await sleep(SEVERAL_POLLS_MS);
        expect(notOnce(messageIds)).toEqual([]);
        await waitFor(async () => (await jobStates(messageIds)).completed === NOTIFICACIONES, 5000);

        const ours = new Set(messageIds);
        const via = (name: string) => smtp.arrivals.filter((arrival) => ours.has(arrival.messageId) && arrival.via === name).length;
        note('e-mail outbox, two instances', `instance A sent ${via('instancia-a')}, instance B ${via('instancia-b')}`);
        expect(via('instancia-a')).toBeGreaterThan(0);
        expect(via('instancia-b')).toBeGreaterThan(0);
        expect(via('instancia-a') + via('instancia-b')).toBe(NOTIFICACIONES);
        // What a crash costs in production (docs/email-outbox.md): a claimed job is taken again only after pg-boss' default expiry.
        const { rows: policy } = await db.query('SELECT DISTINCT expire_seconds, heartbeat_seconds FROM pgboss.job WHERE name = $1', [QUEUE]);
        expect(policy).toEqual([{ expire_seconds: 900, heartbeat_seconds: 30 }]);
      },
    ));

  it('retry while the SMTP server refuses (451), then deliver each e-mail once when it accepts again', () =>
    withServiceOutput(
      () => services,
      async () => {
        const count = 20;
        smtp.refusing = true;
        const refusalsBefore = smtp.refusals;
        const solicitudes = await pendingRequests('caida', count);
        expect(outcomes(await approveAll(solicitudes))).toEqual({ '200': count });
        const messageIds = await messageIdsOf(solicitudes);

        // Every job has failed at least once and waits for its retry; nothing got through.
        await waitFor(async () => (await jobStates(messageIds)).retry === count, 20_000);
        expect([...smtp.countsOf(messageIds).values()].every((n) => n === 0)).toBe(true);
        const refused = smtp.refusals - refusalsBefore;
        expect(refused).toBeGreaterThanOrEqual(count);

        const upAt = Date.now();
        smtp.refusing = false;
        await waitFor(allArrived(messageIds), 20_000);
        note('e-mail outbox, SMTP down', `${refused} tries refused with 451; all ${count} arrived ${Date.now() - upAt} ms after the server accepted again`);
        await sleep(SEVERAL_POLLS_MS);
        expect(notOnce(messageIds)).toEqual([]);
        expect(await jobStates(messageIds)).toEqual({ completed: count });
      },
    ));

  it('send again, with the same Message-ID, an e-mail whose sender was killed before it recorded the send: the receiver keeps one of each', () =>
    withServiceOutput(
      () => services,
      async () => {
        const count = 20;
        // Stands in for the instances' own supervisor, which checks once a minute: the test has seconds.
        supervisor = new PgBoss({
          db: { executeSql: (text, values) => db.query(text, values) },
          schema: 'pgboss',
          migrate: false,
          schedule: false,
          registerInstance: false,
          superviseIntervalSeconds: 1,
          monitorIntervalSeconds: 1,
        });
        supervisor.on('error', (error) => note('e-mail outbox, crash', `supervisor error: ${error.message}`));
        await supervisor.start();
        await supervisor.updateQueue(QUEUE, { expireInSeconds: EXPIRY_SECONDS });

        const solicitudes = await pendingRequests('caida-instancia', count);
        // The third e-mail one instance sends, likely amid a claimed batch whose first ones it has delivered.
        const sentBy = new Map<string, number>();
        const held = smtp.holdFirst((arrival) => {
          if (!arrival.to.startsWith('op-caida-instancia-')) return false;
          sentBy.set(arrival.via, (sentBy.get(arrival.via) ?? 0) + 1);
          return sentBy.get(arrival.via) === 3;
        });
        expect(outcomes(await approveAll(solicitudes))).toEqual({ '200': count });
        const messageIds = await messageIdsOf(solicitudes);
        const ours = new Set(messageIds);

        const first = await held;
        const victim = services.find((service) => service.name === `instance ${first.via.slice(-1).toUpperCase()}`)!;
        const survivor = services.find((service) => service !== victim)!;
        victim.signal('SIGKILL');
        await victim.exited;
        const killedAt = Date.now();
        // The 250 now goes to a closed connection: the message arrived, its sender never learnt it.
        first.release();
        // Its claimed jobs stay active until they expire: those not sent yet, and the one held, delivered but not recorded.
        const { rows: active } = await db.query(
          `SELECT (data->>'id_notificacion')::int AS id FROM pgboss.job WHERE name = $1 AND state = 'active' AND (data->>'id_notificacion')::int = ANY($2)`,
          [QUEUE, messageIds.map((id) => Number(/notificacion-(\d+)@/.exec(id)![1]))],
        );
        const deliveredUnrecorded = new Set(
          active.map((row) => messageIdOf(row.id)).filter((id) => smtp.arrivals.some((arrival) => arrival.messageId === id && arrival.via === first.via)),
        );
        expect(deliveredUnrecorded.has(first.messageId)).toBe(true);

        await waitFor(async () => allArrived(messageIds)() && (await jobStates(messageIds)).completed === count, 40_000);
        const again = smtp.arrivals.filter((arrival) => arrival.messageId === first.messageId);
        note(
          'e-mail outbox, crash',
          `${victim.name} killed holding ${first.messageId} (${active.length} jobs active then, ${deliveredUnrecorded.size} of them delivered by it); sent again by ${again[1]?.via} ${again[1]!.at - killedAt} ms after the kill (expiry ${EXPIRY_SECONDS} s)`,
        );
        expect(again.map((arrival) => arrival.via)).toEqual([first.via, `instancia-${survivor.name.slice(-1).toLowerCase()}`]);

        await sleep(SEVERAL_POLLS_MS);
        const counts = smtp.countsOf(messageIds);
        const repeated = [...counts].filter(([, n]) => n > 1);
        note('e-mail outbox, crash', `${repeated.length} e-mails arrived twice: ${repeated.map(([id]) => id).join(' ')}`);
        // Sent again: only the e-mail in hand when the instance died; each job is recorded as soon as it is sent.
        expect(deliveredUnrecorded).toEqual(new Set([first.messageId]));
        expect(repeated).toEqual([[first.messageId, 2]]);
        const ourArrivals = smtp.arrivals.filter((arrival) => ours.has(arrival.messageId));
        expect(deduplicated(ourArrivals)).toEqual(ours);
        expect(await jobStates(messageIds)).toEqual({ completed: count });
      },
    ));
});
