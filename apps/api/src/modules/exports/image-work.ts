/**
 * Picture work (sharp) of every export in this process, a few at a time. Each picture being decoded
 * holds megabytes, and on glibc every worker thread that decodes keeps its own memory arena, so the
 * number of pictures in work at once, not the number of records, is what sets an export's memory.
 * Two keep both cores of a small server busy.
 */
const LIMIT = 2;

let active = 0;
const waiting: (() => void)[] = [];

export async function imageWork<T>(work: () => Promise<T>): Promise<T> {
  if (active >= LIMIT) await new Promise<void>((resolve) => waiting.push(resolve));
  else active++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next)
      next(); // the slot passes straight on
    else active--;
  }
}
