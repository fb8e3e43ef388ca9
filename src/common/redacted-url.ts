/**
 * Query (and fragment) parameters whose values work like passwords: whoever reads one can use it.
 * Compared with the name decoded once and lower-cased. A new secret-bearing parameter goes here.
 */
export const SECRET_PARAMETERS: ReadonlySet<string> = new Set([
  // The calendar feed's key and a private file's signed link.
  'clave',
  'firma',
  // OAuth and OpenID Connect: the development identity provider sends `code` to a client's redirect_uri.
  'code',
  'code_verifier',
  'client_secret',
  'client_assertion',
  'access_token',
  'id_token',
  'refresh_token',
  'token',
  'password',
]);

export const REDACTED = '[redacted]';

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
/** Where a parameter's name ends: other parsers also split at `;` and `?`, so names are looked for after them. */
const NAME_END = asciiSet('&;?#=');
/** Where a value ends for a parameter that is not a secret. */
const PARAMETER_END = asciiSet('&;?#');
/** Where a secret's value ends: the service splits its query on `&` only, and the query ends at `#`. */
const SECRET_END = asciiSet('&#');

/**
 * A URL as logs (and later traces) may show it: every secret parameter's value in the query and the
 * fragment replaced by `[redacted]`, its name kept so an operator still sees the link's shape, and an
 * absolute URL's user information (a password, or a token as user name) likewise. A name that cannot
 * be decoded redacts everything after the path. Never throws; linear in the URL's length, as every
 * character is looked at a bounded number of times.
 */
export function redactedUrl(url: string): string {
  const start = queryStart(url);
  if (start < 0) return redactedUserInfo(url);
  const head = redactedUserInfo(url.slice(0, start)) + url[start];
  let redacted = head;
  let i = start + 1;
  while (i <= url.length) {
    const nameEnd = nextOf(url, i, NAME_END);
    const rawName = url.slice(i, nameEnd);
    const name = decodedName(rawName);
    if (name === undefined) return head + REDACTED;
    const hasValue = url[nameEnd] === '=';
    let end: number;
    if (hasValue && SECRET_PARAMETERS.has(name.toLowerCase())) {
      end = nextOf(url, nameEnd + 1, SECRET_END);
      redacted += `${rawName}=${end > nameEnd + 1 ? REDACTED : ''}`;
    } else {
      end = hasValue ? nextOf(url, nameEnd + 1, PARAMETER_END) : nameEnd;
      redacted += url.slice(i, end);
    }
    if (end < url.length) redacted += url[end];
    i = end + 1;
  }
  return redacted;
}

function queryStart(url: string): number {
  const query = url.indexOf('?');
  const fragment = url.indexOf('#');
  return query < 0 || (fragment >= 0 && fragment < query) ? fragment : query;
}

/** As the query parser reads a name: `+` is a space, percent-escapes decoded once; undefined when malformed. */
function decodedName(raw: string): string | undefined {
  if (!raw.includes('%') && !raw.includes('+')) return raw;
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

/** `scheme://user:password@host/…` → `scheme://[redacted]@host/…`. */
function redactedUserInfo(base: string): string {
  const scheme = SCHEME.exec(base);
  if (!scheme) return base;
  const authorityStart = scheme[0].length;
  const slash = base.indexOf('/', authorityStart);
  const at = base.lastIndexOf('@', slash < 0 ? base.length : slash);
  return at < authorityStart ? base : `${base.slice(0, authorityStart)}${REDACTED}${base.slice(at)}`;
}

function asciiSet(characters: string): Uint8Array {
  const set = new Uint8Array(128);
  for (const character of characters) set[character.charCodeAt(0)] = 1;
  return set;
}

/** The index of the first character in `stops` at or after `from`, or the text's length. */
function nextOf(text: string, from: number, stops: Uint8Array): number {
  for (let i = from; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 128 && stops[code] === 1) return i;
  }
  return text.length;
}
