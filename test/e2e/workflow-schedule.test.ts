import { setTimeout as sleep } from 'node:timers/promises';
import { migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { type Platform, startPlatform } from '@platform/gateway';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient, eventually, json } from '../support/fixtures.ts';
import { TEST_SECRETS_KEY } from '../support/platform-process.ts';
import { type Workflow, type WorkflowRun, type WorkflowWithSecret, WORKFLOW_SCOPES } from '../support/workflows.ts';

/**
 * Scheduled workflows against a controllable clock: the platform runs in this process with a clock
 * the scheduler reads (`hooks.clock`) and polls every second. A workflow at 09:00 Paris time
 * starts exactly one run per scheduled time when the clock passes it (08:00Z in winter, 07:00Z in
 * summer), with `{ scheduled_for }` as input, none before, none twice; a jump over many scheduled
 * times starts one run, not one per missed time; a disabled workflow starts none.
 */

const POLL_SECONDS = 1;
/** Long enough for the scheduler to have polled a few times. */
const A_FEW_POLLS_MS = 3_500;

describe('scheduled workflow runs (controllable clock)', () => {
  let database: FreshDatabase;
  let platform: Platform;
  let api: ApiClient;
  let now = new Date('2026-01-10T07:58:00Z');

  beforeAll(async () => {
    database = await freshDatabase({ prefix: 'workflow_schedule' });
    await migrateDatabase(database.url);
    platform = await startPlatform(
      { port: 0, host: '127.0.0.1' },
      { DATABASE_URL: database.url, SEED_DEMO: 'false', LOG_LEVEL: 'warn', SECRETS_KEY: TEST_SECRETS_KEY, WORKFLOW_SCHEDULE_POLL_SECONDS: String(POLL_SECONDS) },
      { clock: () => now },
    );
    const { production } = await createTenantPair(platform.prisma, { name: 'Workflow schedule', plan: 'enterprise' });
    const client = await createOAuthClient(platform.prisma, { tenantId: production.id, scopes: [...WORKFLOW_SCOPES, 'events:read', 'events:write'] });
    const response = await fetch(`${platform.url}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret }),
    });
    api = apiClient((await json<{ access_token: string }>(response)).access_token, production.id, platform.url);
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
    await database?.dispose();
  });

  const runsOf = async (workflowId: string) => (await json<{ data: WorkflowRun[] }>(await api.get(`/v1/workflows/runs?workflow_id=${workflowId}&per_page=100`))).data;
  const workflowOf = async (id: string) => json<Workflow>(await api.get(`/v1/workflows/${id}`));
  const iso = (value: string | null | undefined) => (value == null ? value : new Date(value).toISOString());
  /** The workflow's runs once there are `count` of them, all over. */
  const runsOver = (workflowId: string, count: number) =>
    eventually(
      async () => {
        const runs = await runsOf(workflowId);
        return runs.length >= count && runs.every((run) => ['succeeded', 'failed', 'cancelled'].includes(run.status)) ? runs : undefined;
      },
      15_000,
      `${count} runs of ${workflowId} over`,
    );

  it('starts one run per scheduled time as the clock passes it, none for the times a jump skipped, none once disabled', async () => {
    const workflow = await json<WorkflowWithSecret>(
      await api.send('POST', '/v1/workflows', {
        name: 'Daily report',
        scopes: ['events:write'],
        definition: {
          trigger: { type: 'schedule', cron: '0 9 * * *', time_zone: 'Europe/Paris' },
          steps: [{ id: 'report', kind: 'emit', event_type: 'custom.report.daily', data: '{ "for": input.scheduled_for }' }],
        },
      }),
      201,
    );
    // 09:00 in Paris in winter (UTC+1).
    expect(workflow.trigger_type).toBe('schedule');
    expect(iso(workflow.next_run_at)).toBe('2026-01-10T08:00:00.000Z');

    // Half a minute before: nothing starts.
    now = new Date('2026-01-10T07:59:30Z');
    await sleep(A_FEW_POLLS_MS);
    expect(await runsOf(workflow.id)).toHaveLength(0);

    // Half a minute after: one run, for 08:00Z, that succeeds; the next time is tomorrow's.
    now = new Date('2026-01-10T08:00:30Z');
    const [first] = (await runsOver(workflow.id, 1)) as [WorkflowRun];
    expect(first).toMatchObject({ trigger: 'schedule', status: 'succeeded', input: { scheduled_for: '2026-01-10T08:00:00.000Z' }, chain_depth: 1 });
    expect(iso(first.scheduled_for)).toBe('2026-01-10T08:00:00.000Z');
    expect(iso((await workflowOf(workflow.id)).next_run_at)).toBe('2026-01-11T08:00:00.000Z');
    // Its step emitted the report for the scheduled time.
    const reports = (await json<{ data: Array<{ data: { for: string }; source: { type: string; workflow_run_id?: string } }> }>(await api.get('/v1/events?type=custom.report.daily&per_page=100'))).data;
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ data: { for: '2026-01-10T08:00:00.000Z' }, source: { type: 'workflow', workflow_run_id: first.id } });

    // The clock staying there: no second run.
    await sleep(A_FEW_POLLS_MS);
    expect(await runsOf(workflow.id)).toHaveLength(1);

    // Six months later (summer, UTC+2: 09:00 Paris is 07:00Z): the ~180 times missed are not caught up one by one, one run starts.
    now = new Date('2026-07-11T07:00:30Z');
    await runsOver(workflow.id, 2);
    await sleep(A_FEW_POLLS_MS);
    const afterJump = await runsOf(workflow.id);
    expect(afterJump).toHaveLength(2);
    const jumped = afterJump.find((run) => run.id !== first.id) as WorkflowRun;
    // The run is for the latest time due (today's 09:00 in Paris), not for the first one missed half a year ago.
    expect(jumped).toMatchObject({ trigger: 'schedule', status: 'succeeded', input: { scheduled_for: '2026-07-11T07:00:00.000Z' } });
    expect(iso(jumped.scheduled_for)).toBe('2026-07-11T07:00:00.000Z');
    // The next time is computed from the clock, in summer time.
    expect(iso((await workflowOf(workflow.id)).next_run_at)).toBe('2026-07-12T07:00:00.000Z');

    // Disabled: no next time, and no run when the clock passes the next day's time.
    const disabled = await json<Workflow>(await api.send('POST', `/v1/workflows/${workflow.id}/disable`, {}));
    expect(disabled).toMatchObject({ enabled: false, next_run_at: null });
    now = new Date('2026-07-12T07:00:30Z');
    await sleep(A_FEW_POLLS_MS);
    expect(await runsOf(workflow.id)).toHaveLength(2);
    expect((await workflowOf(workflow.id)).next_run_at).toBeNull();

    // Enabled again: the next time after now, none for the time passed while disabled.
    const enabled = await json<Workflow>(await api.send('POST', `/v1/workflows/${workflow.id}/enable`, {}));
    expect(iso(enabled.next_run_at)).toBe('2026-07-13T07:00:00.000Z');
    await sleep(A_FEW_POLLS_MS);
    expect(await runsOf(workflow.id)).toHaveLength(2);
  }, 120_000);
});
