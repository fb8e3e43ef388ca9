/** Deeper JSON than this is refused before parsing: nobody's form nests 64 levels. */
export const MAX_JSON_DEPTH = 64;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The deepest nesting of objects and arrays in a JSON text, ignoring brackets inside strings. */
export function jsonDepth(raw: Buffer): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i += 1) {
    const byte = raw[i];
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) deepest = Math.max(deepest, ++depth);
    else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) depth -= 1;
  }
  return deepest;
}

/**
 * body-parser `verify` hook. Deeply nested input is valid JSON, but turning it into a DTO
 * recurses once per level and overflows the stack (a 500) at about 1,500 levels.
 */
export function refuseDeepJson(_request: unknown, _response: unknown, raw: Buffer): void {
  if (jsonDepth(raw) > MAX_JSON_DEPTH) {
    throw Object.assign(new Error(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`), { status: 400, type: 'entity.too.deep' });
  }
}
