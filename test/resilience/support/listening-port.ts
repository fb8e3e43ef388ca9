import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

const LISTEN = '0A';

/**
 * The TCP port a process listens on, read from /proc (Linux): its socket inodes matched against the
 * kernel's LISTEN entries. Undefined until it listens. Letting the service take any free port
 * (PORT=0) and reading it here avoids a race: a port picked beforehand can be taken by another
 * process meanwhile, whose answers would then pass for the service's. `except`: ports the process
 * also listens on that are not the service's (METRICS_PORT).
 */
export function listeningPort(pid: number, except: number[] = []): number | undefined {
  const inodes = new Set<string>();
  for (const fd of safely(() => readdirSync(`/proc/${pid}/fd`), [])) {
    const inode = /^socket:\[(\d+)\]$/.exec(safely(() => readlinkSync(`/proc/${pid}/fd/${fd}`), ''))?.[1];
    if (inode) inodes.add(inode);
  }
  for (const table of ['tcp', 'tcp6']) {
    for (const line of safely(() => readFileSync(`/proc/${pid}/net/${table}`, 'utf8'), '').split('\n').slice(1)) {
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
      const port = state === LISTEN && inode && inodes.has(inode) ? parseInt(local!.split(':').at(-1)!, 16) : undefined;
      if (port !== undefined && !except.includes(port)) return port;
    }
  }
  return undefined;
}

/** /proc entries vanish when the process or the descriptor does. */
function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}
