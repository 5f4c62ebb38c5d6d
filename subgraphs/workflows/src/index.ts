// The workflows domain: its subgraph (workflows, runs, templates) and the engine the platform runs
// on its job queue to execute runs step by step.
export { workflowsSubgraph } from './subgraph.ts';
export { WORKFLOW_RUN_QUEUE, WORKFLOW_RUN_SECONDS, WORKFLOW_TRIGGER_QUEUE, WorkflowEngine, type WorkflowEngineOptions } from './engine/engine.ts';
export { MAX_CHAIN_DEPTH } from './engine/constants.ts';
export { WORKFLOW_TEMPLATES } from './templates/catalogue.ts';
