/**
 * Evaluation of the copilot's offline engine: starts a platform of its own on a fresh database,
 * seeds the data set (seed.ts) into a new tenant, asks every question of questions.ts through
 * `POST /v1/ai/queries`, computes each gold answer from the API, and prints the accuracy per
 * category and overall, then every miss with what was answered; then the document extraction
 * accuracy per field and method (extraction.ts, in this process). Exits 1 below 90 % of questions.
 *
 * Run on demand, never by the test suite:   npm run eval:ai
 *
 * Environment knobs:
 *   EVAL_AI_ENGINE   `platform` (default): ask the platform's endpoint; `direct`: run the engine
 *                    of this checkout in this process, reading through the platform's /graphql
 *                    as the tenant (for working on the parser without restarting the platform)
 *   EVAL_AI_ONLY     ask only the questions containing this text
 *   DATABASE_URL     create the database on this PostgreSQL server instead of an embedded one
 */
import { pathToFileURL } from 'node:url';
import { buildSchema } from 'graphql';
import pg from 'pg';
import { createPrismaClient, migrateDatabase } from '@platform/db';
import { freshDatabase } from '@platform/db/testing';
import { composeSupergraph, subgraphs } from '@platform/gateway';
import { rootFieldScopes } from '@platform/graphql-kit';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { buildCatalogue, checkPlan, executePlan, loadVocabulary, planQuestion, type OperationRunner } from '../../../subgraphs/ai/src/copilot/index.ts';
import type { ApiClient } from '../../support/fixtures.ts';
import { TEST_SECRETS_KEY, accessTokenFrom, spawnPlatform } from '../../support/platform-process.ts';
import { type CopilotAnswer, type EvalQuestion, type GoldAnswer, type GoldApi, QUESTIONS, sameAnswer } from './questions.ts';
import { evaluateExtraction } from './extraction.ts';
import { EVAL_SCOPES, seedOperations } from './seed.ts';

const THRESHOLD = 0.9;

/** What a question came back as. */
export interface Asked {
  status: 'answered' | 'ambiguous' | 'unanswerable';
  answer: CopilotAnswer | null;
  summary: string;
  interpretation?: string | null;
}

const print = (line = '') => process.stdout.write(`${line}\n`);

/** An authenticated client of one tenant of a platform. */
export function clientOf(baseUrl: string, token: string, tenantId: string): ApiClient {
  const headers = { authorization: `Bearer ${token}`, 'x-service-tenant': tenantId };
  const send = (method: string, path: string, body: unknown, extra: Record<string, string> = {}) => fetch(`${baseUrl}${path}`, { method, headers: { ...headers, 'content-type': 'application/json', ...extra }, body: JSON.stringify(body), signal: AbortSignal.timeout(60_000) });
  return {
    baseUrl,
    headers,
    get: (path, extra = {}) => fetch(`${baseUrl}${path}`, { headers: { ...headers, ...extra }, signal: AbortSignal.timeout(60_000) }),
    send,
    raw: (method, path, body, contentType, extra = {}) => fetch(`${baseUrl}${path}`, { method, headers: { ...headers, 'content-type': contentType, ...extra }, body, signal: AbortSignal.timeout(60_000) }),
    graphql: (query, variables, extra = {}) => send('POST', '/graphql', { query, variables }, extra),
  };
}

/**
 * Gold answers' access to the API: REST lists read whole, GraphQL. Lists are read once (the data
 * set does not change while it is asked about), except the event log: it grows with every answered
 * question (`ai.query.completed`), so it is read again for each gold, just before its question.
 */
export function goldApi(api: ApiClient, seed: GoldApi['seed'], now: Date): GoldApi {
  const cache = new Map<string, Promise<unknown[]>>();
  const readAll = async (path: string) => {
    const records: unknown[] = [];
    for (let page = 1; ; page++) {
      const response = await api.get(`${path}${path.includes('?') ? '&' : '?'}per_page=100&page=${page}`);
      if (response.status !== 200) throw new Error(`gold: GET ${path} answered ${response.status}: ${await response.text()}`);
      const body = (await response.json()) as { data: unknown[]; meta: { total: number } };
      records.push(...body.data);
      if (records.length >= body.meta.total || body.data.length === 0) return records;
    }
  };
  return {
    all: <T>(path: string) => {
      if (path.startsWith('/v1/events')) return readAll(path) as Promise<T[]>;
      if (!cache.has(path)) cache.set(path, readAll(path));
      return cache.get(path) as Promise<T[]>;
    },
    graphql: async <T>(query: string, variables?: Record<string, unknown>) => {
      const body = (await (await api.graphql(query, variables)).json()) as { data?: T; errors?: unknown[] };
      if (body.errors) throw new Error(`gold: GraphQL errors ${JSON.stringify(body.errors)}`);
      return body.data as T;
    },
    now,
    seed,
  };
}

/** Asks through the platform's endpoint, as a client would. */
export async function askPlatform(api: ApiClient, question: string): Promise<Asked> {
  const response = await api.send('POST', '/v1/ai/queries', { question });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`POST /v1/ai/queries answered ${response.status}: ${text}`);
  return JSON.parse(text) as Asked;
}

/** Runs this checkout's engine here, reading through the platform's /graphql as the tenant. */
function directEngine(api: ApiClient): (question: string) => Promise<Asked> {
  const { schemas, supergraphSdl } = composeSupergraph(subgraphs, (name) => name);
  const scopes = new Map([...schemas.values()].flatMap((schema) => rootFieldScopes(schema)).map((requirement) => [requirement.coordinate, requirement.anyOf]));
  const catalogue = buildCatalogue(buildSchema(supergraphSdl), scopes);
  const run: OperationRunner = async (operation) => (await (await api.graphql(operation.document, operation.variables)).json()) as Awaited<ReturnType<OperationRunner>>;
  return async (question) => {
    const planned = planQuestion(question, { catalogue, vocabulary: await loadVocabulary(run, catalogue), now: new Date() });
    if (planned.status !== 'planned' || !planned.plan) return { status: planned.status === 'planned' ? 'unanswerable' : planned.status, answer: null, summary: planned.reason ?? '' };
    const checked = checkPlan(planned.plan, catalogue);
    if (!checked.ok) throw new Error(`the parser planned outside the catalogue: ${checked.errors.join('; ')}`);
    const executed = await executePlan(planned.plan, catalogue, run, { maxRecords: 2000 });
    return { status: 'answered', answer: executed.answer as CopilotAnswer, summary: executed.summary, interpretation: planned.interpretation ?? null };
  };
}

export interface Verdict {
  question: EvalQuestion;
  correct: boolean;
  asked?: Asked;
  gold?: GoldAnswer;
  error?: string;
}

/** Asks each question and compares it with its gold answer (or refusal kind), computed just before it is asked. */
export async function evaluate(questions: EvalQuestion[], ask: (question: string) => Promise<Asked>, gold: GoldApi): Promise<Verdict[]> {
  const verdicts: Verdict[] = [];
  for (const question of questions) {
    try {
      if ('refusal' in question.expected) {
        const asked = await ask(question.question);
        verdicts.push({ question, asked, correct: asked.status === question.expected.refusal });
        continue;
      }
      const expected = await question.expected.compute(gold);
      const asked = await ask(question.question);
      verdicts.push({ question, asked, gold: expected, correct: asked.status === 'answered' && sameAnswer(expected, asked.answer) });
    } catch (error) {
      verdicts.push({ question, correct: false, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return verdicts;
}

async function main(): Promise<void> {
  const database = await freshDatabase({ prefix: 'eval_ai' });
  await migrateDatabase(database.url);
  const platform = await spawnPlatform({ DATABASE_URL: database.url, SEED_DEMO: 'false', SECRETS_KEY: TEST_SECRETS_KEY });
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  try {
    const prisma = createPrismaClient(database.url, 2);
    const { production } = await createTenantPair(prisma, { name: 'Copilot evaluation', plan: 'enterprise' });
    const client = await createOAuthClient(prisma, { tenantId: production.id, scopes: EVAL_SCOPES });
    // Each question reads the tenant's vocabulary and its lists: far more requests a minute than a person makes.
    await prisma.tenant.update({ where: { id: production.id }, data: { rate_limit_per_second: 100_000, rate_limit_per_minute: 1_000_000 } });
    await prisma.$disconnect();
    const api = clientOf(platform.url, await accessTokenFrom(platform, client), production.id);

    const started = Date.now();
    const seed = await seedOperations(api, (statement, values) => sql.query(statement, values));
    print(`Seeded the data set in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

    const only = process.env.EVAL_AI_ONLY;
    const questions = only ? QUESTIONS.filter((question) => question.question.includes(only)) : QUESTIONS;
    const ask = process.env.EVAL_AI_ENGINE === 'direct' ? directEngine(api) : (question: string) => askPlatform(api, question);
    const asking = Date.now();
    const verdicts = await evaluate(questions, ask, goldApi(api, seed, new Date()));
    const seconds = (Date.now() - asking) / 1000;

    print(`\n${questions.length} questions, ${(seconds / Math.max(1, questions.length) * 1000).toFixed(0)} ms each on average (${process.env.EVAL_AI_ENGINE === 'direct' ? 'engine in this process' : 'POST /v1/ai/queries'}).\n`);
    print('Category       Exact  Questions  Accuracy');
    const categories = [...new Set(verdicts.map((verdict) => verdict.question.category))];
    for (const category of categories) {
      const of = verdicts.filter((verdict) => verdict.question.category === category);
      const exact = of.filter((verdict) => verdict.correct).length;
      print(`${category.padEnd(14)} ${String(exact).padStart(5)}  ${String(of.length).padStart(9)}  ${((exact / of.length) * 100).toFixed(1).padStart(7)} %`);
    }
    const exact = verdicts.filter((verdict) => verdict.correct).length;
    const accuracy = exact / Math.max(1, verdicts.length);
    print(`${'overall'.padEnd(14)} ${String(exact).padStart(5)}  ${String(verdicts.length).padStart(9)}  ${(accuracy * 100).toFixed(1).padStart(7)} %`);

    const misses = verdicts.filter((verdict) => !verdict.correct);
    if (misses.length > 0) print(`\nMisses (${misses.length}):`);
    for (const miss of misses) {
      print(`- [${miss.question.category}] ${miss.question.question}`);
      if (miss.error) print(`    error: ${miss.error}`);
      else print(`    expected ${'refusal' in miss.question.expected ? miss.question.expected.refusal : JSON.stringify(miss.gold)}; got ${miss.asked?.status}: ${miss.asked?.interpretation ?? ''} ${JSON.stringify(miss.asked?.answer?.rows?.slice(0, 8) ?? miss.asked?.summary)}`);
    }
    process.exitCode = accuracy >= THRESHOLD ? 0 : 1;
    print('');
    await evaluateExtraction({ print });
  } finally {
    await sql.end();
    await platform.stop();
    await database.dispose();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
