import { type Client, createClient } from 'graphql-ws';
import { useEffect, useRef, useState } from 'react';
import { credential, onCredential } from './credential.ts';

export interface LiveEvent {
  id: string;
  type: string;
  occurred_at: string;
  data: Record<string, unknown>;
  resource: { type: string; id: string } | null;
}

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'off';

const EVENTS_SUBSCRIPTION = 'subscription ConsoleLiveEvents($types: [String!]) { events(types: $types) { id type occurred_at data resource { type id } } }';

/**
 * The event bus, live, over graphql-ws at /graphql (same origin), with the session's access token
 * in the connection payload. A renewed token is handed to the open socket in a `ping` carrying the
 * credential (the platform keeps the subscription and answers with a pong); a closed connection
 * (expiry, restart, network) is opened again after a short wait, with the current token.
 */
export function subscribeToEvents(types: string[] | undefined, onEvent: (event: LiveEvent) => void, onStatus: (status: LiveStatus) => void): () => void {
  let client: Client | undefined;
  let socket: WebSocket | undefined;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let tenantId = credential()?.tenantId;

  const open = () => {
    if (stopped || !credential()) return;
    onStatus(client ? 'reconnecting' : 'connecting');
    const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/graphql`;
    const current = createClient({
      url,
      lazy: false,
      retryAttempts: 0,
      keepAlive: 25_000,
      connectionParams: () => {
        const held = credential();
        tenantId = held?.tenantId;
        return { Authorization: `Bearer ${held?.accessToken ?? ''}`, 'X-Service-Tenant': held?.tenantId ?? '' };
      },
      on: {
        connected: (connected) => {
          socket = connected as WebSocket;
          onStatus('live');
        },
        closed: () => {
          socket = undefined;
        },
      },
    });
    client = current;
    current.subscribe<{ events: LiveEvent }>(
      { query: EVENTS_SUBSCRIPTION, variables: { types: types ?? null } },
      {
        next: (result) => {
          if (result.data?.events) onEvent(result.data.events);
        },
        error: () => reopenSoon(current),
        complete: () => reopenSoon(current),
      },
    );
  };

  const reopenSoon = (ended: Client) => {
    if (stopped || client !== ended) return;
    void ended.dispose();
    onStatus('reconnecting');
    clearTimeout(retry);
    retry = setTimeout(open, 3_000);
  };

  const stopListening = onCredential((next) => {
    if (!next) {
      onStatus('off');
      void client?.dispose();
      return;
    }
    if (next.tenantId !== tenantId) {
      // Another tenant (an explicit environment switch): a new connection for it.
      if (client) void client.dispose();
      client = undefined;
      open();
      return;
    }
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'ping', payload: { Authorization: `Bearer ${next.accessToken}`, 'X-Service-Tenant': next.tenantId } }));
  });

  open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    stopListening();
    void client?.dispose();
    onStatus('off');
  };
}

/** Live events while the component is mounted; `onEvent` may change between renders. */
export function useLiveEvents(enabled: boolean, onEvent: (event: LiveEvent) => void): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('off');
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!enabled) return;
    return subscribeToEvents(undefined, (event) => handler.current(event), setStatus);
  }, [enabled]);
  return enabled ? status : 'off';
}
