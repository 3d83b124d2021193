/** At most `limit` tasks at once; the rest wait in arrival order. */
export function createSemaphore(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else running += 1;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
    get pending() {
      return waiting.length;
    },
  };
}

export type Semaphore = ReturnType<typeof createSemaphore>;
