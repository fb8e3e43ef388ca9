/** Deeper JSON than this is refused before parsing: nobody's form nests 64 levels. */
export const MAX_JSON_DEPTH = 64;
/** No form has a longer list (notification ids: 100). */
export const MAX_LIST_ITEMS = 1_000;
/** No form has more fields (an employee: 8). */
export const MAX_OBJECT_MEMBERS = 100;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

export type JsonLimit = 'depth' | 'size';

/**
 * The first limit a JSON text breaks, read from its bytes in one pass without parsing it: nesting
 * deeper than MAX_JSON_DEPTH, or a list or object with more elements than its limit. Brackets and
 * commas inside strings do not count; malformed text is left for the parser to refuse.
 */
export function brokenJsonLimit(raw: Buffer): JsonLimit | undefined {
  /** The opening byte of each container the reading is inside, and the commas seen in it. */
  const containers: number[] = [];
  const commas: number[] = [];
  let inString = false;
  for (let i = 0; i < raw.length; i += 1) {
    const byte = raw[i];
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      if (containers.length === MAX_JSON_DEPTH) return 'depth';
      containers.push(byte);
      commas.push(0);
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      containers.pop();
      commas.pop();
    } else if (byte === COMMA && containers.length) {
      const inner = containers.length - 1;
      // n commas separate n + 1 elements.
      if (++commas[inner]! >= (containers[inner] === OPEN_OBJECT ? MAX_OBJECT_MEMBERS : MAX_LIST_ITEMS)) return 'size';
    }
  }
  return undefined;
}

/** What the refusals of `refuseOversizedJson` say, by the `type` body-parser's errors carry. */
const JSON_LIMIT_MESSAGES = new Map<unknown, string>([
  ['entity.too.deep', `El cuerpo de la solicitud anida más de ${MAX_JSON_DEPTH} niveles.`],
  ['entity.too.many.elements', `El cuerpo de la solicitud es demasiado grande: como máximo ${MAX_OBJECT_MEMBERS} campos por objeto y ${MAX_LIST_ITEMS} elementos por lista.`],
]);

/** The message for an error `refuseOversizedJson` raised; undefined for any other. */
export function jsonLimitMessage(error: unknown): string | undefined {
  return JSON_LIMIT_MESSAGES.get((error as { type?: unknown } | undefined)?.type);
}

/**
 * body-parser `verify` hook: such bodies are valid JSON, but costly past any use. Turning deeply
 * nested input into a DTO overflowed the stack (a 500) at about 1,500 levels; parsing an object of
 * 100,000 members and copying it into a DTO, which class-transformer does in quadratic time, took 9 s.
 * (An ApiError cannot be thrown here: body-parser writes the raw body onto the error's `body`.)
 */
export function refuseOversizedJson(_request: unknown, _response: unknown, raw: Buffer): void {
  const broken = brokenJsonLimit(raw);
  if (!broken) return;
  const type = broken === 'depth' ? 'entity.too.deep' : 'entity.too.many.elements';
  throw Object.assign(new Error(JSON_LIMIT_MESSAGES.get(type)), { status: 400, type });
}
