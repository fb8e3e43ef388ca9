import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { buildAppConfig } from './app-config.js';
import { ConfigError, parseEnvironment } from './environment.js';
import { weakSecretReason } from './secret-strength.js';

/** Made with `openssl rand -base64 48`. */
const STRONG = '632JJx7pGBD8yuyGR1q83SF8hMKM7PBl8iJnBWCGiPu017pTZC0A7c2xH0jNoTPt';
const OTHER_STRONG = 'uP4VB7tO8FBCDjSLf/B486tFMN2pWPNEJK4kuaU2wLxGVaPoCaxow+CHO2hfCdYG';
const SECRET_VARIABLES = ['FILES_SIGNING_KEY', 'FILES_SIGNING_KEY_PREVIOUS', 'SCIM_TOKEN', 'SCIM_TOKEN_PREVIOUS'];
const OPENSSL_KEYS_PER_RECIPE = 200;
const GENERATED_KEYS_PER_RECIPE = 100_000;

/** A _PREVIOUS variable is only valid beside the one it pairs with. */
const environmentWith = (name: string, value: string): NodeJS.ProcessEnv =>
  name.endsWith('_PREVIOUS') ? { [name.replace(/_PREVIOUS$/, '')]: STRONG, [name]: value } : { [name]: value };

describe.each(SECRET_VARIABLES)('%s', (name) => {
  it.each([
    ["'a' 40 times", 'a'.repeat(40)],
    ["'0123456789' 4 times", '0123456789'.repeat(4)],
    ['a 16-character run twice', 'Q7w!e9R#t2Y$u5I%'.repeat(2)],
    ['a 10-character run 3½ times', 'kT4#pZ8!mW'.repeat(3) + 'kT4#p'],
    ['only 7 different characters', 'deadbeefcafebabefeedfacedeadc0de'],
  ])('is refused at start when it is %s, in one line naming the variable and not the value', (_case, value) => {
    const parse = () => parseEnvironment(environmentWith(name, value));
    expect(parse).toThrow(ConfigError);
    expect(parse).toThrow(new RegExp(`^Invalid environment variable ${name}: trivially weak: [^\\n]+; make one with \`openssl rand -base64 48\`$`));
    expect(() => parse()).not.toThrow(value);
  });

  it('accepts a strong value', () => {
    expect(parseEnvironment(environmentWith(name, OTHER_STRONG))[name as 'SCIM_TOKEN']).toBe(OTHER_STRONG);
  });
});

it.each([
  ['FILES_SIGNING_KEY_PREVIOUS', 'FILES_SIGNING_KEY'],
  ['SCIM_TOKEN_PREVIOUS', 'SCIM_TOKEN'],
])('refuses %s without %s: the new value goes in the second one', (previous, current) => {
  expect(() => parseEnvironment({ [previous]: STRONG })).toThrow(
    `Invalid environment variable ${previous}: set only beside ${current}, which holds the new value during a rotation`,
  );
});

it('gives the service both signing keys and both SCIM token digests during a rotation, and none of the previous ones otherwise', () => {
  const rotating = buildAppConfig(
    parseEnvironment({ FILES_SIGNING_KEY: STRONG, FILES_SIGNING_KEY_PREVIOUS: OTHER_STRONG, SCIM_TOKEN: STRONG, SCIM_TOKEN_PREVIOUS: OTHER_STRONG }),
    'x',
  );
  expect(rotating.files).toMatchObject({ signingKey: STRONG, previousSigningKey: OTHER_STRONG });
  expect(rotating.scimPreviousTokenSha256).toHaveLength(32);
  expect(rotating.scimPreviousTokenSha256).not.toEqual(rotating.scimTokenSha256);
  const settled = buildAppConfig(parseEnvironment({ FILES_SIGNING_KEY: STRONG, SCIM_TOKEN: STRONG }), 'x');
  expect(settled.files.previousSigningKey).toBeNull();
  expect(settled.scimPreviousTokenSha256).toBeNull();
});

describe('keys made as the README says', () => {
  it(`pass for every variable: ${OPENSSL_KEYS_PER_RECIPE} from \`openssl rand -base64 48\` and ${OPENSSL_KEYS_PER_RECIPE} from \`openssl rand -hex 32\``, () => {
    const script = `for i in $(seq ${OPENSSL_KEYS_PER_RECIPE}); do openssl rand -base64 48; openssl rand -hex 32; done`;
    const keys = execFileSync('sh', ['-c', script], { encoding: 'utf8' }).trim().split('\n');
    expect(keys).toHaveLength(OPENSSL_KEYS_PER_RECIPE * 2);
    expect(new Set(keys.map((key) => key.length))).toEqual(new Set([64]));
    for (const key of keys) {
      for (const name of SECRET_VARIABLES) expect(() => parseEnvironment(environmentWith(name, key))).not.toThrow();
    }
  }, 60_000);

  it(`pass ${GENERATED_KEYS_PER_RECIPE} times each from the same recipes on Node's random generator`, () => {
    const weak: string[] = [];
    for (let i = 0; i < GENERATED_KEYS_PER_RECIPE; i += 1) {
      for (const key of [randomBytes(48).toString('base64'), randomBytes(32).toString('hex')]) {
        if (weakSecretReason(key)) weak.push(key);
      }
    }
    expect(weak).toEqual([]);
  });
});
