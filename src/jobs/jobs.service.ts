import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { type Job, type JobResult, PgBoss, type SendOptions } from 'pg-boss';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { type ObservedBacklog, observeJobBacklog } from '../telemetry/service-metrics.js';
import { poolDatabase, transactionDatabase } from './job-databases.js';

/** pg-boss' tables live apart from the application's, in a schema it creates and migrates itself. */
export const JOBS_SCHEMA = 'pgboss';
/** Under main.ts' 10 s shutdown deadline. A handler still running then fails its attempt, which is retried like any failure. */
const STOP_GRACE_MS = 5000;
/**
 * Jobs one poll claims at most. pg-boss waits a whole polling interval after every fetch, even one that
 * found work, unless a fetch comes back full: with batches of one a queue drained one job per interval.
 */
const BATCH_SIZE = 5;
/**
 * A worker refreshes its jobs' heartbeat every half of this; a job whose instance died is failed once it is
 * this stale (within the supervisor's minute) and retried, instead of waiting out pg-boss' 15-minute expiry.
 */
const HEARTBEAT_SECONDS = 30;

export interface JobAttempt {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
}

/** Handles one job; a rejection fails this attempt, and the job is retried with backoff until its retries run out. */
export type JobHandler<T extends object> = (data: T, attempt: JobAttempt) => Promise<void>;

/** What a caller may set on one job; the retry policy comes from configuration unless overridden here. */
export type EnqueueOptions = Pick<SendOptions, 'startAfter' | 'retryLimit' | 'retryDelay' | 'retryDelayMax'>;

export interface JobEngineStatus {
  started: boolean;
  /** Why the engine did not start; null while it runs or has not tried yet. */
  failure: string | null;
}

/** What waits in one queue: jobs not yet done (waiting, retrying or running), and how long the oldest has waited. */
export type QueueBacklog = ObservedBacklog;

export class UnknownQueueError extends Error {}

/**
 * The job engine: pg-boss on the application's own pool, in schema `pgboss`. Started when the module
 * initialises (before any `onApplicationBootstrap` registers a handler), stopped when the application
 * closes, before the data source: jobs not finished stay in the database for the next start.
 */
@Injectable()
export class JobsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Jobs');
  private readonly boss: PgBoss;
  /** Queues created and in pg-boss' cache: sending to another would read the queue outside the caller's transaction. */
  private readonly queues = new Set<string>();
  private state: JobEngineStatus = { started: false, failure: null };
  private stopObservingBacklog: (() => void) | null = null;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.boss = new PgBoss({ db: poolDatabase(dataSource), schema: JOBS_SCHEMA });
    this.boss.on('error', (error) => this.logger.error(`Job engine error: ${error.message}`));
    this.boss.on('warning', (warning) => this.logger.warn(`Job engine warning: ${warning.message}`));
  }

  async onModuleInit(): Promise<void> {
    try {
      await this.boss.start();
      this.state = { started: true, failure: null };
      this.stopObservingBacklog = observeJobBacklog(() => this.backlog());
      this.logger.log(`Job engine started (schema ${JOBS_SCHEMA}, polling every ${this.config.jobs.pollingIntervalSeconds} s)`);
    } catch (error) {
      this.state = { started: false, failure: (error as Error).message };
      this.logger.error(`Job engine failed to start: ${this.state.failure}`);
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.stopObservingBacklog?.();
    if (!this.state.started) return;
    this.state = { started: false, failure: null };
    await this.boss.stop({ graceful: true, timeout: STOP_GRACE_MS, close: false });
  }

  status(): JobEngineStatus {
    return this.state;
  }

  /**
   * Runs `handler` for the jobs of `queue`, one job at a time per instance (claimed in batches of up
   * to BATCH_SIZE), creating the queue when it is new. Call it from `onApplicationBootstrap`; without
   * a started engine it registers nothing (the failure was logged, and readiness reports it).
   */
  async work<T extends object>(queue: string, handler: JobHandler<T>): Promise<void> {
    if (!this.state.started) return;
    await this.boss.createQueue(queue);
    this.queues.add(queue);
    const options = { pollingIntervalSeconds: this.config.jobs.pollingIntervalSeconds, batchSize: BATCH_SIZE, burstWhenBatchFull: true, perJobResults: true } as const;
    await this.boss.work<T>(queue, options, async (jobs) => {
      const results: JobResult[] = [];
      for (const job of jobs) results.push(await this.attempt(queue, job, handler));
      return results;
    });
  }

  /** One job of a batch: a failure is this job's alone, retried later, and does not fail the others. */
  private async attempt<T extends object>(queue: string, job: Job<T>, handler: JobHandler<T>): Promise<JobResult> {
    try {
      await handler(job.data, { id: job.id, retryCount: job.retryCount });
      // Recorded now, not with the rest of the batch: a crash later in the batch then repeats only the job in hand.
      await this.boss.complete(queue, job.id).catch((error: Error) => this.logger.warn(`Job ${job.id} of queue ${queue} done, its completion left to the batch: ${error.message}`));
      return { id: job.id, status: 'completed' };
    } catch (error) {
      const message = (error as Error).message;
      this.logger.warn(`Job ${job.id} of queue ${queue} failed on attempt ${job.retryCount + 1}: ${message}`);
      return { id: job.id, status: 'failed', output: { message } };
    }
  }

  /**
   * Inserts a job in the caller's transaction (`manager` from `dataSource.transaction`): it exists
   * once that transaction commits, and never if it rolls back. Answers the job's id.
   */
  async enqueue<T extends object>(manager: EntityManager, queue: string, data: T, options: EnqueueOptions = {}): Promise<string> {
    this.assertKnown(queue);
    const id = await this.boss.send(queue, data, { ...this.jobPolicy(), ...options, db: transactionDatabase(manager) });
    // send answers null only for a singleton key already taken, which these options cannot set.
    return id as string;
  }

  /**
   * `enqueue` for many jobs of one queue, in one statement of the caller's transaction. Answers how many
   * were queued: all of them, or, while the engine could not start here, those `enqueueWithoutEngine` kept.
   */
  async enqueueMany<T extends object>(manager: EntityManager, queue: string, data: readonly T[]): Promise<number> {
    if (data.length === 0) return 0;
    if (!this.state.started) return this.enqueueWithoutEngine(manager, queue, data);
    this.assertKnown(queue);
    const policy = this.jobPolicy();
    await this.boss.insert(
      queue,
      data.map((item) => ({ data: item, ...policy })),
      { db: transactionDatabase(manager) },
    );
    return data.length;
  }

  /**
   * The engine did not start in this instance (its failure is logged and readiness reports it), but its
   * tables may well be there, written by an earlier start or another instance: then the jobs are written
   * straight into them, in the caller's transaction, and whichever instance runs the engine does them.
   * pg-boss cannot do it itself (its queue cache exists only once started), so this writes the columns
   * its own insert writes, with the queue's settings. Without the tables or the queue nothing is written:
   * the caller's change must not fail because a follow-up could not be queued. Answers how many were queued.
   */
  private async enqueueWithoutEngine<T extends object>(manager: EntityManager, queue: string, data: readonly T[]): Promise<number> {
    const { retryLimit, retryDelay, retryDelayMax, heartbeatSeconds } = this.jobPolicy();
    const runner = transactionDatabase(manager);
    await runner.executeSql('SAVEPOINT jobs_without_engine');
    try {
      const { rows } = await runner.executeSql(
        `INSERT INTO ${JOBS_SCHEMA}.job (name, data, retry_limit, retry_delay, retry_backoff, retry_delay_max, expire_seconds, deletion_seconds, keep_until, policy, dead_letter, heartbeat_seconds)
         SELECT q.name, d.value, $3, $4, true, $5, q.expire_seconds, q.deletion_seconds, now() + q.retention_seconds * interval '1 second', q.policy, q.dead_letter, $6
           FROM ${JOBS_SCHEMA}.queue q CROSS JOIN jsonb_array_elements($2::jsonb) d
          WHERE q.name = $1
         RETURNING id`,
        [queue, JSON.stringify(data), retryLimit, retryDelay, retryDelayMax, heartbeatSeconds],
      );
      await runner.executeSql('RELEASE SAVEPOINT jobs_without_engine');
      if (rows.length === 0) this.logger.error(`Job engine not started: ${data.length} job(s) of queue ${queue} not queued (the queue does not exist yet)`);
      else this.logger.warn(`Job engine not started: ${rows.length} job(s) of queue ${queue} queued for an instance whose engine runs`);
      return rows.length;
    } catch (error) {
      await runner.executeSql('ROLLBACK TO SAVEPOINT jobs_without_engine');
      this.logger.error(`Job engine not started: ${data.length} job(s) of queue ${queue} not queued: ${(error as Error).message}`);
      return 0;
    }
  }

  /**
   * One job of `queue` (created when new) at each tick of `cron` in `timeZone`, sent by exactly one instance
   * whichever number run: pg-boss' schedule row, read by every instance's cron pass, whose sends share one
   * singleton slot per tick. A job missed while no instance ran is skipped, not caught up. No-op without an engine.
   */
  async schedule(queue: string, cron: string, timeZone: string): Promise<void> {
    if (!this.state.started) return;
    await this.boss.createQueue(queue);
    await this.boss.schedule(queue, cron, null, { tz: timeZone, ...this.jobPolicy() });
  }

  /** Removes the schedule of `queue`, if any (its cron was turned off). */
  async unschedule(queue: string): Promise<void> {
    if (!this.state.started) return;
    await this.boss.createQueue(queue);
    await this.boss.unschedule(queue);
  }

  /** The backlog of every queue this instance works and of any other with jobs not yet done; pg-boss' own queues left out. */
  async backlog(): Promise<QueueBacklog[]> {
    const rows: { queue: string; pending: number; oldest_age_seconds: number }[] = await this.dataSource.query(
      `SELECT name AS queue, count(*)::int AS pending, floor(extract(epoch FROM now() - min(created_on)))::int AS oldest_age_seconds
         FROM ${JOBS_SCHEMA}.job
        WHERE state IN ('created', 'retry', 'active') AND name NOT LIKE '#_#_pgboss#_#_%' ESCAPE '#'
        GROUP BY name`,
    );
    const backlog = new Map([...this.queues].map((queue) => [queue, { queue, pending: 0, oldestAgeSeconds: 0 }]));
    for (const row of rows) backlog.set(row.queue, { queue: row.queue, pending: row.pending, oldestAgeSeconds: row.oldest_age_seconds });
    return [...backlog.values()].sort((a, b) => a.queue.localeCompare(b.queue));
  }

  /** A failed job of `queue` tried once more as soon as a worker polls (pg-boss raises its retry limit by one). */
  async retry(queue: string, id: string): Promise<void> {
    await this.boss.retry(queue, id);
  }

  private assertKnown(queue: string): void {
    if (!this.queues.has(queue)) {
      throw new UnknownQueueError(`Queue ${queue} has no handler in this instance: register one with work() at bootstrap`);
    }
  }

  private jobPolicy() {
    const { retryLimit, retryDelaySeconds, retryDelayMaxSeconds } = this.config.jobs;
    return { retryLimit, retryDelay: retryDelaySeconds, retryBackoff: true, retryDelayMax: retryDelayMaxSeconds, heartbeatSeconds: HEARTBEAT_SECONDS };
  }
}
