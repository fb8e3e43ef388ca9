// `npm run bench:scim`: Entra ID's initial provisioning cycle against the compiled service on the local
// PostgreSQL: for each of BENCH_SCIM_USERS (default 5,000) users, a GET by `userName` filter (zero
// results) then a POST, BENCH_SCIM_PARALLEL (default 8) users at a time, as Entra's provisioning
// service sends them. Prints the cycle's duration, the rate and the latency percentiles, and writes
// bench/results/scim.md. Target: the cycle in under 60 s.
import { randomUUID } from 'node:crypto';
import { ServiceProcess } from '../test/resilience/support/service-process.js';
import { createThrowawayDatabase } from '../test/resilience/support/throwaway-database.js';
import { TestIdentityProvider } from '../test/support/test-identity-provider.js';
import { measuredOn, percentile, writeResults } from './report.js';

const USERS = Number(process.env.BENCH_SCIM_USERS ?? 5000);
const PARALLEL = Number(process.env.BENCH_SCIM_PARALLEL ?? 8);
const TARGET_SECONDS = 60;
const SCIM_TOKEN = `bench-${randomUUID()}`;

/** The body Entra's provisioning service POSTs for a new user (Microsoft's "Develop a SCIM endpoint" article). */
function entraUser(i: number): object {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
    externalId: randomUUID(),
    userName: `persona${i}@bench.example`,
    active: true,
    emails: [{ primary: true, type: 'work', value: `persona${i}@bench.example` }],
    meta: { resourceType: 'User' },
    name: { formatted: `Persona ${i} Apellido`, familyName: 'Apellido', givenName: `Persona ${i}` },
    roles: [],
  };
}

async function timed(latencies: number[], url: string, init: RequestInit, expected: number): Promise<void> {
  const started = performance.now();
  const response = await fetch(url, { ...init, headers: { authorization: `Bearer ${SCIM_TOKEN}`, 'content-type': 'application/scim+json', ...init.headers } });
  await response.arrayBuffer();
  latencies.push(performance.now() - started);
  if (response.status !== expected) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status}, expected ${expected}`);
}

const database = await createThrowawayDatabase('ess_bench_scim');
const idp = await TestIdentityProvider.startHttps();
const service = await ServiceProcess.start('service', {
  databaseUrl: database.url,
  jwksUri: idp.jwksUri,
  caFile: idp.caFile,
  env: { SCIM_TOKEN },
});
try {
  const base = `${service.url}/scim/v2/Users`;
  const gets: number[] = [];
  const posts: number[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < USERS; i = next++) {
      const user = entraUser(i) as { userName: string };
      await timed(gets, `${base}?filter=${encodeURIComponent(`userName eq "${user.userName}"`)}`, {}, 200);
      await timed(posts, base, { method: 'POST', body: JSON.stringify(user) }, 201);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  const seconds = (performance.now() - started) / 1000;

  const row = (name: string, latencies: number[]) => {
    const sorted = [...latencies].sort((a, b) => a - b);
    return `| ${name} | ${sorted.length} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} |`;
  };
  const verdict = `Initial cycle of ${USERS} users (${PARALLEL} in parallel): ${seconds.toFixed(1)} s, ${(USERS / seconds).toFixed(0)} users/s — target < ${TARGET_SECONDS} s: ${seconds < TARGET_SECONDS ? 'met' : 'NOT met'}`;
  const table = ['| request | count | p50 ms | p95 ms | p99 ms |', '|---|---|---|---|---|', row('GET /Users?filter=userName eq …', gets), row('POST /Users', posts)].join('\n');
  writeResults('scim.md', `${table}\n\n${verdict}`, `# SCIM initial provisioning cycle\n\n${measuredOn()}, compiled service in production mode on a throw-away PostgreSQL database.\n\n${table}\n\n${verdict}\n`);
} finally {
  await service.stop();
  await database.drop();
  await idp.stop();
}
