import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The committed fallback for clones without tags: `<tag> <commit>` of the newest release before it. */
export const RELEASE_FILE = join('release', 'previous');

export interface Release {
  /** The tag, or what named the commit. */
  name: string;
  commit: string;
  /** How it was found: a tag, the release file, or HEAD itself when no release precedes it. */
  foundBy: 'tag' | 'release file' | 'first release';
}

export interface PreparedRelease extends Release {
  dir: string;
  /** How node_modules came: hard links of this tree's (identical package-lock.json) or `npm ci`. */
  install: 'linked' | 'npm ci';
  installMs: number;
  buildMs: number;
  remove(): void;
}

const git = (repo: string, ...args: string[]): string => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/**
 * The release an upgrade starts from: the newest `v*` tag that is an ancestor of HEAD and not HEAD
 * itself; else the commit in RELEASE_FILE (a clone may come without tags); else HEAD, the first release.
 */
export function findPreviousRelease(repo: string): Release {
  const head = git(repo, 'rev-parse', 'HEAD');
  const tags = git(repo, 'tag', '--list', 'v*', '--merged', 'HEAD', '--sort=-version:refname').split('\n').filter(Boolean);
  for (const tag of tags) {
    const commit = git(repo, 'rev-parse', `${tag}^{commit}`);
    if (commit !== head) return { name: tag, commit, foundBy: 'tag' };
  }
  const file = join(repo, RELEASE_FILE);
  if (!existsSync(file)) return { name: 'HEAD', commit: head, foundBy: 'first release' };
  const [name, commit] = readReleaseLine(file);
  if (!/^[0-9a-f]{40}$/.test(commit)) throw new Error(`${RELEASE_FILE}: "${commit}" is not a full commit hash.`);
  try {
    git(repo, 'merge-base', '--is-ancestor', commit, 'HEAD');
  } catch {
    throw new Error(`${RELEASE_FILE} names ${name} (${commit}), which is not in this clone's history of HEAD: clone with the full history.`);
  }
  return { name, commit, foundBy: 'release file' };
}

function readReleaseLine(file: string): [string, string] {
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .map((text) => text.trim())
    .find((text) => text && !text.startsWith('#'));
  const fields = line?.split(/\s+/) ?? [];
  if (fields.length !== 2) throw new Error(`${RELEASE_FILE} must hold one line "<tag> <commit>", not "${line ?? ''}".`);
  return [fields[0]!, fields[1]!];
}

/**
 * Extracts the release's files into a temporary directory, installs its dependencies (hard links to
 * this tree's node_modules when its package-lock.json installs the same tree, `npm ci` otherwise) and builds it
 * as it builds itself (`npm run build`).
 */
export function prepareRelease(repo: string, release: Release): PreparedRelease {
  const dir = mkdtempSync(join(tmpdir(), 'ess-previous-release-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    execFileSync('sh', ['-c', 'git -C "$1" archive "$2" | tar -x -C "$3"', 'sh', repo, release.commit, dir]);
    const sameLock = installedTree(join(dir, 'package-lock.json')) === installedTree(join(repo, 'package-lock.json'));
    const installStart = Date.now();
    if (sameLock) execFileSync('cp', ['-al', join(repo, 'node_modules'), join(dir, 'node_modules')]);
    else execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    const installMs = Date.now() - installStart;
    const buildStart = Date.now();
    execFileSync('npm', ['run', 'build'], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    return { ...release, dir, install: sameLock ? 'linked' : 'npm ci', installMs, buildMs: Date.now() - buildStart, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** What a package-lock.json installs: all of it but the project's own version, which every release changes. */
function installedTree(lockFile: string): string {
  const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
  delete lock.version;
  delete lock.packages?.['']?.version;
  return JSON.stringify(lock);
}
