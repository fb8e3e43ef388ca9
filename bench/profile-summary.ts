// `tsx bench/profile-summary.ts <file.cpuprofile> [top] [requests]`: where a V8 CPU profile's busy time went, by
// package (the app's folders, node_modules packages, Node's core, V8's own entries such as garbage
// collection) and by function. Self time only, so the rows add up; idle time and start-up (every sample
// before the first HTTP request) are left out. Given the requests the process served (`npm run bench`
// prints them), each row also shows its microseconds per request, comparable between processes.
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** `(garbage collector)`, `pino`, `@nestjs/core`, `app: common`, `node: internal/streams`… */
export function packageOf(frame: CallFrame): string {
  if (!frame.url) return frame.functionName.startsWith('(') ? frame.functionName : `native ${frame.functionName}`;
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(frame.url);
  if (modules) return modules[1]!;
  const app = /\/(?:dist|src)\/([^/]+)\//.exec(frame.url);
  if (app) return `app: ${app[1]}`;
  if (frame.url.startsWith('node:')) return `node: ${frame.url.slice(5).split('/').slice(0, 2).join('/')}`;
  return frame.url;
}

const functionOf = (frame: CallFrame) => `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/(dist|src)\//, '')}:${frame.lineNumber + 1}`;

/** Microseconds of self time per key, busy time from the first HTTP request on. */
export function selfTimes(profile: CpuProfile, keyOf: (frame: CallFrame) => string): { busy: number; byKey: Map<string, number> } {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const serving = servingNodes(profile.nodes);
  const byKey = new Map<string, number>();
  let busy = 0;
  let started = false;
  profile.samples.forEach((id, index) => {
    started ||= serving.has(id);
    const frame = frames.get(id)!;
    if (!started || frame.functionName === '(idle)') return;
    const delta = profile.timeDeltas[index] ?? 0;
    busy += delta;
    const key = keyOf(frame);
    byKey.set(key, (byKey.get(key) ?? 0) + delta);
  });
  return { busy, byKey };
}

/** The nodes under Node's HTTP server: a sample in one of them means requests are being served. */
function servingNodes(nodes: ProfileNode[]): Set<number> {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const serving = new Set<number>();
  const mark = (node: ProfileNode): void => {
    serving.add(node.id);
    for (const child of node.children ?? []) mark(byId.get(child)!);
  };
  for (const node of nodes) if (node.callFrame.url === 'node:_http_server' && !serving.has(node.id)) mark(node);
  return serving;
}

function table(title: string, profile: CpuProfile, keyOf: (frame: CallFrame) => string, top: number, requests: number): string {
  const { busy, byKey } = selfTimes(profile, keyOf);
  const rows = [...byKey].sort((a, b) => b[1] - a[1]).slice(0, top);
  const perRequest = (time: number) => (requests ? ` ${(time / requests).toFixed(1)} |` : '');
  return [
    `| ${title} | self ms | % of busy |${requests ? ' µs per request |' : ''}`,
    `|---|---|---|${requests ? '---|' : ''}`,
    ...rows.map(([key, time]) => `| ${key.replaceAll('|', '\\|')} | ${(time / 1000).toFixed(0)} | ${((100 * time) / busy).toFixed(1)} |${perRequest(time)}`),
    `| busy time (idle left out) | ${(busy / 1000).toFixed(0)} | 100 |${perRequest(busy)}`,
  ].join('\n');
}

if (process.argv[1]?.endsWith('profile-summary.ts')) {
  const [file, top = '25', requests = '0'] = process.argv.slice(2);
  if (!file) throw new Error('usage: tsx bench/profile-summary.ts <file.cpuprofile> [top] [requests]');
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const tables = [table('package', profile, packageOf, Number(top), Number(requests)), table('function', profile, functionOf, Number(top), Number(requests))];
  process.stdout.write(`${tables.join('\n\n')}\n`);
}
