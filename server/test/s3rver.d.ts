/** The part of s3rver's API the tests use (the package ships no types). s3rver is a Koa app. */
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  /** The slice of Koa's context the extra S3 operations read and write. */
  export interface KoaContext {
    method: string;
    /** Path and query as sent (still encoded). */
    url: string;
    path: string;
    headers: Record<string, string | string[] | undefined>;
    /** The Node request; s3rver reads object bodies from it. */
    req: import('node:http').IncomingMessage;
    query: Record<string, string | string[] | undefined>;
    status: number;
    type: string;
    body: unknown;
  }
  /** An object as s3rver's store takes it: its body is a Buffer or a stream. */
  export interface S3rverObject {
    bucket: string;
    key: string;
    content: Buffer | import('node:stream').Readable;
    metadata: Record<string, string>;
  }
  /** The filesystem store behind the routes (the methods the tests replace or call). */
  export interface S3rverStore {
    getResourcePath(bucket: string, key: string | undefined, resource: string): string;
    putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
    putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    store: S3rverStore;
    /** Koa's middleware stack, composed when the server starts listening. */
    middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
