/**
 * `work`'s outcome, or `onTimeout`'s (its value, or what it throws) when `ms` pass first. The timer is cleared
 * when the race ends and never keeps the process alive; `work` itself is not cancelled.
 */
export async function withTimeout<T, F>(work: Promise<T>, ms: number, onTimeout: () => F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<F>((resolve, reject) => {
    timer = setTimeout(() => {
      try {
        resolve(onTimeout());
      } catch (error) {
        reject(error);
      }
    }, ms).unref();
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
