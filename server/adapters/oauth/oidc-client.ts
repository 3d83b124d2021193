import * as oidc from 'openid-client';

export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** What the provider says about the person, once the code exchange and the ID token checked out. */
export interface OidcIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
}

/** Secrets of one sign-in attempt: kept by us, checked at the callback. */
export interface OidcAttempt {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcClient {
  newAttempt(): OidcAttempt;
  authorizationUrl(attempt: OidcAttempt): Promise<string>;
  /** Exchanges the code in `callbackUrl` (authorization code + PKCE, state and nonce checked). */
  finish(callbackUrl: URL, attempt: OidcAttempt): Promise<OidcIdentity>;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** OpenID Connect through openid-client; discovery happens on first use and is retried after a failure. */
export function createOidcClient(settings: OidcSettings): OidcClient {
  let discovered: Promise<oidc.Configuration> | null = null;
  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(
        new URL(settings.issuerUrl),
        settings.clientId,
        undefined,
        oidc.ClientSecretPost(settings.clientSecret),
        // Plain http only when the operator configured an http issuer (a local provider).
        settings.issuerUrl.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  }

  return {
    newAttempt: () => ({
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    }),
    async authorizationUrl(attempt) {
      const url = oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state: attempt.state,
        nonce: attempt.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(attempt.codeVerifier),
        code_challenge_method: 'S256',
      });
      return url.href;
    },
    async finish(callbackUrl, attempt) {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: attempt.state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new Error('the provider returned no ID token');
      // Google puts the email in the ID token; providers that keep scope claims for UserInfo do not.
      const claims: Record<string, unknown> =
        idToken.email === undefined
          ? { ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)), sub: idToken.sub }
          : idToken;
      return {
        subject: idToken.sub,
        email: text(claims.email),
        emailVerified: claims.email_verified === true,
        givenName: text(claims.given_name),
        familyName: text(claims.family_name),
        name: text(claims.name),
      };
    },
  };
}
