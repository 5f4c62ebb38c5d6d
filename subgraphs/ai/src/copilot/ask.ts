import type { Principal } from '@platform/auth';
import { ApiError } from '@platform/errors';
import type { AiPort } from '@platform/graphql-kit';
import { buildCatalogue, checkPlan } from './catalogue.ts';
import { type OperationRunner, executePlan } from './execute.ts';
import { LanguageModelError, createLanguageModelPlanner } from './language-model.ts';
import { planQuestion } from './parser.ts';
import type { Answer, Catalogue, ExecutedOperation, PlannerResult } from './plan.ts';
import { type Vocabulary, loadVocabulary } from './vocabulary.ts';
import { LRUCache } from 'lru-cache';

/** Records one answer may read: enough for any table a person reads, bounded so a question stays cheap. */
const MAX_RECORDS = 2000;

/** What a question became: stored as the query and returned to the caller. */
export interface CopilotOutcome {
  status: 'answered' | 'ambiguous' | 'unanswerable';
  engine: 'offline' | 'language_model';
  answer: Answer | null;
  operations: ExecutedOperation[];
  summary: string;
  interpretation: string | null;
  confidence: number;
  suggestions: string[];
}

const catalogues = new WeakMap<object, Catalogue>();

/**
 * The tenant's vocabulary as a credential with these scopes reads it, kept briefly: loading it is
 * several list reads, each counted against the tenant's rate limit, and a person asking a few
 * questions in a row should not pay them every time. A record named in the last half-minute may
 * not be known by name yet.
 */
const vocabularies = new LRUCache<string, Promise<Vocabulary>>({ max: 1000, ttl: 30_000 });

function vocabularyOf(principal: Principal, run: OperationRunner, catalogue: Catalogue): Promise<Vocabulary> {
  const key = `${principal.tenantId} ${[...principal.scopes].sort().join(' ')}`;
  let vocabulary = vocabularies.get(key);
  if (!vocabulary) {
    vocabulary = loadVocabulary(run, catalogue);
    vocabularies.set(key, vocabulary);
    // A failed load (a rate limit, the database) is not kept.
    vocabulary.catch(() => vocabularies.delete(key));
  }
  return vocabulary;
}

/** The copilot's catalogue of the supergraph, generated once per schema. */
export function catalogueOf(port: AiPort): Catalogue {
  const { schema, rootFieldScopes } = port.supergraph();
  let catalogue = catalogues.get(schema);
  if (!catalogue) {
    catalogue = buildCatalogue(schema, rootFieldScopes);
    catalogues.set(schema, catalogue);
  }
  return catalogue;
}

/** Runs read operations through the edge as the caller: its tenant, its scopes, its rate limit. */
export function runnerFor(port: AiPort, principal: Principal): OperationRunner {
  return (operation) => port.execute(principal, { document: operation.document, variables: operation.variables });
}

/**
 * Answers a question: planned by the configured language model or by the offline semantic parser,
 * checked against the catalogue, refused before anything runs when the caller lacks a list's
 * scope, then executed with the caller's credential.
 */
export async function askCopilot(port: AiPort, principal: Principal, question: string): Promise<CopilotOutcome> {
  const catalogue = catalogueOf(port);
  const run = runnerFor(port, principal);
  const engine = port.languageModel ? 'language_model' : 'offline';
  const planned = await plan(port, principal, run, catalogue, question);
  if (planned.status !== 'planned' || !planned.plan) {
    return {
      status: planned.status === 'planned' ? 'unanswerable' : planned.status,
      engine,
      answer: null,
      operations: [],
      summary: planned.reason ?? 'The question could not be answered.',
      interpretation: planned.interpretation ?? null,
      confidence: planned.confidence,
      suggestions: planned.suggestions ?? [],
    };
  }
  // The model's plans were checked by its planner (a refusal there is the model's invalid output); the parser's are checked here.
  if (engine === 'offline') {
    const checked = checkPlan(planned.plan, catalogue);
    if (!checked.ok) throw new Error(`the offline parser planned outside the catalogue: ${checked.errors.join('; ')}`);
  }
  const list = catalogue.lists.find((candidate) => candidate.field === planned.plan?.list);
  if (list && list.scopes.length > 0 && !list.scopes.some((scope) => principal.scopes.has(scope))) {
    throw new ApiError('insufficient_scope', `Answering this question reads ${list.field}, which requires the scope ${list.scopes.join(' or ')}.`, { required_scope: list.scopes.join(' or ') });
  }
  // A refusal of the operations (OperationRefused: a scope, a limit) is the platform's own problem, as the caller would get it.
  const executed = await executePlan(planned.plan, catalogue, run, { maxRecords: MAX_RECORDS });
  return {
    status: 'answered',
    engine,
    answer: executed.answer,
    operations: executed.operations,
    summary: executed.summary,
    interpretation: planned.interpretation ?? null,
    confidence: executed.truncated ? Math.min(planned.confidence, 0.5) : planned.confidence,
    suggestions: planned.suggestions ?? [],
  };
}

async function plan(port: AiPort, principal: Principal, run: OperationRunner, catalogue: Catalogue, question: string): Promise<PlannerResult> {
  if (!port.languageModel) return planQuestion(question, { catalogue, vocabulary: await vocabularyOf(principal, run, catalogue), now: port.now() });
  try {
    return await createLanguageModelPlanner(port.languageModel).planQuestion(question, { catalogue, now: port.now() });
  } catch (error) {
    if (error instanceof LanguageModelError) throw new ApiError(error.code, error.message);
    throw error;
  }
}
