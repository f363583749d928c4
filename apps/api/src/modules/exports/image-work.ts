import PQueue from "p-queue";

/**
 * Picture work (sharp) of every export in this process, a few at a time. Each picture being decoded
 * holds megabytes, and on glibc every worker thread that decodes keeps its own memory arena, so the
 * number of pictures in work at once, not the number of records, is what sets an export's memory.
 * Two keep both cores of a small server busy. First come, first served (p-queue, issue 39 item 7).
 */
const pictures = new PQueue({ concurrency: 2 });

export function imageWork<T>(work: () => Promise<T>): Promise<T> {
  return pictures.add(work);
}
