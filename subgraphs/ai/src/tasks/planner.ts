import type { Principal } from '@platform/auth';
import { ApiError } from '@platform/errors';
import type { AiPort } from '@platform/graphql-kit';
import { catalogueOf, runnerFor } from '../copilot/ask.ts';
import { executePlan } from '../copilot/execute.ts';
import { LanguageModelError } from '../copilot/language-model.ts';
import type { ExecutedOperation, QueryPlan } from '../copilot/plan.ts';
import { knownKindOf } from './known-kinds.ts';
import { createLanguageModelTaskPlanner } from './language-model.ts';
import { buildMutationCatalogue } from './operations.ts';
import type { TaskPlan } from './plan.ts';

/**
 * What an agent task may write: business data and custom events. Never credentials, users, roles,
 * webhook endpoints (an address could carry data out), connectors or workflows (each would act on
 * later), nor a sandbox reset, whatever the creator's scopes: a task is a batch of business changes
 * a person reviewed, not a way to change who may do what.
 */
export const TASK_WRITE_SCOPES: ReadonlySet<string> = new Set(['inventory:write', 'crm:write', 'finance:write', 'events:write']);

/** Whether an agent task may run this mutation (its scopes are all business-data scopes). */
function taskMayRun(anyOf: readonly string[]): boolean {
  return anyOf.length > 0 && anyOf.every((scope) => TASK_WRITE_SCOPES.has(scope));
}

export interface PlannedTask {
  plan: TaskPlan;
  engine: 'offline' | 'language_model';
  /** The reads the planning ran, with the caller's credential. */
  operations: ExecutedOperation[];
}

/**
 * Plans a goal into writes: by the offline planner when it knows the goal's kind, else by the
 * configured language model. Reads run with the caller's credential. A step whose operation needs
 * a scope the caller lacks refuses the whole task now, naming the scope: the task could never do it.
 */
export async function planTask(port: AiPort, principal: Principal, goal: string): Promise<PlannedTask> {
  const read = runnerFor(port, principal);
  const operations: ExecutedOperation[] = [];
  const { schema, rootFieldScopes } = port.supergraph();
  const catalogue = catalogueOf(port);
  let planned: PlannedTask;
  if (!port.languageModel) {
    const kind = knownKindOf(goal);
    planned = { plan: await kind.plan({ reader: { run: read, catalogue, log: operations }, schema, now: port.now() }, goal), engine: 'offline', operations };
  } else {
    // The model's read plans arrive checked (see createLanguageModelTaskPlanner).
    const runQuery = async (plan: QueryPlan) => {
      const executed = await executePlan(plan, catalogue, read, { maxRecords: 200 });
      operations.push(...executed.operations);
      return executed.answer;
    };
    try {
      const mutations = buildMutationCatalogue(schema, rootFieldScopes);
      const plan = await createLanguageModelTaskPlanner(port.languageModel).planTask(goal, {
        catalogue,
        mutations: { ...mutations, mutations: mutations.mutations.filter((mutation) => taskMayRun(mutation.scopes)) },
        grantedScopes: [...principal.scopes],
        runQuery,
        now: port.now(),
      });
      planned = { plan, engine: 'language_model', operations };
    } catch (error) {
      if (error instanceof LanguageModelError) throw new ApiError(error.code, error.message);
      throw error;
    }
  }
  for (const step of planned.plan.steps) {
    const anyOf = rootFieldScopes.get(`Mutation.${step.operation}`) ?? [];
    if (!taskMayRun(anyOf)) throw new ApiError('rule_violation', `The plan's step ${step.id} runs ${step.operation}; agent tasks change business data and publish custom events only (never credentials, users, roles, webhook endpoints, connectors or workflows).`, { errors: [{ field: 'goal', message: `plans ${step.operation}, which agent tasks never run` }] });
    if (anyOf.length > 0 && !anyOf.some((scope) => principal.scopes.has(scope))) {
      throw new ApiError('insufficient_scope', `The plan's step ${step.id} (${step.operation}) requires the scope ${anyOf.join(' or ')}, which this credential does not hold; the task would act with the credential's scopes only.`, { required_scope: anyOf.join(' or ') });
    }
  }
  return planned;
}
