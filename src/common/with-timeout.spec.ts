import { withTimeout } from './with-timeout.js';

const never = new Promise<string>(() => undefined);

describe('withTimeout', () => {
  it('answers with the work when it settles first, and its failure as it is', async () => {
    await expect(withTimeout(Promise.resolve('hecho'), 1_000, () => 'tarde')).resolves.toBe('hecho');
    await expect(withTimeout(Promise.reject(new Error('falló')), 1_000, () => 'tarde')).rejects.toThrow('falló');
  });

  it('answers with the fallback, or its error, once the time is up', async () => {
    await expect(withTimeout(never, 10, () => null)).resolves.toBeNull();
    await expect(withTimeout(never, 10, () => {
      throw new Error('sin respuesta en 10 ms');
    })).rejects.toThrow('sin respuesta en 10 ms');
  });
});
