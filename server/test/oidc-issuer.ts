import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface IssuerAccount {
  email: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
}

export interface OidcIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds a person the issuer can sign in; returns their subject. */
  addAccount(account: IssuerAccount): string;
  /**
   * Plays the browser from the authorization URL our app redirected to: signs in as `subject`,
   * consents, and returns the URL the issuer sends the browser back to (our callback).
   */
  authorize(authorizationUrl: string, subject: string): Promise<URL>;
  close(): Promise<void>;
}

/** A real OpenID Connect provider (oidc-provider) on 127.0.0.1, standing in for Google. */
export async function startOidcIssuer(redirectUri: string): Promise<OidcIssuer> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, IssuerAccount>();
  const clientId = 'fanplace-test';
  const clientSecret = 'fanplace-test-secret-0123456789';

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test', alg: 'RS256', use: 'sig' };
  // The in-memory adapter and the built-in login pages are exactly what a test issuer wants;
  // oidc-provider warns about them on console.warn, which would only be noise here.
  const warn = console.warn;
  console.warn = () => {};
  let provider: Provider;
  try {
    provider = new Provider(issuer, {
      jwks: { keys: [signingKey] },
      ttl: {
        Interaction: 600,
        Session: 3600,
        Grant: 3600,
        AccessToken: 600,
        IdToken: 600,
        AuthorizationCode: 60,
      },
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [redirectUri],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name', 'given_name', 'family_name'],
      },
      // Like Google: the requested claims travel in the ID token.
      conformIdTokenClaims: false,
      cookies: { keys: ['oidc-test-cookie-key'] },
      pkce: { required: () => true },
      async findAccount(_ctx, subject) {
        const account = accounts.get(subject);
        if (!account) return undefined;
        return {
          accountId: subject,
          async claims() {
            return {
              sub: subject,
              email: account.email,
              email_verified: account.emailVerified,
              given_name: account.givenName,
              family_name: account.familyName,
              name: [account.givenName, account.familyName].filter(Boolean).join(' '),
            };
          },
        };
      },
    });
  } finally {
    console.warn = warn;
  }
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount(account) {
      const subject = `sub-${accounts.size + 1}-${Math.random().toString(36).slice(2, 8)}`;
      accounts.set(subject, account);
      return subject;
    },
    async authorize(authorizationUrl, subject) {
      const cookies = new Map<string, string>();
      let url = authorizationUrl;
      let form: URLSearchParams | undefined;
      for (let step = 0; step < 20; step++) {
        if (url.startsWith(redirectUri)) return new URL(url);
        const response = await fetch(url, {
          method: form ? 'POST' : 'GET',
          body: form,
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair = ''] = line.split(';');
          const [name = '', ...value] = pair.split('=');
          cookies.set(name.trim(), value.join('='));
        }
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location) {
          url = new URL(location, url).href;
          form = undefined;
          continue;
        }
        const page = await response.text();
        if (response.status !== 200 || !url.includes('/interaction/')) {
          throw new Error(`issuer answered ${response.status} at ${url}: ${page.slice(0, 500)}`);
        }
        // The provider's own development login and consent pages, submitted like a person would.
        form = page.includes('name="prompt" value="login"')
          ? new URLSearchParams({ prompt: 'login', login: subject, password: 'any' })
          : new URLSearchParams({ prompt: 'consent' });
      }
      throw new Error('too many redirects at the issuer');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
