// Test harness for a subgraph's schema: a migrated database of its own, a Prisma client that
// records every SQL statement it sends, and request contexts with stub ports. Lets a test run
// queries straight against the schema and count what they cost (batching tests).
import { type PrismaClient, createPrismaClient, migrateDatabase } from '@platform/db';
import { freshDatabase } from '@platform/db/testing';
import { type DocumentNode, type GraphQLSchema, execute, parse } from 'graphql';
import type { SubgraphContext } from './builder.ts';

/** Who the request is for, and the ports it may use; ports not given fail when called. */
export interface TestRequest {
  tenantId: string;
  scopes: readonly string[];
  platform?: Partial<SubgraphContext['platform']>;
}

export interface TestRunResult {
  data: Record<string, unknown>;
  /** The SQL statements the run sent, transaction control (and the driver's `SELECT 1`) excluded. */
  statements: string[];
}

export interface SubgraphHarness {
  prisma: PrismaClient;
  /**
   * Executes `query` against `schema` for `request`, with a fresh context (the loaders of one
   * request batch and are keyed by its context object). Throws on GraphQL errors.
   */
  run(schema: GraphQLSchema, query: string | DocumentNode, options: { request: TestRequest; variables?: Record<string, unknown> }): Promise<TestRunResult>;
  /** Disconnects the client and drops the database. */
  stop(): Promise<void>;
}

const TRANSACTION_CONTROL = /^(BEGIN|COMMIT|ROLLBACK|SELECT 1)/i;

/** Creates and migrates a database named `<prefix>_…` and connects a recording Prisma client to it. */
export async function startSubgraphHarness(options: { prefix: string; poolSize?: number }): Promise<SubgraphHarness> {
  const database = await freshDatabase({ prefix: options.prefix });
  let prisma: PrismaClient;
  // Statements are kept only while a run is in flight, not while the test seeds its data.
  let recording: string[] | undefined;
  try {
    await migrateDatabase(database.url);
    prisma = createPrismaClient(database.url, { poolSize: options.poolSize ?? 2, onQuery: (sql) => recording?.push(sql) });
  } catch (error) {
    await database.dispose();
    throw error;
  }

  return {
    prisma,
    async run(schema, query, { request, variables }) {
      const statements: string[] = [];
      recording = statements;
      try {
        const document = typeof query === 'string' ? parse(query) : query;
        const result = await execute({ schema, document, variableValues: variables, contextValue: stubbedContext(prisma, request) });
        if (result.errors) throw new Error(JSON.stringify(result.errors));
        return { data: result.data as Record<string, unknown>, statements: statements.filter((sql) => !TRANSACTION_CONTROL.test(sql.trim())) };
      } finally {
        recording = undefined;
      }
    },
    async stop() {
      try {
        await prisma.$disconnect();
      } finally {
        await database.dispose();
      }
    },
  };
}

/** A subgraph's request context for `request`, outside the platform's edge (tests, benches): ports not given fail when called. */
export function stubbedContext(prisma: PrismaClient, request: TestRequest): SubgraphContext {
  return {
    principal: { tenantId: request.tenantId, scopes: new Set(request.scopes), credential: { type: 'oauth_client', id: 'cli_test' } },
    prisma,
    requestId: 'req_test',
    platform: {
      deleteTenantData: notUsed('platform.deleteTenantData'),
      stock: { applyStockChanges: notUsed('platform.stock.applyStockChanges'), existingItemIds: notUsed('platform.stock.existingItemIds') },
      orders: { findOrderForInvoicing: notUsed('platform.orders.findOrderForInvoicing'), customerExists: notUsed('platform.orders.customerExists') },
      events: {
        emit: notUsed('platform.events.emit'),
        sealSecret: notUsedSync('platform.events.sealSecret'),
        maxWebhookEndpoints: 0,
        checkEndpointUrl: notUsed('platform.events.checkEndpointUrl'),
        redeliver: notUsed('platform.events.redeliver'),
        ping: notUsed('platform.events.ping'),
      },
      sync: {
        enqueue: notUsed('platform.sync.enqueue'),
        interrupt: notUsedSync('platform.sync.interrupt'),
        maxConnectors: 0,
        inputType: notUsedSync('platform.sync.inputType'),
        sealCredentials: notUsedSync('platform.sync.sealCredentials'),
        testConnector: notUsed('platform.sync.testConnector'),
        receiveWebhook: notUsed('platform.sync.receiveWebhook'),
        receiveUpload: notUsed('platform.sync.receiveUpload'),
      },
      workflows: {
        queueRun: notUsed('platform.workflows.queueRun'),
        resume: notUsed('platform.workflows.resume'),
        wake: notUsedSync('platform.workflows.wake'),
        interrupt: notUsedSync('platform.workflows.interrupt'),
        checkOperation: notUsedSync('platform.workflows.checkOperation'),
        maxWorkflows: 0,
        now: () => new Date(),
      },
      ai: {
        execute: notUsed('platform.ai.execute'),
        supergraph: notUsedSync('platform.ai.supergraph'),
        languageModel: undefined,
        queueTask: notUsed('platform.ai.queueTask'),
        wake: notUsedSync('platform.ai.wake'),
        now: () => new Date(),
        extraction: { timeoutMs: 0, maxPages: 0 },
      },
      bulk: {
        schema: notUsedSync('platform.bulk.schema'),
        execute: notUsed('platform.bulk.execute'),
        queueExport: notUsed('platform.bulk.queueExport'),
        wake: notUsedSync('platform.bulk.wake'),
        interrupt: notUsedSync('platform.bulk.interrupt'),
        downloadLink: notUsedSync('platform.bulk.downloadLink'),
        retentionSeconds: 0,
        mutations: { queue: notUsed('platform.bulk.mutations.queue'), wake: notUsedSync('platform.bulk.mutations.wake'), interrupt: notUsedSync('platform.bulk.mutations.interrupt'), resultLink: notUsedSync('platform.bulk.mutations.resultLink'), maxActive: 0, retentionSeconds: 0, rootFieldScopes: new Map() },
      },
      signIn: { publicUrl: 'http://localhost', sendMail: undefined },
      ...request.platform,
    },
    audit: { recordChange: notUsed('audit.recordChange'), recordSqlChange: notUsed('audit.recordSqlChange') },
  };
}

function notUsedSync(name: string): () => never {
  return () => {
    throw new Error(`${name} is not used in this test`);
  };
}

function notUsed(name: string): () => Promise<never> {
  return () => Promise.reject(new Error(`${name} is not used in this test`));
}
