/** Longest name kept from the client's file name, extension included. */
export const MAX_NAME_LENGTH = 120;

const DEFAULT_STEM = 'archivo';

export interface SafeFileName {
  stem: string;
  /** Lower case, without the dot; empty when the name has none. */
  extension: string;
}

/**
 * The client's name reduced to its base name in `[A-Za-z0-9._-]`: accents are dropped
 * (`nómina` → `nomina`), every other character (NUL, U+202E, spaces…) becomes `_`, and leading or
 * trailing dots go, so no result is `.`, `..` or a dotfile.
 */
export function safeFileName(original: string): SafeFileName {
  const base = original.split(/[/\\]/).pop() ?? '';
  const safe = base
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+|\.+$/g, '');
  const match = /^(.*)\.([A-Za-z0-9]+)$/.exec(safe);
  return match ? { stem: match[1], extension: match[2].toLowerCase() } : { stem: safe, extension: '' };
}

/** `<stem>.<extension>` in at most MAX_NAME_LENGTH characters; truncation keeps the extension. */
export function fileNameWith(stem: string, extension: string): string {
  const room = MAX_NAME_LENGTH - extension.length - 1;
  return `${stem.slice(0, room) || DEFAULT_STEM}.${extension}`;
}
