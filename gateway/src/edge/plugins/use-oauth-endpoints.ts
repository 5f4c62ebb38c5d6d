import type { TokenIssuer, TokenVerifier } from '@platform/auth';
import type { OAuthClient, PrismaClient } from '@platform/db';
import { ApiError } from '@platform/errors';
import { OAuthError, type TokenRequest, authenticateClient, exchangeClientCredentials, introspectToken, revokeAccessToken } from '@platform/subgraph-identity';
import type { Plugin } from 'graphql-yoga';
import type { CredentialAuthenticator } from '../credentials.ts';
import type { AuthenticationAttempt, FailedAuthentications } from '../failed-authentications.ts';
import { requestState } from '../request-state.ts';
import { problemFor } from '../responses.ts';

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

/**
 * The OAuth 2.0 endpoints under /v1/oauth: `token` (client-credentials grant, RFC 6749),
 * `revoke` (RFC 7009) and `introspect` (RFC 7662). They speak OAuth, not the platform's problem
 * format: JSON or form-encoded bodies, client credentials in the body or in HTTP Basic,
 * `{ error, error_description }` bodies with 400/401. Requests of an authenticated client count
 * against its tenant's rate limits like any other request. Failed client authentications count
 * per client id and per address (`failedAuthentications`); past either limit every attempt is
 * 429 `slow_down` with `Retry-After`, whether the client id exists or not.
 */
export function useOAuthEndpoints(options: {
  basePath: string;
  prisma: PrismaClient;
  issuer: TokenIssuer;
  verifyToken: TokenVerifier;
  credentials: CredentialAuthenticator;
  failedAuthentications: FailedAuthentications;
  /** Counts the request against the limits of the named client's tenant (see useRateLimit). */
  admit(request: Request, tenantId: string): Promise<Response | undefined>;
}): Plugin {
  const { prisma, verifyToken } = options;
  const endpoints: Record<string, (client: OAuthClient, request: TokenRequest) => Promise<Response>> = {
    [`${options.basePath}/token`]: async (client, request) => Response.json(await exchangeClientCredentials(options.issuer, client, request), { headers: NO_STORE }),
    [`${options.basePath}/revoke`]: async (client, request) => {
      const revoked = await revokeAccessToken(prisma, verifyToken, client, request);
      if (revoked) options.credentials.forgetToken(revoked.tenantId, revoked.tokenId);
      return new Response(null, { status: 200, headers: NO_STORE });
    },
    [`${options.basePath}/introspect`]: async (client, request) => Response.json(await introspectToken(prisma, verifyToken, client, request), { headers: NO_STORE }),
  };
  return {
    async onRequest({ request, url, endResponse }) {
      const endpoint = endpoints[url.pathname];
      if (!endpoint) return;
      if (request.method !== 'POST') {
        endResponse(problemFor(new ApiError('method_not_allowed', `${url.pathname} accepts POST only.`, { allowed_methods: ['POST'] }), request));
        return;
      }
      const attempt: AuthenticationAttempt = { clientAddress: requestState(request).clientAddress };
      try {
        const oauthRequest = await readOAuthRequest(request);
        if (typeof oauthRequest.client_id === 'string') attempt.clientId = oauthRequest.client_id;
        const refusedFor = await options.failedAuthentications.refusedFor(attempt);
        if (refusedFor !== undefined) {
          endResponse(tooManyFailures(refusedFor));
          return;
        }
        // Every endpoint authenticates the client first. Only then does the request count for
        // (and get audited under) the client's tenant: knowing a client id must not let anyone
        // spend a tenant's rate limit or write into its audit trail.
        const client = await authenticateClient(prisma, oauthRequest);
        requestState(request).oauthClient = { id: client.id, tenantId: client.tenant_id };
        endResponse((await options.admit(request, client.tenant_id)) ?? (await endpoint(client, oauthRequest)));
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        if (error.error === 'invalid_client') {
          const refusedFor = await options.failedAuthentications.failed(attempt);
          if (refusedFor !== undefined) {
            endResponse(tooManyFailures(refusedFor));
            return;
          }
        }
        const headers: Record<string, string> = { ...NO_STORE };
        if (error.status === 401) headers['www-authenticate'] = 'Basic realm="platform"';
        endResponse(Response.json({ error: error.error, error_description: error.description }, { status: error.status, headers }));
      }
    },
  };
}

/** RFC 8628's `slow_down`: the one registered OAuth error that asks a client to wait. */
function tooManyFailures(retryAfterSeconds: number): Response {
  return Response.json(
    // The same words whatever the cause, so that a refusal tells nothing about the client id.
    { error: 'slow_down', error_description: 'Too many failed client authentications from this address or for this client id; retry after Retry-After seconds.' },
    { status: 429, headers: { ...NO_STORE, 'retry-after': String(retryAfterSeconds) } },
  );
}

async function readOAuthRequest(request: Request): Promise<TokenRequest> {
  const contentType = request.headers.get('content-type') ?? '';
  let body: Record<string, unknown>;
  if (/^application\/json\b/i.test(contentType)) {
    try {
      body = JSON.parse(await request.text()) as Record<string, unknown>;
    } catch {
      throw new OAuthError(400, 'invalid_request', 'The request body is not well-formed JSON.');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new OAuthError(400, 'invalid_request', 'The request body must be a JSON object.');
  } else if (/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
    body = Object.fromEntries(new URLSearchParams(await request.text()));
  } else {
    throw new OAuthError(400, 'invalid_request', 'Send the parameters as application/json or application/x-www-form-urlencoded.');
  }
  // RFC 6749 section 2.3.1: client credentials may come in HTTP Basic instead of the body.
  const authorization = request.headers.get('authorization');
  if (authorization?.toLowerCase().startsWith('basic ')) {
    const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    if (separator < 0) throw new OAuthError(401, 'invalid_client', 'Malformed HTTP Basic credentials.');
    if (body.client_id !== undefined || body.client_secret !== undefined) throw new OAuthError(400, 'invalid_request', 'Send client credentials either in the body or in HTTP Basic, not both.');
    try {
      body.client_id = decodeURIComponent(decoded.slice(0, separator));
      body.client_secret = decodeURIComponent(decoded.slice(separator + 1));
    } catch {
      throw new OAuthError(401, 'invalid_client', 'Malformed HTTP Basic credentials.');
    }
  }
  // Parameters of other names are ignored (RFC 6749 section 3.1), so only these are checked.
  for (const name of OAUTH_PARAMETERS) {
    const value = body[name];
    if (typeof value === 'string' && !OAUTH_PARAMETER.test(value)) throw new OAuthError(400, 'invalid_request', `The ${name} parameter must be printable ASCII of at most ${MAX_OAUTH_PARAMETER} characters.`);
  }
  return body;
}

/** RFC 6749 appendix A: client ids, secrets, scopes and tokens are printable ASCII (VSCHAR / NQCHAR). */
const OAUTH_PARAMETERS = ['grant_type', 'client_id', 'client_secret', 'scope', 'token', 'token_type_hint'] as const;
const MAX_OAUTH_PARAMETER = 4096;
const OAUTH_PARAMETER = new RegExp(`^[\\x20-\\x7E]{0,${MAX_OAUTH_PARAMETER}}$`);
