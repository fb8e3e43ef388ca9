import { CircuitBreaker } from './circuit-breaker.js';

const RETRY_AFTER_MS = 30_000;
const STALLED = new Error('Command timed out');

/** A promise settled from outside: a remote call or probe still in flight. */
function pending<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((done, fail) => ([resolve, reject] = [done, fail]));
  return { promise, resolve, reject };
}

/** Lets the breaker's own continuations run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('CircuitBreaker', () => {
  let now: number;
  let probes: ReturnType<typeof pending<void>>[];
  let events: string[];
  let breaker: CircuitBreaker;

  beforeEach(() => {
    now = 0;
    probes = [];
    events = [];
    breaker = new CircuitBreaker({
      failuresToOpen: 3,
      retryAfterMs: RETRY_AFTER_MS,
      now: () => now,
      probe: () => {
        const probe = pending<void>();
        probes.push(probe);
        return probe.promise;
      },
      opened: (reason) => events.push(`opened: ${reason.message}`),
      closed: () => events.push('closed'),
    });
  });

  const answering = () => Promise.resolve('remote');
  const failing = () => Promise.reject(STALLED);
  const local = () => Promise.resolve('local');
  /** A call whose remote side must not be asked. */
  const unasked = () => Promise.reject(new Error('the remote side was asked'));

  const fail = async (times: number) => {
    for (let i = 0; i < times; i += 1) await expect(breaker.run(failing, local)).resolves.toBe('local');
  };

  it('answers from the remote side while it answers, and falls back for a failed call alone', async () => {
    await expect(breaker.run(answering, local)).resolves.toBe('remote');
    await fail(2);
    await expect(breaker.run(answering, local)).resolves.toBe('remote');
    await fail(2);
    expect(breaker.isClosed).toBe(true);
    expect(events).toEqual([]);
  });

  it('opens after three failures in a row, says so once with the reason, and stops asking the remote side', async () => {
    await fail(3);
    expect(events).toEqual(['opened: Command timed out']);
    for (let i = 0; i < 50; i += 1) await expect(breaker.run(unasked, local)).resolves.toBe('local');
    now = RETRY_AFTER_MS - 1;
    await expect(breaker.run(unasked, local)).resolves.toBe('local');
    expect(probes).toHaveLength(0);
    expect(events).toHaveLength(1);
  });

  it('after the pause, probes once in the background and goes back to the remote side when the probe answers', async () => {
    await fail(3);
    now = RETRY_AFTER_MS;
    await expect(breaker.run(unasked, local)).resolves.toBe('local');
    expect(probes).toHaveLength(1);
    for (let i = 0; i < 5; i += 1) await expect(breaker.run(unasked, local)).resolves.toBe('local');
    expect(probes).toHaveLength(1);

    probes[0]!.resolve();
    await settle();
    expect(events).toEqual(['opened: Command timed out', 'closed']);
    await expect(breaker.run(answering, local)).resolves.toBe('remote');
  });

  it('opens again quietly when the probe fails, and probes next after another pause', async () => {
    await fail(3);
    now = RETRY_AFTER_MS;
    await breaker.run(unasked, local);
    now += 500;
    probes[0]!.reject(STALLED);
    await settle();

    now += RETRY_AFTER_MS - 1;
    await expect(breaker.run(unasked, local)).resolves.toBe('local');
    expect(probes).toHaveLength(1);
    now += 1;
    await breaker.run(unasked, local);
    expect(probes).toHaveLength(2);
    expect(events).toEqual(['opened: Command timed out']);
  });

  it('needs three failures in a row again once closed', async () => {
    await fail(3);
    now = RETRY_AFTER_MS;
    await breaker.run(unasked, local);
    probes[0]!.resolve();
    await settle();
    await fail(2);
    expect(breaker.isClosed).toBe(true);
    await fail(1);
    expect(events).toEqual(['opened: Command timed out', 'closed', 'opened: Command timed out']);
  });

  it('ignores the late outcome of calls sent before it opened', async () => {
    const late = [pending<string>(), pending<string>()];
    const calls = late.map((call) => breaker.run(() => call.promise, local));
    await fail(3);
    late[0]!.resolve('remote');
    late[1]!.reject(STALLED);
    await expect(Promise.all(calls)).resolves.toEqual(['remote', 'local']);
    await expect(breaker.run(unasked, local)).resolves.toBe('local');
    expect(events).toEqual(['opened: Command timed out']);
  });

  it('opens at once when the connection is known lost, and closes at once when a fresh one is ready', async () => {
    breaker.open(new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    breaker.open(new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    await expect(breaker.run(unasked, local)).resolves.toBe('local');
    breaker.close();
    breaker.close();
    await expect(breaker.run(answering, local)).resolves.toBe('remote');
    expect(events).toEqual(['opened: connect ECONNREFUSED 127.0.0.1:6379', 'closed']);
  });

  it('lets a fresh connection close it while a probe is out, and ignores that probe', async () => {
    await fail(3);
    now = RETRY_AFTER_MS;
    await breaker.run(unasked, local);
    breaker.close();
    probes[0]!.reject(STALLED);
    await settle();
    expect(breaker.isClosed).toBe(true);
    expect(events).toEqual(['opened: Command timed out', 'closed']);
  });
});
