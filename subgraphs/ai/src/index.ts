// The AI & Copilot domain: its subgraph (copilot queries, document extractions, agent tasks) and the
// engine the platform runs on its job queue to execute tasks step by step.
export { aiSubgraph } from './subgraph.ts';
export { AI_TASK_QUEUE, AI_TASK_STEP_SECONDS, TaskEngine, type TaskEngineOptions } from './tasks/engine.ts';
export { closeExtraction } from './extraction/index.ts';
export type { TaskPlan, TaskStep } from './tasks/plan.ts';
