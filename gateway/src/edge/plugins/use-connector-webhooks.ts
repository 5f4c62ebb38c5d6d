import { ApiError } from '@platform/errors';
import type { SyncPort } from '@platform/graphql-kit';
import type { Plugin } from 'graphql-yoga';
import { requestState } from '../request-state.ts';
import { problemFor } from '../responses.ts';

const SHOPIFY_WEBHOOK = /^\/connectors\/([A-Za-z0-9_]{1,100})\/webhooks\/shopify$/;

/**
 * Inbound webhooks of connected systems, answered before authentication: Shopify cannot send a
 * bearer credential, it signs each webhook with the app's secret (`X-Shopify-Hmac-Sha256` over the
 * raw body), which the connector's sealed credentials hold (`webhook_secret`). A verified webhook
 * starts an incremental sync of its connector (the integrations domain decides, through the sync
 * port) and counts against the connector's tenant's rate limit; a bad signature is a 401
 * `signature_invalid`; an id naming no connector that takes webhooks, a 404. Shopify retries a
 * webhook that is not answered 2xx within 5 seconds: nothing slow happens here.
 */
export function useConnectorWebhooks(options: { basePath: string; sync: SyncPort; admit(request: Request, tenantId: string): Promise<Response | undefined> }): Plugin {
  return {
    async onRequest({ request, url, endResponse, fetchAPI }) {
      if (request.method !== 'POST' || !url.pathname.startsWith(`${options.basePath}/`)) return;
      const connectorId = SHOPIFY_WEBHOOK.exec(url.pathname.slice(options.basePath.length))?.[1];
      if (!connectorId) return;
      requestState(request).operation = `${options.basePath}/connectors/:id/webhooks/shopify`;
      const body = Buffer.from(await request.arrayBuffer());
      const received = await options.sync.receiveWebhook(connectorId, { signature: request.headers.get('x-shopify-hmac-sha256') ?? undefined, body });
      if (received.outcome !== 'accepted') {
        const error =
          received.outcome === 'unknown'
            ? new ApiError('not_found', 'No connector takes webhooks at this address.')
            : new ApiError('signature_invalid', 'The webhook’s X-Shopify-Hmac-Sha256 does not verify with the connector’s webhook secret.');
        return endResponse(problemFor(error, request));
      }
      // Verified: the audit trail records the request under the connector's tenant, the connector as actor.
      requestState(request).authenticatedAs = { tenantId: received.tenantId, scopes: new Set(), credential: { type: 'connector', id: connectorId } };
      endResponse((await options.admit(request, received.tenantId)) ?? new fetchAPI.Response(null, { status: 202 }));
    },
  };
}
