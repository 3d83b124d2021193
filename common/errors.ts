import { z } from 'zod';

/** Stable machine-readable error codes; the HTTP status travels with each one. */
export const errorCodes = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  /** The page of someone the viewer blocked: `fields.userId` is whom to unblock. */
  BLOCKED_BY_YOU: 403,
  EMAIL_NOT_VERIFIED: 403,
  /** A sensitive action on an account with two-step sign-in: prove a second factor first. */
  TWO_FACTOR_REQUIRED: 403,
  NOT_FOUND: 404,
  /** The creator chose not to show their page in the visitor's country. */
  REGION_BLOCKED: 451,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** An upload that matches the block list (media removed from Fanplace). */
  MEDIA_BLOCKED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  NOT_READY: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  retryAfterSeconds: z.number().int().optional(),
});

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
