import { readFileSync } from 'node:fs';

/** Nanoseconds a process's main thread has spent runnable but waiting for a CPU (Linux schedstat); 0 once it has exited. */
function waitingNs(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[1]);
  } catch {
    return 0;
  }
}

/**
 * Starts measuring how long the service's and this process's main threads wait for a CPU that other
 * processes hold; the returned function gives the larger of the two waits so far, in milliseconds.
 * On a shared machine that wait, not the service, is what stretches a fast answer: it is excused,
 * the service's own work, its database time and its I/O are not. The larger rather than the sum,
 * since both may wait at the same moment.
 */
export function startStarvationMeter(servicePid: number): () => number {
  const service = waitingNs(servicePid);
  const self = waitingNs(process.pid);
  return () => Math.max(0, waitingNs(servicePid) - service, waitingNs(process.pid) - self) / 1e6;
}
