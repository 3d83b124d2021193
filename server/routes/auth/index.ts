import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthServices } from '../../modules/auth-services.ts';
import googleRoutes from './google.ts';
import passkeyRoutes from './passkeys.ts';
import passwordRoutes from './password.ts';
import profileRoutes from './profile.ts';
import sessionRoutes from './sessions.ts';
import signinRoutes from './signin.ts';
import signupAndVerifyRoutes from './signup-and-verify.ts';
import twoFactorRoutes from './two-factor.ts';

/** Everything under /api/auth, each file given only the service it calls. */
const authRoutes: FastifyPluginAsyncZod<{ auth: AuthServices; publicUrl: string }> = async (
  app,
  { auth, publicUrl },
) => {
  await app.register(signupAndVerifyRoutes, { registration: auth.registration });
  await app.register(signinRoutes, { signIn: auth.signIn, sessions: auth.sessions });
  await app.register(passwordRoutes, { passwords: auth.passwords });
  await app.register(profileRoutes, { profile: auth.profile });
  await app.register(sessionRoutes, { sessions: auth.sessions, placeOf: auth.placeOf });
  await app.register(googleRoutes, { google: auth.google, publicUrl });
  await app.register(twoFactorRoutes, { twoFactor: auth.twoFactor });
  await app.register(passkeyRoutes, { passkeys: auth.passkeys });
};

export default authRoutes;
