import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPreviousRelease, RELEASE_FILE } from './support/previous-release.js';

/** CI clones main afresh, with or without its tags: the check must find the release an upgrade starts from either way. */
describe('finding the previous release', () => {
  let repo: string;
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', repo, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false', ...args], { encoding: 'utf8' }).trim();
  const commit = (message: string): string => {
    git('commit', '--allow-empty', '-qm', message);
    return git('rev-parse', 'HEAD');
  };
  const writeReleaseFile = (text: string) => {
    mkdirSync(join(repo, 'release'), { recursive: true });
    writeFileSync(join(repo, RELEASE_FILE), text);
  };

  beforeEach(() => {
    repo = mkdtempSync(join(tmpdir(), 'ess-release-finder-'));
    git('init', '-q', '-b', 'main');
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('takes the newest v* tag before HEAD, in version order, and not a tag on HEAD itself', () => {
    const v09 = commit('0.9.0');
    git('tag', 'v0.9.0');
    const v010 = commit('0.10.0');
    git('tag', 'v0.10.0');
    commit('work after 0.10.0');
    git('tag', 'v0.11.0');

    expect(findPreviousRelease(repo)).toEqual({ name: 'v0.10.0', commit: v010, foundBy: 'tag' });
    git('tag', '-d', 'v0.10.0');
    expect(findPreviousRelease(repo)).toEqual({ name: 'v0.9.0', commit: v09, foundBy: 'tag' });
  });

  it('ignores a tag on a branch HEAD does not contain', () => {
    const base = commit('base');
    git('tag', 'v1.0.0');
    git('checkout', '-q', '-b', 'hotfix');
    commit('hotfix');
    git('tag', 'v1.0.1');
    git('checkout', '-q', 'main');
    commit('main work');

    expect(findPreviousRelease(repo)).toEqual({ name: 'v1.0.0', commit: base, foundBy: 'tag' });
  });

  it('without tags, takes the commit release/previous names', () => {
    const released = commit('0.9.0');
    writeReleaseFile(`# the newest release before this commit\nv0.9.0 ${released}\n`);
    commit('work after 0.9.0');

    expect(findPreviousRelease(repo)).toEqual({ name: 'v0.9.0', commit: released, foundBy: 'release file' });
  });

  it('refuses a release/previous naming a commit this clone lacks, saying why', () => {
    commit('work');
    writeReleaseFile(`v0.9.0 ${'a'.repeat(40)}\n`);

    expect(() => findPreviousRelease(repo)).toThrow(`${RELEASE_FILE} names v0.9.0 (${'a'.repeat(40)}), which is not in this clone's history of HEAD: clone with the full history.`);
  });

  it('refuses a release/previous that is not one "<tag> <commit>" line', () => {
    commit('work');
    writeReleaseFile('v0.9.0\n');

    expect(() => findPreviousRelease(repo)).toThrow(`${RELEASE_FILE} must hold one line "<tag> <commit>", not "v0.9.0".`);
  });

  it('with neither, HEAD is the first release and its own previous one', () => {
    const head = commit('first release');
    git('tag', 'v0.1.0');

    expect(findPreviousRelease(repo)).toEqual({ name: 'HEAD', commit: head, foundBy: 'first release' });
  });
});
