import { QueryFailedError } from 'typeorm';
import { type Output, reportFailure } from './cli-runner.js';

function recorded(): Output & { lines: string[] } {
  const lines: string[] = [];
  return { lines, out: (line) => lines.push(line), err: (line) => lines.push(line) };
}

describe('reportFailure', () => {
  it('reports a connection lost mid-run in one line, without a stack trace, with exit code 1', () => {
    const output = recorded();
    const lost = new QueryFailedError('UPDATE empleado …', [], new Error('Connection terminated unexpectedly'));

    expect(reportFailure(lost, 'usage', output)).toBe(1);
    expect(output.lines).toEqual(['The database connection failed (Connection terminated unexpectedly); nothing was written.']);
  });

  it('still shows the stack of an error nobody expected, for the bug report', () => {
    const output = recorded();
    expect(reportFailure(new TypeError('boom'), 'usage', output)).toBe(1);
    expect(output.lines[0]).toMatch(/^Unexpected error: TypeError: boom\n\s+at /);
  });
});
