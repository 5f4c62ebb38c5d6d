import { z } from 'zod';
import type { OutboundHttp } from '../http.ts';
import { SourceError } from '../source.ts';
import { readText } from './answers.ts';
import { type RestAuth, restCredentialsSchemas } from './config.ts';

/** How requests to the API are authenticated. */
export interface Authorizer {
  /**
   * The headers that authenticate a request; `renew` when a 401 may be cured by asking again (an
   * OAuth token the API no longer accepts): it forgets these credentials so the next call gets new ones.
   */
  authenticate(where: string, signal?: AbortSignal): Promise<{ headers: Record<string, string>; renew?: () => void }>;
}

/** Checks the credentials against the auth type (a ZodError names the missing or bad field) and builds its Authorizer. */
export function createAuthorizer(auth: RestAuth, credentials: unknown, http: OutboundHttp): Authorizer {
  switch (auth.type) {
    case 'none':
      restCredentialsSchemas.none.parse(credentials);
      return fixedHeaders({});
    case 'bearer': {
      const { token } = restCredentialsSchemas.bearer.parse(credentials);
      return fixedHeaders({ authorization: `Bearer ${token}` });
    }
    case 'basic': {
      const { username, password } = restCredentialsSchemas.basic.parse(credentials);
      return fixedHeaders({ authorization: `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}` });
    }
    case 'api_key_header': {
      const { api_key } = restCredentialsSchemas.api_key_header.parse(credentials);
      return fixedHeaders({ [auth.header_name.toLowerCase()]: api_key });
    }
    case 'oauth2_client_credentials':
      return clientCredentialsGrant(auth, restCredentialsSchemas.oauth2_client_credentials.parse(credentials), http);
  }
}

/**
 * A request to the API with the authorizer's headers; an answer 401 to an OAuth token is met by
 * forgetting the token and asking once more with a new one. The answer is returned whatever its status.
 */
export async function sendAuthorized(http: OutboundHttp, authorizer: Authorizer, url: URL, init: { method?: string; headers: Record<string, string>; body?: string }, where: string, signal?: AbortSignal): Promise<Response> {
  const send = async () => {
    const auth = await authorizer.authenticate(where, signal);
    return { renew: auth.renew, response: await http.fetch(url, { ...init, headers: { ...init.headers, ...auth.headers }, signal }) };
  };
  const first = await send();
  if (first.response.status !== 401 || !first.renew) return first.response;
  await discardBody(first.response);
  first.renew();
  return (await send()).response;
}

/** Reads an unwanted body to its end so the connection can serve the next request. */
export async function discardBody(response: Response): Promise<void> {
  await response.arrayBuffer().catch(() => undefined);
}

function fixedHeaders(headers: Record<string, string>): Authorizer {
  return { authenticate: async () => ({ headers }) };
}

/** A token is renewed this long before it expires (a tenth of its life, at most a minute), so a request never leaves with one about to lapse. */
function renewalMarginMs(lifetimeMs: number): number {
  return Math.min(60_000, lifetimeMs / 10);
}

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  // RFC 6749 says a number; some servers send a numeric string.
  expires_in: z.coerce.number().positive().optional(),
});

/**
 * OAuth 2.0 client credentials grant (RFC 6749 §4.4): the token is asked for with the client
 * authenticated by HTTP Basic (§2.3.1, id and secret form-encoded first), kept until shortly
 * before it expires, and asked for again when the API refuses it.
 */
function clientCredentialsGrant(auth: Extract<RestAuth, { type: 'oauth2_client_credentials' }>, client: { client_id: string; client_secret: string }, http: OutboundHttp): Authorizer {
  const clientAuthorization = `Basic ${Buffer.from(`${formEncoded(client.client_id)}:${formEncoded(client.client_secret)}`, 'utf8').toString('base64')}`;
  let cached: { token: string; renewAt: number } | undefined;

  async function requestToken(where: string, signal?: AbortSignal): Promise<{ token: string; renewAt: number }> {
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (auth.scope) form.set('scope', auth.scope);
    const response = await http.fetch(auth.token_url, {
      method: 'POST',
      headers: { authorization: clientAuthorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
      signal,
    });
    const text = await readText(response, where, signal);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (!response.ok) {
      const code = errorCode(body);
      const detail = `HTTP ${response.status}${code ? `, ${code}` : ''}`;
      if (response.status === 401) throw new SourceError(`${where}: the OAuth token endpoint refused the client credentials (${detail})`, false, 401);
      // 400 and 403: an unknown grant type or a scope not granted, which asking again will not change.
      if (response.status === 400 || response.status === 403) throw new SourceError(`${where}: the OAuth token endpoint refused the token request (${detail})`, false, response.status);
      const retryable = response.status === 408 || response.status === 429 || response.status >= 500;
      throw new SourceError(`${where}: the OAuth token endpoint answered ${detail}`, retryable, response.status);
    }
    const answer = tokenAnswerSchema.safeParse(body);
    if (!answer.success) throw new SourceError(`${where}: the OAuth token endpoint's answer is not a token (JSON with access_token and token_type)`, false);
    if (answer.data.token_type.toLowerCase() !== 'bearer') throw new SourceError(`${where}: the OAuth token endpoint issued a "${answer.data.token_type.slice(0, 40)}" token; only Bearer tokens are supported`, false);
    const lifetimeMs = answer.data.expires_in === undefined ? Number.POSITIVE_INFINITY : answer.data.expires_in * 1000;
    return { token: answer.data.access_token, renewAt: Date.now() + lifetimeMs - renewalMarginMs(lifetimeMs) };
  }

  return {
    async authenticate(where, signal) {
      if (!cached || Date.now() >= cached.renewAt) cached = await requestToken(where, signal);
      const { token } = cached;
      return {
        headers: { authorization: `Bearer ${token}` },
        renew: () => {
          if (cached?.token === token) cached = undefined;
        },
      };
    },
  };
}

/** application/x-www-form-urlencoded, as §2.3.1 wants the client id and secret before Basic encoding. */
function formEncoded(value: string): string {
  return new URLSearchParams({ value }).toString().slice('value='.length);
}

/** The RFC 6749 §5.2 `error` code of a refusal, when it is one (a short code, safe to show). */
function errorCode(body: unknown): string | undefined {
  const code = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  return typeof code === 'string' && /^[\w.-]{1,64}$/.test(code) ? code : undefined;
}
