import { type AuditChainer, type AuditEntry, queueAuditRecords } from '@platform/audit';
import type { Logger } from '@platform/config';
import { type PrismaClient, type SqlRunner, sqlTransaction } from '@platform/db';
import type { AiPort, BulkPort, SubgraphContext, SyncPort, WorkflowsPort } from '@platform/graphql-kit';
import type { Mailer } from '@platform/subgraph-identity';
import type { PlatformEvents } from '../event-bus.ts';
import type { SubgraphModule } from '../supergraph/subgraphs.ts';

const CHANGE_TRANSACTION = { maxWait: 10_000, timeout: 20_000 };

/** What resolvers reach beyond their own subgraph (`context.platform`): the same in every process that executes subgraphs. */
export function subgraphPlatform(options: {
  subgraphs: SubgraphModule[];
  events: PlatformEvents;
  sync: SyncPort;
  workflows: WorkflowsPort;
  ai: AiPort;
  bulk: BulkPort;
  signIn: { publicUrl: string; mailer?: Mailer };
  logger: Logger;
}): SubgraphContext['platform'] {
  return {
    deleteTenantData: async (tx, tenantId) => {
      for (const subgraph of options.subgraphs) await subgraph.deleteTenantData?.(tx, tenantId);
    },
    stock: providedPort(options.subgraphs, 'stock'),
    orders: providedPort(options.subgraphs, 'orders'),
    events: options.events.port,
    sync: options.sync,
    workflows: options.workflows,
    ai: options.ai,
    bulk: options.bulk,
    signIn: { publicUrl: options.signIn.publicUrl, sendMail: sendMailWith(options.signIn.mailer, options.logger) },
  };
}

/** The audit record of a change, from the request's facts and what the change names. */
export type ChangeAuditEntry = (change: { action: string; resourceId: string | undefined }) => AuditEntry;

/**
 * `context.audit` of one request: a change and its audit record commit in one transaction. Where
 * the request's facts come from differs (the edge's request state, or a subgraph service's service
 * token), so each caller says how to make the record and what to note once it is written.
 */
export function changeRecorder(options: { prisma: PrismaClient; auditChainer: AuditChainer; events: PlatformEvents }) {
  return (entryFor: ChangeAuditEntry, onRecorded: () => void): SubgraphContext['audit'] => {
    /** Runs `work` in a transaction of `inTransaction` with its audit record, then tells the chainer and the event bus. */
    const recorded = async <Tx extends SqlRunner, T>(inTransaction: (work: (tx: Tx) => Promise<T>) => Promise<T>, action: string, work: (tx: Tx) => Promise<T>, resourceIdOf?: (result: T) => string | undefined) => {
      let transaction: Tx | undefined;
      const result = await inTransaction(async (tx) => {
        transaction = tx;
        const changed = await work(tx);
        // Queued with the change (durable when it commits), chained once committed: no chain lock is held here.
        await queueAuditRecords(tx, [entryFor({ action, resourceId: resourceIdOf?.(changed) })]);
        return changed;
      });
      onRecorded();
      options.auditChainer.wake();
      // Events the change emitted are committed now: live subscribers get them, and their dispatch starts at once.
      if (transaction) options.events.bus.committed(transaction);
      return result;
    };
    return {
      recordChange: (action, work, resourceIdOf) => recorded((inside) => options.prisma.$transaction(inside, CHANGE_TRANSACTION), action, work, resourceIdOf),
      recordSqlChange: (action, work, resourceIdOf) => recorded((inside) => sqlTransaction(options.prisma, inside, { timeoutMs: CHANGE_TRANSACTION.timeout }), action, work, resourceIdOf),
    };
  };
}

export type ChangeRecorder = ReturnType<typeof changeRecorder>;

/** The one subgraph module that implements a cross-domain port; a missing provider stops the start. */
function providedPort<Name extends keyof NonNullable<SubgraphModule['provides']>>(modules: SubgraphModule[], name: Name): NonNullable<NonNullable<SubgraphModule['provides']>[Name]> {
  const providers = modules.flatMap((module) => module.provides?.[name] ?? []);
  if (providers.length !== 1) throw new Error(`exactly one subgraph must provide the ${name} port, found ${providers.length}`);
  return providers[0] as NonNullable<NonNullable<SubgraphModule['provides']>[Name]>;
}

/** The identity subgraph's e-mail (invitations): sent when a mail server is configured, a failure logged (the invitation itself stands). */
function sendMailWith(mailer: Mailer | undefined, logger: Logger): SubgraphContext['platform']['signIn']['sendMail'] {
  if (!mailer) return undefined;
  return async (message) => {
    try {
      await mailer.send(message);
      return true;
    } catch (error) {
      logger.warn({ err: error, component: 'mail' }, 'could not send an e-mail');
      return false;
    }
  };
}
