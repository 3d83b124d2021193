import { z } from 'zod';

/** What the browser may know about the server's configuration: nothing secret. */
export const publicConfigSchema = z.object({
  siteName: z.string(),
  publicUrl: z.string(),
  gaMeasurementId: z.string().nullable(),
  googleSignIn: z.boolean(),
  /** The smallest and largest tip, in USD cents (common/schemas/tips.ts). */
  tips: z.object({ minCents: z.number().int(), maxCents: z.number().int() }),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;
