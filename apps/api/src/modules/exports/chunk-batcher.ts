import { Transform, type TransformCallback } from "node:stream";

/**
 * Joins small chunks into larger ones on their way to the HTTP response. pdfkit and archiver write
 * many tiny pieces (a ZIP's central directory is a few bytes per write, for every file): sent one by
 * one, each would become a chunk of the response with its own framing and bookkeeping, which costs
 * far more memory and time than the bytes themselves. Backpressure passes through unchanged.
 */
export class ChunkBatcher extends Transform {
  private chunks: Buffer[] = [];
  private size = 0;

  constructor(private readonly batchBytes = 64 * 1024) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    // A large chunk (a picture's) goes on as it is: copying it would only make garbage.
    if (chunk.length >= this.batchBytes / 2) {
      this.pushBatch();
      this.push(chunk);
      return callback();
    }
    this.chunks.push(chunk);
    this.size += chunk.length;
    if (this.size >= this.batchBytes) this.pushBatch();
    callback();
  }

  override _flush(callback: TransformCallback): void {
    this.pushBatch();
    callback();
  }

  private pushBatch(): void {
    if (this.size === 0) return;
    this.push(this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.size));
    this.chunks = [];
    this.size = 0;
  }
}
