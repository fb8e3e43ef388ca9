import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from './report.js';

export interface Latencias {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** `status` → how many answers were not the expected status. */
  fallos: Map<number, number>;
  /** Requests per second over the whole run. */
  rps: number;
}

export function resumir(ms: number[], fallos: Map<number, number>, segundos: number): Latencias {
  const sorted = [...ms].sort((x, y) => x - y);
  return { n: ms.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0, fallos, rps: ms.length / segundos };
}

/** Runs `peticion(0 … n - 1)` one after another: the latency a single user sees, without queueing behind others. */
export async function enSerie(n: number, esperado: number, peticion: (i: number) => Promise<Response>, alResponder?: (body: unknown) => void): Promise<Latencias> {
  const ms: number[] = [];
  const fallos = new Map<number, number>();
  const started = performance.now();
  for (let i = 0; i < n; i += 1) {
    const t = performance.now();
    const response = await peticion(i);
    const body: unknown = await response.json().catch(() => null);
    ms.push(performance.now() - t);
    if (response.status !== esperado) fallos.set(response.status, (fallos.get(response.status) ?? 0) + 1);
    else alResponder?.(body);
  }
  return resumir(ms, fallos, (performance.now() - started) / 1000);
}

/**
 * An open-loop burst: request i leaves at its own instant, spread at random over `ventanaMs`, whether or not
 * the earlier ones have answered (people clock in when they arrive, not when the server is free).
 */
export async function rafaga(n: number, ventanaMs: number, esperado: number, peticion: (i: number) => Promise<Response>): Promise<Latencias> {
  const salidas = Array.from({ length: n }, () => Math.random() * ventanaMs).sort((x, y) => x - y);
  const ms: number[] = [];
  const fallos = new Map<number, number>();
  const started = performance.now();
  await Promise.all(
    salidas.map(async (salida, i) => {
      await sleep(salida);
      const t = performance.now();
      const response = await peticion(i);
      await response.arrayBuffer();
      ms.push(performance.now() - t);
      if (response.status !== esperado) fallos.set(response.status, (fallos.get(response.status) ?? 0) + 1);
    }),
  );
  return resumir(ms, fallos, (performance.now() - started) / 1000);
}

/** A process's resident set in MB from /proc: `VmRSS` now, or `VmHWM` (its peak since it started). */
export function rssMb(pid: number, campo: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const linea = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${campo}:`));
  return Number(linea?.match(/(\d+)/)?.[1] ?? 0) / 1024;
}

/** CPU time `pid` has used so far, user and system, in ms (/proc/<pid>/stat counts clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const campos = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(campos[11]) + Number(campos[12])) * 10;
}

/** Samples `pid`'s RSS every 100 ms until `stop()`, which answers the highest sample in MB. */
export function muestrearRss(pid: number): { stop(): number } {
  let pico = rssMb(pid);
  const timer = setInterval(() => (pico = Math.max(pico, rssMb(pid))), 100);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(pico, rssMb(pid));
    },
  };
}

/** Reads a streamed body to the end without keeping it: bytes, lines, and the seconds it took. */
export async function descargar(response: Response): Promise<{ bytes: number; lineas: number; segundos: number }> {
  const started = performance.now();
  let bytes = 0;
  let lineas = 0;
  for await (const chunk of response.body!) {
    bytes += chunk.length;
    for (let k = chunk.indexOf(10); k !== -1; k = chunk.indexOf(10, k + 1)) lineas += 1;
  }
  return { bytes, lineas, segundos: (performance.now() - started) / 1000 };
}
