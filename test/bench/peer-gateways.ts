/**
 * The other side of the gateway bench (gateways.bench.ts), one role per process:
 *
 *   node --import tsx test/bench/peer-gateways.ts subgraphs <DATABASE_URL>
 *     the platform's own subgraphs (the same schemas and resolvers, over the same database) as
 *     HTTP services, one GraphQL endpoint per subgraph at /<name>, as a peer gateway needs them;
 *   node --import tsx test/bench/peer-gateways.ts apollo|hive <subgraphs origin>
 *     stock Apollo Gateway (on @apollo/server) or Hive Gateway in front of those services.
 *
 * Each prints `listening <origin>` once it serves. The subgraph services trust the tenant named
 * by `x-bench-tenant` (the peers forward it) and grant every read scope: the peers authenticate
 * nobody, check no scope, limit no rate and audit nothing, all of which the platform does.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloGateway, RemoteGraphQLDataSource } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { createGatewayRuntime } from '@graphql-hive/gateway-runtime';
import { createPrismaClient } from '@platform/db';
import { composeSupergraph, subgraphs } from '@platform/gateway';
import { stubbedContext } from '@platform/graphql-kit/testing';
import { createYoga } from 'graphql-yoga';

const READ_SCOPES = ['tenants:read', 'users:read', 'roles:read', 'api_keys:read', 'audit:read', 'inventory:read', 'crm:read', 'finance:read', 'events:read', 'webhooks:read'];
const TENANT_HEADER = 'x-bench-tenant';

const [role, target] = process.argv.slice(2);
if (!target || !['subgraphs', 'apollo', 'hive'].includes(role ?? '')) {
  console.error('usage: peer-gateways.ts subgraphs <DATABASE_URL> | apollo <subgraphs origin> | hive <subgraphs origin>');
  process.exit(2);
}
// Stock Apollo Gateway phones home unless told not to (see the stack notes); nothing leaves loopback here.
process.env.APOLLO_TELEMETRY_DISABLED = 'true';
// Apollo Server and Hive Gateway take SIGTERM for a graceful stop that leaves the process running.
process.once('SIGTERM', () => process.exit(0));

const origin = role === 'subgraphs' ? await serveSubgraphs(target) : role === 'apollo' ? await serveApolloGateway(target) : await serveHiveGateway(target);
console.log(`listening ${origin}`);

async function serveSubgraphs(databaseUrl: string): Promise<string> {
  const prisma = createPrismaClient(databaseUrl, 10);
  const { schemas } = composeSupergraph(subgraphs, (name) => name);
  const services = new Map(
    [...schemas].map(([name, schema]) => [
      name,
      createYoga({
        schema,
        graphqlEndpoint: `/${name}`,
        logging: false,
        graphiql: false,
        landingPage: false,
        context: ({ request }) => stubbedContext(prisma, { tenantId: request.headers.get(TENANT_HEADER) ?? '', scopes: READ_SCOPES }),
      }),
    ]),
  );
  const server = createServer((request, response) => {
    const service = services.get((request.url ?? '/').split(/[/?]/)[1] ?? '');
    if (service) return void service(request, response);
    response.writeHead(404).end();
  });
  return listen(server);
}

function supergraphSdlAt(subgraphsOrigin: string): string {
  return composeSupergraph(subgraphs, (name) => `${subgraphsOrigin}/${name}`).supergraphSdl;
}

async function serveApolloGateway(subgraphsOrigin: string): Promise<string> {
  const gateway = new ApolloGateway({
    supergraphSdl: supergraphSdlAt(subgraphsOrigin),
    buildService: ({ url }) =>
      new RemoteGraphQLDataSource<{ tenant: string }>({
        url,
        willSendRequest: ({ request, context }) => void request.http?.headers.set(TENANT_HEADER, context.tenant),
      }),
  });
  const server = new ApolloServer<{ tenant: string }>({ gateway, stopOnTerminationSignals: false });
  const { url } = await startStandaloneServer(server, { listen: { port: 0, host: '127.0.0.1' }, context: async ({ req }) => ({ tenant: String(req.headers[TENANT_HEADER] ?? '') }) });
  return url.replace(/\/$/, '');
}

async function serveHiveGateway(subgraphsOrigin: string): Promise<string> {
  const gateway = createGatewayRuntime({
    supergraph: supergraphSdlAt(subgraphsOrigin),
    logging: false,
    propagateHeaders: { fromClientToSubgraphs: ({ request }) => ({ [TENANT_HEADER]: request.headers.get(TENANT_HEADER) }) },
  });
  return listen(createServer(gateway));
}

async function listen(server: ReturnType<typeof createServer>): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
