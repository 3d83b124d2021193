/** '45 seconds', '1 minute', '15 minutes', '2 hours': a server-announced wait in words. */
export function waitText(seconds: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 60 * 60) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}

/** The server's rate-limit message with how long to wait, e.g. '... Try again in 15 minutes.' */
export function withWait(message: string, retryAfterSeconds: number | undefined): string {
  if (retryAfterSeconds === undefined || retryAfterSeconds <= 0) return message;
  const sentence = /[.!?]$/.test(message) ? message : `${message}.`;
  return `${sentence} Try again in ${waitText(retryAfterSeconds)}.`;
}
