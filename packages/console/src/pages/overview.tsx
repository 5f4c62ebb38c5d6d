import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { graphql, onRateLimit, rateLimitReading } from '../api/graphql.ts';
import { type LiveEvent, useLiveEvents } from '../api/live.ts';
import { type Problem, toProblem } from '../api/problem.ts';
import { type Bar, BarChart, Gauge } from '../components/charts.tsx';
import { ProblemAlert } from '../components/feedback.tsx';
import { PageTitle } from '../components/page.tsx';
import { formatMoney, formatTime, startOfToday } from '../format.ts';
import { useScopes } from '../session.tsx';

interface Dashboard {
  ordersToday?: { count: number; byStatus: Record<string, number>; revenue: Record<string, number> };
  lowStock?: { total: number; items: { id: string; name: string; quantity_on_hand: number; reorder_point: number }[] };
  webhooks?: { endpoints: number; disabled: number; perEndpoint: { url: string; succeeded: number; failed: number; pending: number }[] };
  sync?: { total: number; byState: Record<string, number> };
  rateLimits?: { per_second: number; per_minute: number };
}

const MAX_ORDER_PAGES = 10;

/** Sales orders created since midnight (local time), walked by cursor: count, per status, revenue per currency. */
async function ordersToday(): Promise<Dashboard['ordersToday']> {
  const byStatus: Record<string, number> = {};
  const revenue: Record<string, number> = {};
  let count = 0;
  let after: string | null = null;
  for (let page = 0; page < MAX_ORDER_PAGES; page++) {
    const data: { orders: { data: { status: string; currency: string; total: number | string }[]; meta: { total: number; next_cursor: string | null } } } = await graphql(
      'query ConsoleOrdersToday($since: DateTime!, $after: String) { orders(kind: sales, created_after: $since, per_page: 100, after: $after) { data { status currency total } meta { total next_cursor } } }',
      { since: startOfToday().toISOString(), after },
    );
    count = data.orders.meta.total;
    for (const order of data.orders.data) {
      byStatus[order.status] = (byStatus[order.status] ?? 0) + 1;
      if (order.status !== 'cancelled') revenue[order.currency] = (revenue[order.currency] ?? 0) + Number(order.total);
    }
    after = data.orders.meta.next_cursor;
    if (!after) break;
  }
  return { count, byStatus, revenue };
}

async function webhookHealth(): Promise<Dashboard['webhooks']> {
  const endpoints = await graphql<{ webhook_endpoints: { data: { id: string; url: string; status: string }[]; meta: { total: number } } }>('query ConsoleEndpoints { webhook_endpoints(per_page: 10) { data { id url status } meta { total } } }');
  const list = endpoints.webhook_endpoints.data;
  const disabled = list.filter((endpoint) => endpoint.status === 'disabled').length;
  if (list.length === 0) return { endpoints: 0, disabled: 0, perEndpoint: [] };
  const variables = Object.fromEntries(list.map((endpoint, index) => [`e${index}`, endpoint.id]));
  const fields = list
    .map((_endpoint, index) => ['succeeded', 'failed', 'pending'].map((status) => `e${index}_${status}: webhook_deliveries(endpoint_id: $e${index}, status: ${status}, per_page: 1) { meta { total } }`).join(' '))
    .join(' ');
  const counts = await graphql<Record<string, { meta: { total: number } }>>(`query ConsoleDeliveryHealth(${list.map((_endpoint, index) => `$e${index}: String!`).join(', ')}) { ${fields} }`, variables);
  return {
    endpoints: endpoints.webhook_endpoints.meta.total,
    disabled,
    perEndpoint: list.map((endpoint, index) => ({ url: endpoint.url, succeeded: counts[`e${index}_succeeded`]?.meta.total ?? 0, failed: counts[`e${index}_failed`]?.meta.total ?? 0, pending: counts[`e${index}_pending`]?.meta.total ?? 0 })),
  };
}

/** Reads every card the session's scopes allow; a card whose scope is missing is not read nor shown. */
async function readDashboard(scopes: string[]): Promise<Dashboard> {
  const parts: Promise<Partial<Dashboard>>[] = [];
  if (scopes.includes('crm:read')) parts.push(ordersToday().then((value) => ({ ordersToday: value })));
  if (scopes.includes('inventory:read'))
    parts.push(
      graphql<{ inventory_items: { data: NonNullable<Dashboard['lowStock']>['items']; meta: { total: number } } }>('query ConsoleLowStock { inventory_items(reorder_below: true, archived: false, per_page: 8, sort: "quantity_on_hand") { data { id name quantity_on_hand reorder_point } meta { total } } }').then((data) => ({
        lowStock: { total: data.inventory_items.meta.total, items: data.inventory_items.data },
      })),
    );
  if (scopes.includes('webhooks:read')) parts.push(webhookHealth().then((value) => ({ webhooks: value })));
  if (scopes.includes('sync:read'))
    parts.push(
      graphql<{ sync_jobs: { data: { state: string }[]; meta: { total: number } } }>('query ConsoleSyncHealth { sync_jobs(per_page: 50) { data { state } meta { total } } }').then((data) => {
        const byState: Record<string, number> = {};
        for (const job of data.sync_jobs.data) byState[job.state] = (byState[job.state] ?? 0) + 1;
        return { sync: { total: data.sync_jobs.meta.total, byState } };
      }),
    );
  if (scopes.includes('tenants:read')) parts.push(graphql<{ tenant: { rate_limits: { per_second: number; per_minute: number } } }>('query ConsoleTenantLimits { tenant { rate_limits { per_second per_minute } } }').then((data) => ({ rateLimits: data.tenant.rate_limits })));
  return Object.assign({}, ...(await Promise.all(parts))) as Dashboard;
}

const TONES: Record<string, Bar['tone']> = { succeeded: 'good', fulfilled: 'good', confirmed: 'good', received: 'good', failed: 'bad', cancelled: 'bad', partially_failed: 'warn', pending: 'warn', queued: 'neutral', running: 'neutral', draft: 'neutral' };

function useRateLimit() {
  const [reading, setReading] = useState(rateLimitReading);
  useEffect(() => onRateLimit(setReading), []);
  return reading;
}

export function OverviewPage() {
  const scopes = useScopes();
  const [dashboard, setDashboard] = useState<Dashboard | undefined>();
  const [problem, setProblem] = useState<Problem | undefined>();
  const [updatedAt, setUpdatedAt] = useState<Date | undefined>();
  const [feed, setFeed] = useState<LiveEvent[]>([]);
  const rateLimit = useRateLimit();
  const scopeKey = scopes.join(' ');
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refresh = useCallback(() => {
    readDashboard(scopeKey.split(' ')).then(
      (next) => {
        setDashboard(next);
        setProblem(undefined);
        setUpdatedAt(new Date());
      },
      (error: unknown) => setProblem(toProblem(error)),
    );
  }, [scopeKey]);

  useEffect(() => {
    refresh();
    // A slow safety net besides the live events (rate-limit usage, deliveries retried in the background).
    const timer = setInterval(refresh, 60_000);
    return () => {
      clearInterval(timer);
      clearTimeout(refreshTimer.current);
    };
  }, [refresh]);

  // Live: every event the session may read re-reads the dashboard (coalesced), and joins the feed.
  const live = useLiveEvents(scopes.includes('events:read'), (event) => {
    setFeed((previous) => [event, ...previous].slice(0, 8));
    clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(refresh, 250);
  });

  const orders = dashboard?.ordersToday;
  const rateUsed = rateLimit ? rateLimit.limit - rateLimit.remaining : 0;
  return (
    <>
      <PageTitle title="Overview">Today&apos;s operations at a glance, updated live from the event bus.</PageTitle>
      <p className="live-status" data-testid="live-status" aria-live="polite">
        <span className={`live-dot live-${live}`} aria-hidden="true" />
        {live === 'live' ? 'Live: updates as events happen' : live === 'off' ? 'Not live (needs events:read); refreshed every minute' : live === 'connecting' ? 'Connecting to live updates…' : 'Reconnecting to live updates…'}
        {updatedAt ? ` · last updated ${updatedAt.toLocaleTimeString()}` : ''}
      </p>
      <ProblemAlert problem={problem} />
      <div className="cards">
        {orders && (
          <section className="card" aria-labelledby="card-orders">
            <h2 id="card-orders">Orders today</h2>
            <p className="metric" data-testid="orders-today">
              {orders.count}
            </p>
            <p className="muted">sales orders created since midnight</p>
            <BarChart title="Today's orders by status" bars={Object.entries(orders.byStatus).map(([status, count]) => ({ label: status, value: count, tone: TONES[status] }))} empty="No orders yet today." />
          </section>
        )}
        {orders && (
          <section className="card" aria-labelledby="card-revenue">
            <h2 id="card-revenue">Revenue today</h2>
            <ul className="plain metric-list" data-testid="revenue-today">
              {Object.entries(orders.revenue).map(([currency, amount]) => (
                <li key={currency}>
                  <span className="metric-small">{formatMoney(amount, currency)}</span>
                </li>
              ))}
              {Object.keys(orders.revenue).length === 0 && <li className="muted">Nothing yet today.</li>}
            </ul>
            <BarChart title="Revenue today per currency" bars={Object.entries(orders.revenue).map(([currency, amount]) => ({ label: currency, value: amount, display: formatMoney(amount, currency), tone: 'good' }))} empty="No revenue yet today." />
          </section>
        )}
        {dashboard?.lowStock && (
          <section className="card" aria-labelledby="card-low-stock">
            <h2 id="card-low-stock">Low-stock SKUs</h2>
            <p className="metric" data-testid="low-stock">
              {dashboard.lowStock.total}
            </p>
            <p className="muted">items below their reorder point</p>
            <BarChart title="Lowest stock against reorder point" bars={dashboard.lowStock.items.map((item) => ({ label: item.id, value: item.quantity_on_hand, display: `${item.quantity_on_hand} / ${item.reorder_point}`, tone: item.quantity_on_hand <= 0 ? 'bad' : 'warn' }))} empty="Every item is above its reorder point." />
            {dashboard.lowStock.total > 0 && <Link to="/inventory">Open inventory</Link>}
          </section>
        )}
        {dashboard?.webhooks && (
          <section className="card" aria-labelledby="card-webhooks">
            <h2 id="card-webhooks">Webhook delivery health</h2>
            <p className="muted">
              {dashboard.webhooks.endpoints} endpoints, {dashboard.webhooks.disabled} disabled
            </p>
            <BarChart
              title="Deliveries by outcome, all endpoints shown"
              bars={['succeeded', 'failed', 'pending'].map((status) => ({ label: status, value: dashboard.webhooks?.perEndpoint.reduce((sum, endpoint) => sum + endpoint[status as 'succeeded' | 'failed' | 'pending'], 0) ?? 0, tone: TONES[status] }))}
              empty="No endpoint registered."
            />
          </section>
        )}
        {dashboard?.sync && (
          <section className="card" aria-labelledby="card-sync">
            <h2 id="card-sync">Sync health</h2>
            <p className="muted">state of the last {Math.min(50, dashboard.sync.total)} sync jobs</p>
            <BarChart title="Sync jobs by state" bars={Object.entries(dashboard.sync.byState).map(([state, count]) => ({ label: state.replace('_', ' '), value: count, tone: TONES[state] }))} empty="No sync job yet." />
          </section>
        )}
        <section className="card" aria-labelledby="card-rate">
          <h2 id="card-rate">Rate-limit usage</h2>
          {rateLimit ? (
            <Gauge title="Requests used in the current window" used={rateUsed} total={rateLimit.limit} detail={`${rateUsed} of ${rateLimit.limit} used, ${rateLimit.remaining} left, window resets in ${rateLimit.resetSeconds} s`} />
          ) : (
            <p className="muted">No counted request yet.</p>
          )}
          {dashboard?.rateLimits && (
            <p className="muted">
              Plan limits: {dashboard.rateLimits.per_second} per second, {dashboard.rateLimits.per_minute} per minute.
            </p>
          )}
        </section>
        {scopes.includes('events:read') && (
          <section className="card card-wide" aria-labelledby="card-feed">
            <h2 id="card-feed">Live events</h2>
            {feed.length === 0 ? (
              <p className="muted">Events appear here as they happen.</p>
            ) : (
              <ol className="plain feed" data-testid="live-feed">
                {feed.map((event) => (
                  <li key={event.id}>
                    <code>{event.type}</code> {event.resource ? `${event.resource.type} ${event.resource.id}` : ''} <span className="muted">{formatTime(event.occurred_at)}</span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        )}
      </div>
    </>
  );
}
