import { Transform, type TransformCallback } from 'node:stream';

/** Raised while streaming, as soon as a write passes its cap; nothing is kept. */
export class SizeLimitExceededError extends Error {
  override name = 'SizeLimitExceededError';
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`more than ${maxBytes} bytes`);
    this.maxBytes = maxBytes;
  }
}

/** Counts bytes as they pass and fails the pipeline as soon as there are more than `maxBytes`. */
export class ByteCounter extends Transform {
  bytes = 0;
  private readonly maxBytes: number;
  constructor(maxBytes: number) {
    super();
    this.maxBytes = maxBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(new SizeLimitExceededError(this.maxBytes));
      return;
    }
    callback(null, chunk);
  }
}
