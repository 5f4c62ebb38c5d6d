import { ApiError } from '@platform/errors';
import type { Plugin } from 'graphql-yoga';
import type { ReportUnexpectedError } from '../../observability/unexpected-errors.ts';
import type { CredentialAuthenticator } from '../credentials.ts';
import { TooManyFailedAuthentications } from '../failed-authentications.ts';
import { requestState } from '../request-state.ts';
import { graphqlErrorFor, problemFor } from '../responses.ts';

const TENANT_HEADER = 'x-service-tenant';

/**
 * Every request to /graphql and /v1 (other than the public endpoints answered before this
 * plugin) must carry a valid bearer credential (an access token or an API key) and name its
 * tenant in `X-Service-Tenant`:
 * 401 without a valid token, 400 without the header, 403 when the header names another tenant
 * (a sandbox credential used against production, say). GraphiQL's page itself is public.
 */
export function useAuthentication(options: { credentials: CredentialAuthenticator; graphqlEndpoint: string; restBasePath: string; reportUnexpected: ReportUnexpectedError }): Plugin {
  return {
    async onRequest({ request, url, endResponse }) {
      const isGraphql = url.pathname === options.graphqlEndpoint;
      if (!isGraphql && !url.pathname.startsWith(`${options.restBasePath}/`)) return;
      if (isGraphql && request.method === 'GET' && request.headers.get('accept')?.includes('text/html')) return;
      // An operation the platform runs itself (a connector's write, platform-operations.ts) comes
      // with its principal; a request from the network has none before this point.
      if (requestState(request).principal) return;
      try {
        const authorization = request.headers.get('authorization');
        if (!authorization) throw new ApiError('unauthenticated', 'This endpoint needs a credential: send Authorization: Bearer <access token or API key>.');
        // A split always has a first part.
        const [scheme, token] = authorization.split(' ') as [string, string?];
        if (scheme.toLowerCase() !== 'bearer' || !token) throw new ApiError('invalid_token', 'The Authorization header must have the form Bearer <token>.');
        const principal = await options.credentials.authenticate(token, requestState(request).clientAddress);
        requestState(request).authenticatedAs = principal;
        const tenant = request.headers.get(TENANT_HEADER);
        if (!tenant) throw new ApiError('tenant_header_missing', 'Name the tenant in the X-Service-Tenant header.');
        if (tenant !== principal.tenantId) {
          throw new ApiError('tenant_mismatch', 'The X-Service-Tenant header names a tenant this credential does not belong to. Sandbox and production are separate tenants with separate credentials.');
        }
        requestState(request).principal = principal;
      } catch (error) {
        const code = error instanceof ApiError ? error.code : 'internal_error';
        if (code === 'internal_error') options.reportUnexpected('http', error, { request_id: requestState(request).requestId }, 'could not authenticate a request');
        const headers: Record<string, string> = {};
        if (code === 'unauthenticated') headers['www-authenticate'] = 'Bearer realm="platform"';
        if (code === 'invalid_token') headers['www-authenticate'] = 'Bearer realm="platform", error="invalid_token"';
        if (error instanceof TooManyFailedAuthentications) headers['retry-after'] = String(error.retryAfterSeconds);
        endResponse(isGraphql ? graphqlErrorFor(error, request, headers) : problemFor(error, request, headers));
      }
    },
  };
}
