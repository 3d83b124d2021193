import { type FileHandle, open } from 'node:fs/promises';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { finished, type Readable, Transform, type TransformCallback, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

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

/**
 * Request body chunks that only one reader holds: the HTTP parser's own buffer for each chunk, as
 * `requestBody` hands them on. Once such a chunk is on disk, `releaseChunk` frees its memory at once
 * instead of leaving it to the garbage collector, which V8 runs for these buffers only once tens of
 * MB of them have piled up: concurrent uploads would otherwise keep ~100 MB of garbage resident.
 */
const releasable = new WeakSet<ArrayBufferLike>();

/**
 * A real connection's request body as a web stream of the parser's own chunks. Readable.toWeb (what
 * srvx, under @tus/server, uses) copies every chunk, doubling the garbage per byte; here nothing is
 * copied. Chunks are taken one by one from 'data' events (`read()` would join buffered chunks into
 * a new buffer). Cancelling the stream destroys the request, as with toWeb.
 */
export function requestBody(request: Readable): ReadableStream<Uint8Array> {
  // Anything else (light-my-request's injected requests) hands on buffers its caller still holds.
  const fromSocket = request instanceof IncomingMessage && request.socket instanceof Socket;
  let settled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        request.pause();
        request.on('data', (chunk: Buffer) => {
          if (fromSocket && chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength) {
            releasable.add(chunk.buffer);
          }
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) request.pause();
        });
        finished(request, { writable: false }, (error) => {
          if (settled) return;
          settled = true;
          if (error) controller.error(error);
          else controller.close();
        });
      },
      pull() {
        request.resume();
      },
      cancel(reason) {
        settled = true;
        request.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: request.readableHighWaterMark }),
  );
}

/** ES2024's ArrayBuffer.prototype.transfer, which the ES2023 typings lack. */
type TransferableBuffer = ArrayBufferLike & { transfer(length: number): ArrayBuffer };

/** Frees a chunk from `requestBody` now (it becomes empty); leaves any other buffer untouched. */
export function releaseChunk(chunk: Uint8Array): void {
  const buffer = chunk.buffer;
  if (!releasable.delete(buffer)) return;
  // Detaching drops the only reference to the memory, which is freed there and then.
  (buffer as TransferableBuffer).transfer(0);
}

/** Writes chunk by chunk into an existing file from a given byte, releasing each once written. */
class ChunkFileWriter extends Writable {
  bytes = 0;
  private handle: FileHandle | null = null;
  private readonly file: string;
  private position: number;
  constructor(file: string, start: number) {
    super();
    this.file = file;
    this.position = start;
  }

  override _construct(callback: (error?: Error | null) => void): void {
    open(this.file, 'r+').then((handle) => {
      this.handle = handle;
      callback();
    }, callback);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.writeAll(chunk).then(() => callback(), callback);
  }

  private async writeAll(chunk: Buffer): Promise<void> {
    const handle = this.handle as FileHandle;
    for (let done = 0; done < chunk.byteLength; ) {
      done += (await handle.write(chunk, done, chunk.byteLength - done, this.position + done)).bytesWritten;
    }
    this.position += chunk.byteLength;
    this.bytes += chunk.byteLength;
    releaseChunk(chunk);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const handle = this.handle;
    this.handle = null;
    if (!handle) {
      callback(error);
      return;
    }
    handle.close().then(
      () => callback(error),
      (closeError: Error) => callback(error ?? closeError),
    );
  }
}

/**
 * Writes `source` into the existing `file` from byte `start`, releasing each chunk once it is on
 * disk (see `releaseChunk`); answers how many bytes were written.
 */
export async function writeChunksAt(source: Readable, file: string, start: number): Promise<number> {
  const writer = new ChunkFileWriter(file, start);
  await pipeline(source, writer);
  return writer.bytes;
}
