import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serviceTokens } from '@platform/auth';
import type { Logger, PlatformConfig } from '@platform/config';
import { ApiError, problemFromError } from '@platform/errors';
import { createServerAdapter } from '@whatwg-node/server';
import { GRAPHQL_ENDPOINT } from '../edge/edge.ts';
import type { EdgeHandler, NodeContext } from '../edge/http-listener.ts';
import { noteAuditedWithChange, serviceCallOf } from '../edge/service-call.ts';
import { subgraphs } from '../supergraph/subgraphs.ts';
import type { SubgraphPlacement } from '../supergraph/supergraph.ts';
import { RemoteSubgraph } from './remote-subgraph.ts';
import { SUBGRAPH_SERVICE_PATH } from './subgraph-service.ts';

/**
 * Where each subgraph executes for this process (ROLES, SUBGRAPHS, SUBGRAPH_URLS), and the supergraph
 * it loads (SUPERGRAPH_PATH). A configuration that leaves a subgraph nowhere, names one that does
 * not exist, or splits the platform without what its processes must share stops the start.
 */
export async function subgraphPlacement(config: PlatformConfig, environment: NodeJS.ProcessEnv, logger: Logger): Promise<SubgraphPlacement> {
  const names = subgraphs.map((module) => module.name);
  const unknown = [...(config.localSubgraphs ?? []), ...Object.keys(config.subgraphUrls)].filter((name) => !names.includes(name));
  if (unknown.length > 0) throw new Error(`Invalid configuration: SUBGRAPHS/SUBGRAPH_URLS name no subgraph ${unknown.join(', ')} (the subgraphs are ${names.join(', ')})`);
  const local = new Set(config.roles.has('subgraphs') ? (config.localSubgraphs ?? names.filter((name) => !(name in config.subgraphUrls))) : []);
  const nowhere = names.filter((name) => !local.has(name) && !(name in config.subgraphUrls));
  if (nowhere.length > 0) throw new Error(`Invalid configuration: SUBGRAPH_URLS must say where ${nowhere.join(', ')} ${nowhere.length > 1 ? 'are' : 'is'} served (this process does not execute ${nowhere.length > 1 ? 'them' : 'it'})`);
  const whole = local.size === names.length && config.roles.size === 3;
  if (!whole) {
    // Each process would otherwise make its own: tokens one edge issued would fail at another, secrets one sealed another could not open.
    const missing = [!environment.PUBLIC_URL && 'PUBLIC_URL', !config.secretsKey && 'SECRETS_KEY', !config.databaseUrl && 'DATABASE_URL'].filter(Boolean);
    if (missing.length > 0) throw new Error(`Invalid configuration: a process of a fleet (ROLES ${[...config.roles].join(',')}) needs ${missing.join(', ')}, the same in every process`);
  }
  const tokens = config.serviceTokenSecret ? serviceTokens(config.serviceTokenSecret, config.serviceTokenAlsoAccepted) : undefined;
  return {
    local,
    remote: (name) => {
      const url = config.subgraphUrls[name];
      if (!url || !tokens) throw new Error(`subgraph ${name} has no URL or no service token secret`);
      return new RemoteSubgraph(name, url, {
        tokens,
        calls: { serviceCall: (request) => serviceCallOf(request, GRAPHQL_ENDPOINT), changeAudited: noteAuditedWithChange },
        timeoutMs: config.requestTimeoutSeconds * 1000,
        logger: logger.child({ component: 'subgraph-client' }),
      });
    },
    ...(config.supergraphPath && { supergraphSdl: await readFile(config.supergraphPath, 'utf8') }),
  };
}

/**
 * What this process's port serves beside the probes and metrics: the subgraph services under
 * `/subgraphs/` (the `subgraphs` role), the edge (the `edge` role) everywhere else; a path neither
 * serves is 404.
 */
export function routeRequests(handlers: { edge: EdgeHandler | undefined; services: EdgeHandler | undefined }): EdgeHandler {
  const nothingHere: EdgeHandler = createServerAdapter<NodeContext>((request: Request) => {
    const body = problemFromError(new ApiError('route_not_found', 'This process of the platform serves no such path.'), request.headers.get('x-request-id') ?? '', new URL(request.url).pathname);
    return Response.json(body, { status: body.status, headers: { 'content-type': 'application/problem+json' } });
  });
  const edge = handlers.edge ?? nothingHere;
  if (!handlers.services) return edge;
  const services = handlers.services;
  return {
    routes: [...(edge.routes ?? []), `${SUBGRAPH_SERVICE_PATH}{name}`],
    handleNodeRequestAndResponse(request: IncomingMessage, response: ServerResponse, context: NodeContext) {
      return (request.url?.startsWith(SUBGRAPH_SERVICE_PATH) ? services : edge).handleNodeRequestAndResponse(request, response, context);
    },
  };
}
