// What tenants' automations are made of, shared by the integrations (field mappings, push rules,
// sync schedules) and the workflows (conditions, step inputs, schedule triggers): one expression
// language (JSONata, every evaluation bounded) and one schedule format (cron in a time zone).
export { type Evaluation, type ExpressionParse, type GuardedExpression, isJsonataFunction, parseExpression } from './expression.ts';
export { EXPRESSION_LIMITS } from './limits.ts';
export { type Schedule, cronProblem, isTimeZone, latestScheduledTime, nextScheduledTime } from './schedule.ts';
