export type * from './plan.ts';
export { buildCatalogue, checkPlan, MAX_PLAN_LIMIT } from './catalogue.ts';
export { executePlan, fetchRecords, formatMoney, OperationRefused, type ExecutionResult, type OperationRunner } from './execute.ts';
export { planQuestion, suggestions, type PlanningContext } from './parser.ts';
export { loadVocabulary, type Vocabulary, type VocabularyTerm } from './vocabulary.ts';
