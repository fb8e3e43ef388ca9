/** Fewer different characters than this cannot come from a random generator: `openssl rand -hex 32` gives about 16. */
const MIN_DISTINCT_CHARACTERS = 8;

/**
 * Why a secret is trivially weak (a phrase to follow "is"), or undefined. It never quotes the value.
 * Weak means fewer than 8 different characters, or one run of characters repeated (`abcabcabc…`), so
 * that the whole secret is guessable from a short part of it. A key from `openssl rand -base64 48` or
 * `openssl rand -hex 32` passes but for a chance far below one in a billion.
 */
export function weakSecretReason(value: string): string | undefined {
  const distinct = new Set(value).size;
  if (distinct < MIN_DISTINCT_CHARACTERS) return `trivially weak: only ${distinct} different characters (at least ${MIN_DISTINCT_CHARACTERS})`;
  const period = shortestPeriod(value);
  if (period * 2 <= value.length) return `trivially weak: the same ${period} characters repeated`;
  return undefined;
}

/**
 * The smallest p such that every character equals the one p places before it (the length when there
 * is none), from the Knuth–Morris–Pratt failure function: linear in the length, which the variable's
 * own length limit bounds.
 */
function shortestPeriod(value: string): number {
  const border = new Array<number>(value.length).fill(0);
  for (let i = 1; i < value.length; i += 1) {
    let k = border[i - 1]!;
    while (k > 0 && value[i] !== value[k]) k = border[k - 1]!;
    border[i] = value[i] === value[k] ? k + 1 : k;
  }
  return value.length - (border[value.length - 1] ?? 0);
}
