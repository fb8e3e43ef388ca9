/** Longest name kept from the client's file name, extension included. */
export const MAX_NAME_LENGTH = 120;

/**
 * How much of a client's base name is read: its head (for the stem) and its tail (for the
 * extension), so the work per upload is bounded whatever the name's length.
 */
export const MAX_READ_LENGTH = 4 * MAX_NAME_LENGTH;

const DEFAULT_STEM = 'archivo';

export interface SafeFileName {
  stem: string;
  /** Lower case, without the dot; empty when the name has none. */
  extension: string;
}

/**
 * The client's name reduced to its base name in `[A-Za-z0-9._-]`: accents are dropped
 * (`nómina` → `nomina`), every other character (NUL, U+202E, spaces…) becomes `_`, and leading or
 * trailing dots go, so no result is `.`, `..` or a dotfile. A longer name than MAX_READ_LENGTH loses
 * its middle first, which no stored name could hold anyway.
 */
export function safeFileName(original: string): SafeFileName {
  const base = original.slice(Math.max(original.lastIndexOf('/'), original.lastIndexOf('\\')) + 1);
  const safe = trimDots(
    headAndTail(base)
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^A-Za-z0-9._-]/g, '_'),
  );
  const match = /^(.*)\.([A-Za-z0-9]+)$/.exec(safe);
  return match ? { stem: match[1], extension: match[2].toLowerCase() } : { stem: safe, extension: '' };
}

/** `<stem>.<extension>` in at most MAX_NAME_LENGTH characters; truncation keeps the extension. */
export function fileNameWith(stem: string, extension: string): string {
  const room = MAX_NAME_LENGTH - extension.length - 1;
  return `${stem.slice(0, room) || DEFAULT_STEM}.${extension}`;
}

function headAndTail(name: string): string {
  const half = MAX_READ_LENGTH / 2;
  return name.length <= MAX_READ_LENGTH ? name : name.slice(0, half) + name.slice(-half);
}

/**
 * Without leading and trailing dots, in one pass: a regex's `\.+$` restarts at every dot of a long
 * run and took 1.6 s for a name of 40,000 dots.
 */
function trimDots(name: string): string {
  let start = 0;
  let end = name.length;
  while (start < end && name[start] === '.') start += 1;
  while (end > start && name[end - 1] === '.') end -= 1;
  return name.slice(start, end);
}
