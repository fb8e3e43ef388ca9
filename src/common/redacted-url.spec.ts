import fc from 'fast-check';
import { parse as parseQuery } from 'node:querystring';
import { REDACTED, redactedUrl, SECRET_PARAMETERS } from './redacted-url.js';

const KEY = 'q3Jx9-Zp_0aLm4nB7vC2dE5fG8hI1jK6lM9oP2rS4tU';
const FIRMA = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE';

describe('redactedUrl', () => {
  it.each([
    ['the calendar feed', `/api/calendario.ics?clave=${KEY}`, '/api/calendario.ics?clave=[redacted]'],
    ['a signed link, keeping its expiry', `/uploads/documentos/1-a.pdf?firma=${FIRMA}&expira=1764000000`, '/uploads/documentos/1-a.pdf?firma=[redacted]&expira=1764000000'],
    ['a repeated parameter, every time', `/x?clave=${KEY}&a=1&clave=${FIRMA}`, '/x?clave=[redacted]&a=1&clave=[redacted]'],
    ['a percent-encoded name, as the query parser decodes it', `/x?cl%61ve=${KEY}&%66irma=${FIRMA}`, '/x?cl%61ve=[redacted]&%66irma=[redacted]'],
    ['a name in another case', `/x?CLAVE=${KEY}&Firma=${FIRMA}&Cl%41ve=1`, '/x?CLAVE=[redacted]&Firma=[redacted]&Cl%41ve=[redacted]'],
    ['a value with `+`, `;`, `?`, `=` and escapes, up to the next `&`', `/x?clave=a+b;c?d=e%20f&g=1`, '/x?clave=[redacted]&g=1'],
    ['a name after `;`, as other parsers split there', `/x?a=1;clave=${KEY}`, '/x?a=1;clave=[redacted]'],
    ['a name after another `?`', `/x?a=1?clave=${KEY}`, '/x?a=1?clave=[redacted]'],
    ['a name written with `+` for its space nowhere near a secret', '/x?a+b=1&clave', '/x?a+b=1&clave'],
    ['an empty value (nothing to hide), and a name without a value', '/x?clave=&firma', '/x?clave=&firma'],
    ['the fragment too', `/cb?state=s1#code=${KEY}&state=s2`, '/cb?state=s1#code=[redacted]&state=s2'],
    ["a hash route's query", `/app#/vuelta?code=${KEY}`, '/app#/vuelta?code=[redacted]'],
    ['a secret before the fragment', `/x?clave=${KEY}#frag`, '/x?clave=[redacted]#frag'],
    ['OAuth parameters', `/cb?code=${KEY}&access_token=a&id_token=b&refresh_token=c&client_secret=d&code_verifier=e&token=f&password=g`,
      '/cb?code=[redacted]&access_token=[redacted]&id_token=[redacted]&refresh_token=[redacted]&client_secret=[redacted]&code_verifier=[redacted]&token=[redacted]&password=[redacted]'],
    ['an absolute URL, as a Location header gives it', `http://localhost:5173/?code=${KEY}&state=x`, 'http://localhost:5173/?code=[redacted]&state=x'],
    ['user information in an absolute URL', 'https://ana:s3creto@example.com/a?b=1', 'https://[redacted]@example.com/a?b=1'],
    ['a token as user name, without a path', 'https://ghp_token@example.com', 'https://[redacted]@example.com'],
  ])('hides the secret in %s', (_case, url, expected) => {
    expect(redactedUrl(url)).toBe(expected);
  });

  it.each([
    ['no query', '/api/empleados/me'],
    ['an empty query', '/api/empleados/me?'],
    ['ordinary parameters', '/api/solicitudes?page=2&limit=20&estado=1&q=Luc%C3%ADa+Fern%C3%A1ndez'],
    ['names that only contain a secret name', '/x?claves=1&firmado=2&code_challenge=3&clave_old=4&xclave=5'],
    ['a name encoded twice, which the parser decodes once to something else', '/x?cl%2561ve=1'],
    ['an @ in a path', '/uploads/a@b/c?x=1'],
    ['a malformed escape in a value', '/x?a=%E0%A4%A&b=%'],
  ])('leaves %s as it was', (_case, url) => {
    expect(redactedUrl(url)).toBe(url);
  });

  it.each([
    ['a malformed escape in a name', `/x?cl%ZZave=${KEY}&b=1`],
    ['a lone `%` in a name', `/x?a%=1&clave=${KEY}`],
    ['an escape that is not UTF-8', `/x?cl%E0ve=${KEY}`],
  ])('redacts the whole query after %s: it cannot tell what the name is', (_case, url) => {
    expect(redactedUrl(url)).toBe(`/x?${REDACTED}`);
  });

  it("never shows a value the service's query parser reads under a secret name, whatever surrounds it", () => {
    const secretName = fc.constantFrom(...[...SECRET_PARAMETERS].flatMap((name) => [name, name.toUpperCase(), `%${name.charCodeAt(0).toString(16)}${name.slice(1)}`]));
    const anyText = fc.string({ unit: fc.constantFrom('a', 'Z', '0', '=', '&', ';', '?', '#', '%', '+', '2', 'F', 'é', ' ', '/') });
    const parameter = fc.oneof(
      fc.tuple(secretName, fc.integer({ min: 0, max: 1e9 })).map(([name, n]) => ({ text: `${name}=S3CR3T-${n}-x`, secret: `S3CR3T-${n}-x` })),
      fc.tuple(anyText, anyText).map(([name, value]) => ({ text: `${name}=${value}`, secret: undefined })),
    );
    fc.assert(
      fc.property(fc.array(parameter, { maxLength: 8 }), fc.constantFrom('&', ';', '&&'), anyText, (parameters, separator, tail) => {
        const query = parameters.map((parameter) => parameter.text).join(separator);
        const url = `/api/calendario.ics?${query}${separator}${tail}`;
        const shown = redactedUrl(url);
        for (const { secret } of parameters) if (secret) expect(shown).not.toContain(secret);
        for (const [name, value] of Object.entries(parseQuery(url.slice(url.indexOf('?') + 1).split('#')[0]!))) {
          const values = ([] as string[]).concat(value ?? []).filter((text) => text.startsWith('S3CR3T'));
          if (SECRET_PARAMETERS.has(name.toLowerCase())) for (const text of values) expect(shown).not.toContain(text);
        }
      }),
      { numRuns: 1_000 },
    );
  });

  it('never throws, on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (url) => {
        expect(typeof redactedUrl(url)).toBe('string');
      }),
      { numRuns: 500 },
    );
  });
});

describe('redactedUrl on long URLs', () => {
  /** The shapes that would make a careless scanner rescan the rest of the URL for every parameter. */
  const shapes: [string, (n: number) => string][] = [
    ['many names without values', (n) => `/x?${'a&'.repeat(n)}`],
    ['many `;` inside one secret', (n) => `/x?clave=${';'.repeat(2 * n)}`],
    ['many secrets', (n) => `/x?${'clave=1;'.repeat(n / 4)}`],
    ['one long encoded name', (n) => `/x?${'%41'.repeat(n / 1.5)}=1`],
    ['many `=`', (n) => `/x?${'a='.repeat(n)}`],
    ['many `@` in user information', (n) => `http://${'@'.repeat(2 * n)}/x?a=1`],
    ['a long authority without a path', (n) => `http://${'a'.repeat(2 * n)}`],
    ['a long path without a query', (n) => `/${'a'.repeat(2 * n)}`],
  ];

  /** Milliseconds a call takes, from the fastest of several batches: the least disturbed by other work on the machine. */
  const perCall = (url: string) => {
    let fastest = Infinity;
    for (let batch = 0; batch < 5; batch += 1) {
      const started = performance.now();
      let calls = 0;
      let elapsed: number;
      do {
        redactedUrl(url);
        calls += 1;
        elapsed = performance.now() - started;
      } while (elapsed < 10);
      fastest = Math.min(fastest, elapsed / calls);
    }
    return fastest;
  };

  it.each(shapes)('takes time in proportion to the length with %s: 16 times longer is not 64 times slower', (_shape, build) => {
    const [short, long] = [build(1_000), build(16_000)];
    perCall(short);
    // Linear work is about 16 times slower; work that grows with the square of the length, about 256 times.
    expect(perCall(long) / perCall(short)).toBeLessThan(64);
  });
});
