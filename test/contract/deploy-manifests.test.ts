import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

/**
 * The deploy files (Dockerfile, deploy/compose.yaml, deploy/haproxy.cfg, deploy/kubernetes/) stay
 * true to the platform they deploy: every variable they set is one the platform reads, every
 * process is probed where the platform answers, runs as no root and is given time to drain, every
 * subgraph is served where SUBGRAPH_URLS says, and the image carries no dev dependency. The files
 * are read, not run (docs/operations.md says how they were tried).
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');

const SUBGRAPH_SERVICE_PATH = '/subgraphs/';
const PROBES = { readiness: '/readyz', liveness: '/healthz' };
/** What the bundle reads at run time besides node_modules (gateway/scripts/build.mjs's header). */
const RUNTIME_FILES = ['gateway/dist', 'packages/db/migrations', 'packages/console/dist'];

/** The variables `environmentSchema` in packages/config/src/config.ts declares, from its source. */
function configVariables(): Set<string> {
  const source = read('packages/config/src/config.ts');
  const schema = /const environmentSchema = z\s*\.object\(\{([\s\S]*?)\n\}\)/.exec(source)?.[1] ?? '';
  return new Set([...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1] as string));
}

const subgraphNames = readdirSync(`${root}subgraphs`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** SUBGRAPH_URLS as [subgraph, host, path] triples. */
function subgraphUrls(value: string): Array<{ name: string; host: string; port: string; path: string }> {
  return value.split(',').map((pair) => {
    const [name = '', url = ''] = pair.trim().split('=');
    const parsed = new URL(url);
    return { name, host: parsed.hostname, port: parsed.port, path: parsed.pathname };
  });
}

/** Each subgraph named once, served at /subgraphs/<name> by a process whose SUBGRAPHS includes it. */
function expectSubgraphsPlaced(urls: string, servedBy: Record<string, string[]>): void {
  const entries = subgraphUrls(urls);
  expect(entries.map((entry) => entry.name).sort()).toEqual(subgraphNames);
  for (const { name, host, port, path } of entries) {
    expect(path, name).toBe(`${SUBGRAPH_SERVICE_PATH}${name}`);
    expect(port, name).toBe('4000');
    expect(servedBy[host], `${name} is at ${host}, which serves ${servedBy[host]?.join(',') ?? 'no subgraph'}`).toContain(name);
  }
  expect(Object.values(servedBy).flat().sort()).toEqual(subgraphNames);
}

describe('the container image (Dockerfile)', () => {
  interface Instruction {
    keyword: string;
    args: string;
  }
  const instructions: Instruction[] = read('Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
  const stages: Array<{ name: string; instructions: Instruction[] }> = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') stages.push({ name: /\bAS\s+(\S+)/i.exec(instruction.args)?.[1] ?? String(stages.length), instructions: [] });
    else stages.at(-1)?.instructions.push(instruction);
  }
  const runtime = stages.at(-1);
  const of = (stage: typeof runtime, keyword: string) => stage?.instructions.filter((instruction) => instruction.keyword === keyword) ?? [];
  /** Installs the dev dependencies: an npm install or ci without --omit=dev. */
  const installsDev = (stage: typeof runtime) => of(stage, 'RUN').some(({ args }) => /\bnpm (ci|install|i)\b/.test(args) && !/--omit=dev\b/.test(args));
  const copies = of(runtime, 'COPY').map(({ args }) => {
    const words = args.split(/\s+/);
    const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length);
    const paths = words.filter((word) => !word.startsWith('--'));
    return { from: stages.find((stage) => stage.name === from), sources: paths.slice(0, -1), destination: paths.at(-1) };
  });

  it('is built in stages, the last one only running what they built', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(of(runtime, 'RUN').some(({ args }) => /\bnpm\b/.test(args))).toBe(false);
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) expect(copy.from, 'every file of the runtime stage comes from a stage before it').toBeDefined();
  });

  it('copies no dev dependency: node_modules only from a stage installing with --omit=dev', () => {
    for (const { from, sources } of copies) {
      if (!installsDev(from)) continue;
      for (const source of sources) {
        expect(source, `copied from ${from?.name}, which installs dev dependencies`).not.toMatch(/node_modules/);
        expect(source.replace(/^\/app\/?/, '').replace(/^\.\/?/, ''), `the whole of ${from?.name}, dev dependencies included`).not.toBe('');
      }
    }
    const wholesale = copies.filter(({ sources }) => sources.some((source) => /^(\/app\/?|\.\/?)$/.test(source)));
    expect(wholesale.map(({ from }) => from?.name)).toHaveLength(1);
    expect(installsDev(wholesale[0]?.from)).toBe(false);
    expect(of(wholesale[0]?.from, 'RUN').some(({ args }) => /\bnpm ci\b.*--omit=dev/.test(args))).toBe(true);
  });

  it('carries the files the bundle reads at run time', () => {
    const copied = copies.flatMap(({ sources }) => sources.map((source) => source.replace(/^\/app\//, '').replace(/\/$/, '')));
    for (const path of RUNTIME_FILES) expect(copied).toContain(path);
  });

  it('runs as a user that is not root, in production mode, as `npm start` does', () => {
    const user = of(runtime, 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(user?.split(':')[0]).not.toMatch(/^(0|root)$/);
    expect(of(runtime, 'ENV').map(({ args }) => args).join(' ')).toMatch(/\bNODE_ENV=production\b/);
    expect(of(runtime, 'EXPOSE').map(({ args }) => args)).toContain('4000');
    const command = JSON.parse(of(runtime, 'CMD').at(-1)?.args ?? '[]') as string[];
    const start = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start;
    expect(command.join(' ')).toBe(start);
  });

  it('leaves installed and local files out of the build context', () => {
    const ignored = read('.dockerignore').split('\n').map((line) => line.trim());
    expect(ignored).toContain('**/node_modules');
    expect(ignored).toContain('**/.data');
  });
});

describe('the fleet on Compose (deploy/compose.yaml)', () => {
  interface Service {
    image?: string;
    build?: unknown;
    environment?: Record<string, string | number | boolean | null> | string[];
    healthcheck?: { test: string[] | string };
    stop_grace_period?: string;
  }
  const compose = parse(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, Service> };
  const environment = (service: Service): Record<string, string> =>
    Array.isArray(service.environment)
      ? Object.fromEntries(service.environment.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]))
      : Object.fromEntries(Object.entries(service.environment ?? {}).map(([name, value]) => [name, String(value)]));
  /** Services built from this repository: the platform's (third-party images configure themselves). */
  const platformServices = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);
  const fleet = platformServices.filter(([, service]) => environment(service).ROLES !== undefined);
  const withRole = (role: string) => fleet.filter(([, service]) => environment(service).ROLES?.split(',').includes(role)).map(([name]) => name);
  const seconds = (duration: string | undefined) => Number(/^(\d+)s$/.exec(duration ?? '')?.[1] ?? Number.NaN);

  it('sets only variables the platform reads', () => {
    const known = configVariables();
    expect(known.has('DATABASE_URL') && known.has('PORT')).toBe(true);
    const unknown = platformServices.flatMap(([name, service]) => Object.keys(environment(service)).filter((variable) => !known.has(variable)).map((variable) => `${name}: ${variable}`));
    expect(unknown).toEqual([]);
  });

  it('is two edges, two subgraph services and two job workers sharing one database, Redis and set of secrets', () => {
    expect(withRole('edge')).toHaveLength(2);
    expect(withRole('subgraphs')).toHaveLength(2);
    expect(withRole('jobs')).toHaveLength(2);
    const shared = ['DATABASE_URL', 'REDIS_URL', 'PUBLIC_URL', 'SECRETS_KEY', 'SERVICE_TOKEN_SECRET', 'METRICS_TOKEN', 'SUBGRAPH_URLS'];
    const [first] = fleet;
    for (const [name, service] of fleet) {
      for (const variable of shared) {
        expect(environment(service)[variable], `${name}: ${variable}`).toBeTruthy();
        expect(environment(service)[variable], `${name}: ${variable}`).toBe(first && environment(first[1])[variable]);
      }
    }
  });

  it('serves every subgraph where SUBGRAPH_URLS says', () => {
    const servedBy = Object.fromEntries(withRole('subgraphs').map((name) => [name, environment(compose.services[name] as Service).SUBGRAPHS?.split(',') ?? []]));
    expectSubgraphsPlaced(environment(fleet[0]?.[1] as Service).SUBGRAPH_URLS ?? '', servedBy);
  });

  it('checks readiness and gives each process longer than DRAIN_TIMEOUT_SECONDS to stop', () => {
    for (const [name, service] of fleet) {
      expect([service.healthcheck?.test].flat().join(' '), name).toContain(PROBES.readiness);
      expect(seconds(service.stop_grace_period), name).toBeGreaterThan(Number(environment(service).DRAIN_TIMEOUT_SECONDS ?? 10));
    }
  });

  it('balances over every edge and only the edges, checking their readiness', () => {
    const balancer = read('deploy/haproxy.cfg');
    const servers = [...balancer.matchAll(/^\s*server\s+\S+\s+([^:\s]+):(\d+)/gm)].map((match) => `${match[1]}:${match[2]}`);
    expect(servers.sort()).toEqual(withRole('edge').map((name) => `${name}:4000`).sort());
    expect(balancer).toMatch(new RegExp(`option httpchk GET ${PROBES.readiness}\\b`));
  });
});

describe('the fleet on Kubernetes (deploy/kubernetes)', () => {
  const directory = 'deploy/kubernetes/';
  interface Manifest {
    kind: string;
    metadata: { name: string };
    data?: Record<string, string>;
    stringData?: Record<string, string>;
    spec?: Record<string, unknown>;
  }
  interface Container {
    image?: string;
    env?: Array<{ name: string; value?: string }>;
    envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
    ports?: Array<{ name?: string; containerPort: number }>;
    readinessProbe?: { httpGet?: { path: string; port: string | number } };
    livenessProbe?: { httpGet?: { path: string; port: string | number } };
    lifecycle?: { preStop?: { exec?: { command: string[] } } };
    resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
    securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; allowPrivilegeEscalation?: boolean; readOnlyRootFilesystem?: boolean; capabilities?: { drop?: string[] } };
    volumeMounts?: Array<{ mountPath: string }>;
  }
  interface PodSpec {
    terminationGracePeriodSeconds?: number;
    securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
    containers: Container[];
  }
  interface Deployment extends Manifest {
    spec: { template: { metadata: { labels: Record<string, string> }; spec: PodSpec } };
  }
  const kustomization = parse(read(`${directory}kustomization.yaml`)) as { resources: string[]; images?: Array<{ name: string }> };
  const manifestsOf = (file: string) => parseAllDocuments(read(`${directory}${file}`)).map((document) => document.toJS() as Manifest);
  const manifests = kustomization.resources.flatMap(manifestsOf);
  const exampleSecrets = manifestsOf('secret.example.yaml').filter((manifest) => manifest.kind === 'Secret');
  const deployments = manifests.filter((manifest): manifest is Deployment => manifest.kind === 'Deployment');
  const configMaps = manifests.filter((manifest) => manifest.kind === 'ConfigMap');
  const containerOf = (deployment: Deployment) => deployment.spec.template.spec.containers[0] as Container;
  /** A Deployment's variables: its own, then those of the ConfigMaps and Secrets it takes all of. */
  const environment = (deployment: Deployment): Record<string, string> => {
    const container = containerOf(deployment);
    const from = (container.envFrom ?? []).map((source) =>
      source.configMapRef
        ? configMaps.find((map) => map.metadata.name === source.configMapRef?.name)?.data
        : exampleSecrets.find((secret) => secret.metadata.name === source.secretRef?.name)?.stringData,
    );
    return Object.assign({}, ...from, Object.fromEntries((container.env ?? []).map(({ name, value }) => [name, value ?? ''])));
  };
  const roleOf = (deployment: Deployment) => environment(deployment).ROLES ?? '';
  const matches = (selector: { matchLabels?: Record<string, string> } | undefined, deployment: Deployment) =>
    Object.entries(selector?.matchLabels ?? {}).every(([label, value]) => deployment.spec.template.metadata.labels[label] === value) && Object.keys(selector?.matchLabels ?? {}).length > 0;

  it('lists every manifest in kustomization.yaml, and never the example Secret', () => {
    const files = readdirSync(`${root}${directory}`).filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml' && file !== 'secret.example.yaml');
    expect([...kustomization.resources].sort()).toEqual(files.sort());
    expect(manifests.filter((manifest) => manifest.kind === 'Secret')).toEqual([]);
    // One image for every role, named as kustomization.yaml sets it.
    for (const deployment of deployments) expect(kustomization.images?.map((image) => image.name), deployment.metadata.name).toContain(containerOf(deployment).image);
  });

  it('sets only variables the platform reads, each source of them present', () => {
    const known = configVariables();
    for (const deployment of deployments) {
      const container = containerOf(deployment);
      for (const source of container.envFrom ?? []) {
        const found = source.configMapRef ? configMaps.some((map) => map.metadata.name === source.configMapRef?.name) : exampleSecrets.some((secret) => secret.metadata.name === source.secretRef?.name);
        expect(found, `${deployment.metadata.name}: ${JSON.stringify(source)}`).toBe(true);
      }
      const unknown = Object.keys(environment(deployment)).filter((variable) => !known.has(variable));
      expect(unknown, deployment.metadata.name).toEqual([]);
    }
  });

  it('runs edges, two subgraph services and job workers that serve every subgraph where SUBGRAPH_URLS says', () => {
    expect(deployments.map(roleOf).sort()).toEqual(['edge', 'jobs', 'subgraphs', 'subgraphs']);
    const services = manifests.filter((manifest) => manifest.kind === 'Service') as Array<Manifest & { spec: { selector: Record<string, string> } }>;
    const servedBy = Object.fromEntries(
      services.flatMap((service) => {
        const target = deployments.find((deployment) => matches({ matchLabels: service.spec.selector }, deployment));
        return target && roleOf(target) === 'subgraphs' ? [[service.metadata.name, environment(target).SUBGRAPHS?.split(',') ?? []]] : [];
      }),
    );
    for (const deployment of deployments) expectSubgraphsPlaced(environment(deployment).SUBGRAPH_URLS ?? '', servedBy);
  });

  it('probes liveness at /healthz and readiness at /readyz on the platform port', () => {
    for (const deployment of deployments) {
      const container = containerOf(deployment);
      const port = container.ports?.find((candidate) => candidate.containerPort === 4000);
      expect(port, deployment.metadata.name).toBeDefined();
      for (const [probe, path] of [[container.readinessProbe, PROBES.readiness], [container.livenessProbe, PROBES.liveness]] as const) {
        expect(probe?.httpGet?.path, deployment.metadata.name).toBe(path);
        expect([port?.name, port?.containerPort], deployment.metadata.name).toContain(probe?.httpGet?.port);
      }
    }
  });

  it('gives every container requests and limits of CPU and memory', () => {
    for (const deployment of deployments) {
      const { resources } = containerOf(deployment);
      for (const kind of ['requests', 'limits'] as const) for (const resource of ['cpu', 'memory']) expect(resources?.[kind]?.[resource], `${deployment.metadata.name} ${kind}.${resource}`).toBeDefined();
    }
  });

  it('runs no container as root, with a read-only root file system and no capability', () => {
    for (const deployment of deployments) {
      const pod = deployment.spec.template.spec;
      const container = containerOf(deployment);
      expect(container.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot, deployment.metadata.name).toBe(true);
      expect(container.securityContext?.runAsUser ?? pod.securityContext?.runAsUser, deployment.metadata.name).toBeGreaterThan(0);
      expect(container.securityContext?.allowPrivilegeEscalation, deployment.metadata.name).toBe(false);
      expect(container.securityContext?.readOnlyRootFilesystem, deployment.metadata.name).toBe(true);
      expect(container.securityContext?.capabilities?.drop, deployment.metadata.name).toContain('ALL');
      expect(container.volumeMounts?.map((mount) => mount.mountPath), deployment.metadata.name).toContain('/tmp');
    }
  });

  it('lets each pod drain before it is killed: the grace period exceeds a preStop pause and DRAIN_TIMEOUT_SECONDS', () => {
    for (const deployment of deployments) {
      const pause = Number(containerOf(deployment).lifecycle?.preStop?.exec?.command.find((word) => /^\d+$/.test(word)) ?? 0);
      const drain = Number(environment(deployment).DRAIN_TIMEOUT_SECONDS ?? 10);
      expect(deployment.spec.template.spec.terminationGracePeriodSeconds, deployment.metadata.name).toBeGreaterThan(pause + drain);
    }
  });

  it('keeps edges and job workers available through disruptions, and scales them', () => {
    const budgets = manifests.filter((manifest) => manifest.kind === 'PodDisruptionBudget');
    const autoscalers = manifests.filter((manifest) => manifest.kind === 'HorizontalPodAutoscaler');
    for (const role of ['edge', 'jobs']) {
      const deployment = deployments.find((candidate) => roleOf(candidate) === role) as Deployment;
      expect(budgets.some((budget) => matches(budget.spec?.selector as { matchLabels?: Record<string, string> }, deployment)), `a PodDisruptionBudget for ${role}`).toBe(true);
      expect(
        autoscalers.some((autoscaler) => {
          const target = autoscaler.spec?.scaleTargetRef as { kind: string; name: string };
          return target.kind === 'Deployment' && target.name === deployment.metadata.name;
        }),
        `a HorizontalPodAutoscaler for ${role}`,
      ).toBe(true);
    }
  });

  it('lets no pod but the platform processes (and the metrics scraper) reach the subgraph services', () => {
    const subgraphPods = deployments.filter((deployment) => roleOf(deployment) === 'subgraphs');
    const labelsOf = (deployment: Deployment) => deployment.spec.template.metadata.labels;
    interface Peer {
      podSelector?: { matchLabels?: Record<string, string>; matchExpressions?: Array<{ key: string; operator: string; values: string[] }> };
      namespaceSelector?: unknown;
      ipBlock?: unknown;
    }
    type Policy = Manifest & { spec: { podSelector: { matchExpressions?: Array<{ key: string; values: string[] }> }; ingress: Array<{ from?: Peer[] }> } };
    const policies = manifests.filter((manifest): manifest is Policy => manifest.kind === 'NetworkPolicy');
    const selects = (policy: Policy, deployment: Deployment) => (policy.spec.podSelector.matchExpressions ?? []).every(({ key, values }) => values.includes(labelsOf(deployment)[key] ?? ''));
    for (const deployment of subgraphPods) {
      const policy = policies.find((candidate) => selects(candidate, deployment));
      expect(policy, `a NetworkPolicy selecting ${deployment.metadata.name}`).toBeDefined();
      for (const rule of policy?.spec.ingress ?? []) {
        expect(rule.from?.length, 'a rule without `from` admits everyone').toBeGreaterThan(0);
        for (const peer of rule.from ?? []) {
          expect(peer.ipBlock).toBeUndefined();
          // The metrics scraper: pods of its own namespace, picked by their own selector.
          if (peer.namespaceSelector) {
            expect(peer.podSelector, 'a namespace admitted whole').toBeDefined();
            continue;
          }
          const allowed = peer.podSelector?.matchExpressions?.flatMap((expression) => expression.values) ?? [];
          const roles = deployments.filter((candidate) => allowed.includes(labelsOf(candidate)['app.kubernetes.io/component'] ?? '')).map(roleOf);
          expect(roles.length, JSON.stringify(peer)).toBe(allowed.length);
          expect(roles).toContain('edge');
          expect(roles).toContain('jobs');
        }
      }
    }
  });
});
