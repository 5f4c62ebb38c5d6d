import { PlatformProblemError } from './problem-error.ts';

/** Where the bearer credential of every request comes from. */
export interface TokenSource {
  /** A credential valid now (an access token renewed before its expiry, or an API key). */
  token(): Promise<string>;
  /** Forgets a cached token the platform refused (`401 invalid_token`); the next `token()` fetches a new one. Returns whether a new one can be had. */
  invalidate(): boolean;
  /** When the current token should be renewed (ms since the epoch), or undefined (API keys, or none yet). */
  renewsAt(): number | undefined;
}

/** An API key (`sk_live_…`, `sk_test_…`): sent as it is, never renewed. */
export class ApiKeyTokenSource implements TokenSource {
  constructor(private readonly apiKey: string) {}
  token(): Promise<string> {
    return Promise.resolve(this.apiKey);
  }
  invalidate(): boolean {
    return false;
  }
  renewsAt(): undefined {
    return undefined;
  }
}

export interface ClientCredentialsOptions {
  /** The token endpoint, `<baseUrl>/v1/oauth/token`. */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated scopes to ask for; default: every scope the client is allowed. */
  scope?: string | undefined;
  /** Sends the token request (the core's retrying fetch: 5xx, 429 and network errors are retried). */
  send(request: Request): Promise<Response>;
  /** Renew once this share of `expires_in` has passed (default 0.8). */
  renewAfter?: number | undefined;
  now?: () => number;
}

interface TokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

/**
 * OAuth 2.0 client credentials (`POST /v1/oauth/token`): one token shared by every request,
 * renewed once `renewAfter` (80 %) of its lifetime has passed, so no request is sent with a token
 * about to expire. Concurrent callers share one token request.
 */
export class ClientCredentialsTokenSource implements TokenSource {
  private current: { token: string; renewAt: number; expiresAt: number } | undefined;
  private pending: Promise<string> | undefined;
  private readonly now: () => number;
  /** How many tokens were fetched (observability and tests). */
  fetched = 0;

  constructor(private readonly options: ClientCredentialsOptions) {
    this.now = options.now ?? Date.now;
  }

  token(): Promise<string> {
    if (this.current && this.now() < this.current.renewAt) return Promise.resolve(this.current.token);
    this.pending ??= this.fetchToken().finally(() => (this.pending = undefined));
    return this.pending;
  }

  invalidate(): boolean {
    this.current = undefined;
    return true;
  }

  renewsAt(): number | undefined {
    return this.current?.renewAt;
  }

  private async fetchToken(): Promise<string> {
    const body: Record<string, string> = { grant_type: 'client_credentials', client_id: this.options.clientId, client_secret: this.options.clientSecret };
    if (this.options.scope) body.scope = this.options.scope;
    const response = await this.options.send(
      new Request(this.options.tokenUrl, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) }),
    );
    if (!response.ok) throw await PlatformProblemError.fromResponse(response);
    const answer = (await response.json()) as TokenResponse;
    const issuedAt = this.now();
    const lifetimeMs = answer.expires_in * 1000;
    this.current = { token: answer.access_token, renewAt: issuedAt + lifetimeMs * (this.options.renewAfter ?? 0.8), expiresAt: issuedAt + lifetimeMs };
    this.fetched++;
    return answer.access_token;
  }
}
