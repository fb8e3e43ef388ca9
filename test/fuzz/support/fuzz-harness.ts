import type { Response } from 'supertest';
import type { TestApp } from '../../support/test-app.js';
import { changedTables, tableChecksums, type TableChecksums } from './data-checksum.js';
import type { CallerName } from './fuzz-world.js';
import { describeOperation, type Operation } from './openapi-operations.js';
import type { FuzzRequest } from './request-arbitraries.js';
import { abbreviate } from './request-arbitraries.js';
import { prototypePollution, responseProblems } from './response-invariants.js';

export interface OperationStats {
  accepted: number;
  rejected: number;
  statuses: Record<number, number>;
}

/**
 * Sends fuzzed requests and checks every invariant after each: no 5xx, no leaks, the error
 * envelope, no polluted prototype, and no data changed by a rejected call (nor by any GET).
 * Checksums are taken after every call, so the one that changed data is the one reported.
 */
export class FuzzHarness {
  readonly stats = new Map<string, OperationStats>();
  private baseline?: TableChecksums;

  constructor(
    private readonly t: TestApp,
    private readonly tokens: Record<CallerName, string>,
  ) {}

  async send(request: FuzzRequest): Promise<Response> {
    let call = this.t.http[request.method](request.url).set('Authorization', `Bearer ${this.tokens[request.caller]}`);
    if (request.body) call = call.set('Content-Type', request.body.contentType).send(request.body.text);
    return call;
  }

  async exercise(operation: Operation, request: FuzzRequest): Promise<Response> {
    const before = this.baseline ?? (await tableChecksums(this.t.db));
    // Left unset until this call passes, so a failed (or shrinking) run starts from a fresh checksum.
    this.baseline = undefined;
    const response = await this.send(request);
    const after = await tableChecksums(this.t.db);

    const problems = responseProblems(operation, response);
    problems.push(...prototypePollution());
    const accepted = response.status < 300;
    if (!accepted || request.method === 'get') {
      const changed = changedTables(before, after);
      if (changed.length) problems.push(`a ${accepted ? 'GET' : 'rejected call'} changed data: ${changed.join('; ')}`);
    }
    if (problems.length) {
      throw new Error(
        `${describeOperation(operation)} broke an invariant:\n  ${problems.join('\n  ')}\n` +
          `request: ${request.toString()}\nresponse: ${response.status} ${abbreviate(response.text ?? '', 2000)}`,
      );
    }

    const stats = this.stats.get(describeOperation(operation)) ?? { accepted: 0, rejected: 0, statuses: {} };
    stats[accepted ? 'accepted' : 'rejected'] += 1;
    stats.statuses[response.status] = (stats.statuses[response.status] ?? 0) + 1;
    this.stats.set(describeOperation(operation), stats);
    this.baseline = after;
    return response;
  }
}
