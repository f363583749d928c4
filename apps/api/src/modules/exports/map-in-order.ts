/**
 * Runs `work` over the items with at most `concurrency` running at once and yields the results in
 * the items' order, starting the next item as soon as one is handed over: a report is written in
 * order while the next few records' pictures are being fetched, and only that many are ever held.
 */
export async function* mapInOrder<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): AsyncGenerator<R> {
  const running: Promise<R>[] = [];
  let next = 0;
  const start = () => {
    const index = next++;
    const promise = work(items[index]!, index);
    promise.catch(() => undefined); // awaited below in turn; this only keeps an early failure quiet
    running.push(promise);
  };
  while (next < items.length && running.length < concurrency) start();
  while (running.length > 0) {
    const result = await running.shift()!;
    if (next < items.length) start();
    yield result;
  }
}
