import { z } from 'zod';

/** What the browser may know about the server's configuration: nothing secret. */
export const publicConfigSchema = z.object({
  siteName: z.string(),
  publicUrl: z.string(),
  gaMeasurementId: z.string().nullable(),
  googleSignIn: z.boolean(),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;
