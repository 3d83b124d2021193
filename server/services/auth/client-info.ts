/** Where a request came from, as stored with a session and used for per-IP limits. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}
