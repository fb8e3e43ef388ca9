// Jest evaluates a CommonJS package imported by the tests' ESM graph (jwks-rsa, @nestjs/throttler)
// before the ESM packages it require()s, and refuses that require() as a "cycle". Loaded here first,
// they are already evaluated when the graph needs them; Node itself needs none of this.
await import('@nestjs/common');
await import('@nestjs/core');
await import('jose');
