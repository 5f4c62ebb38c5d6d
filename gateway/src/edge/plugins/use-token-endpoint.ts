import type { TokenIssuer } from '@platform/auth';
import type { PrismaClient } from '@platform/db';
import { ApiError } from '@platform/errors';
import { OAuthError, type TokenRequest, exchangeClientCredentials } from '@platform/subgraph-identity';
import type { Plugin } from 'graphql-yoga';
import { problemFor } from '../responses.ts';

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

/**
 * `POST /v1/oauth/token`: the client-credentials grant. It speaks RFC 6749, not the platform's
 * problem format: JSON or form-encoded bodies, client credentials in the body or in HTTP Basic,
 * `{ error, error_description }` bodies with 400/401.
 */
export function useTokenEndpoint(options: { path: string; prisma: PrismaClient; issuer: TokenIssuer }): Plugin {
  return {
    async onRequest({ request, url, endResponse }) {
      if (url.pathname !== options.path) return;
      if (request.method !== 'POST') {
        endResponse(problemFor(new ApiError('method_not_allowed', `${options.path} accepts POST only.`, { allowed_methods: ['POST'] }), request));
        return;
      }
      try {
        const tokenRequest = await readTokenRequest(request);
        const token = await exchangeClientCredentials(options.prisma, options.issuer, tokenRequest);
        endResponse(Response.json(token, { headers: NO_STORE }));
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        const headers: Record<string, string> = { ...NO_STORE };
        if (error.status === 401) headers['www-authenticate'] = 'Basic realm="platform"';
        endResponse(Response.json({ error: error.error, error_description: error.description }, { status: error.status, headers }));
      }
    },
  };
}

async function readTokenRequest(request: Request): Promise<TokenRequest> {
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
    body.client_id = decodeURIComponent(decoded.slice(0, separator));
    body.client_secret = decodeURIComponent(decoded.slice(separator + 1));
  }
  return body;
}
