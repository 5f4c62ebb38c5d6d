import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { scopeCatalogue } from '@platform/auth';
import { URI } from 'otpauth';
import { type Browser, type BrowserContext, type ConsoleMessage, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { type ApiClient, apiClient, accessToken, createAccount, json, platformUrl } from '../support/fixtures.ts';
import { repositoryRoot } from '../support/platform-process.ts';

/**
 * The operations console in a real browser (Debian's Chromium driven by playwright-core): a person
 * invited through the API accepts the invitation, signs in, walks every page performing one action
 * on each (and sees its effect), watches the dashboard update live when an order is created
 * through the REST API, turns on TOTP and signs in again with a code, switches to the sandbox
 * tenant and sees its data, and axe-core finds no serious or critical violation on any page. No
 * page breaks the Content-Security-Policy. A second person with the built-in `viewer` role does
 * not see what their scopes do not allow. A screenshot of each page is written to
 * test/artifacts/console/<page>.png.
 */

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const ARTIFACTS = join(repositoryRoot, 'test', 'artifacts', 'console');
const PASSWORD = 'correct horse battery staple console 42';
const VIEWER_PASSWORD = 'viewer reads only the ledger and stock 7';
const SANDBOX_PASSWORD = 'sandbox twin of the owner tries things 9';

interface Arranged {
  api: ApiClient;
  tenantId: string;
  sandboxTenantId: string;
  ownerId: string;
  ownerEmail: string;
  ownerInvitation: string;
  customerId: string;
  orderId: string;
  orderNumber: string;
  invoiceId: string;
  workflowName: string;
}

/** The fragment token of an invitation or reset link, opened on the test platform (whatever PUBLIC_URL it names). */
function consoleLink(url: string, page: 'accept-invitation' | 'reset-password'): string {
  const fragment = new URL(url).hash;
  expect(fragment).toMatch(/^#token=/);
  return `${platformUrl}/console/${page}${fragment}`;
}

async function arrange(): Promise<Arranged> {
  const account = await createAccount({ scopes: Object.keys(scopeCatalogue) });
  const api = apiClient(await accessToken(account.clientId, account.clientSecret), account.tenantId);
  const warehouse = await json<{ id: string }>(await api.send('POST', '/v1/inventory/warehouses', { name: 'Main' }), 201);
  await json(await api.send('POST', '/v1/inventory/warehouses', { name: 'Overflow' }), 201);
  await json(await api.send('POST', '/v1/inventory/items', { id: 'CON-1', name: 'Console widget', quantity_on_hand: 10, reorder_point: 2, warehouse_id: warehouse.id }), 201);
  await json(await api.send('POST', '/v1/inventory/items', { id: 'CON-LOW', name: 'Scarce widget', quantity_on_hand: 1, reorder_point: 5, warehouse_id: warehouse.id }), 201);
  const customer = await json<{ id: string }>(await api.send('POST', '/v1/crm/customers', { name: 'Arranged Customer', currency: 'USD' }), 201);
  const order = await json<{ id: string; number: string }>(await api.send('POST', '/v1/crm/orders', { kind: 'sales', customer_id: customer.id, currency: 'USD', lines: [{ item_id: 'CON-1', quantity: 1, unit_price: 2500 }] }), 201);
  const invoice = await json<{ id: string }>(await api.send('POST', '/v1/finance/invoices', { customer_id: customer.id, currency: 'EUR', lines: [{ description: 'Consulting', quantity: 1, unit_price: 10_000, tax_rate: 0 }] }), 201);
  const workflowName = `Console pause ${Date.now()}`;
  await json(await api.send('POST', '/v1/workflows', { name: workflowName, scopes: ['crm:write'], definition: { trigger: { type: 'manual' }, steps: [{ id: 'pause', kind: 'wait', seconds: 1 }] } }), 201);
  // The owner: invited through the API, handed the invitation link (as an administrator would).
  const ownerEmail = `owner.${Date.now()}@example.com`;
  const owner = await json<{ id: string }>(await api.send('POST', '/v1/tenants/users', { email: ownerEmail, name: 'Olive Owner', role_id: 'role_owner' }), 201);
  const invitation = await json<{ invitation_url: string }>(await api.send('POST', `/v1/tenants/users/${owner.id}/invitation`, {}), 200);
  // The sandbox twin: its own item, and the same e-mail as an active developer there (invited and
  // accepted through the sandbox tenant's API), so that the owner may switch to it.
  const sandboxApi = apiClient(await accessToken(account.sandboxClientId, account.sandboxClientSecret), account.sandboxTenantId);
  const sandboxWarehouse = await json<{ id: string }>(await sandboxApi.send('POST', '/v1/inventory/warehouses', { name: 'Sandbox main' }), 201);
  await json(await sandboxApi.send('POST', '/v1/inventory/items', { id: 'SBX-1', name: 'Sandbox widget', quantity_on_hand: 3, reorder_point: 0, warehouse_id: sandboxWarehouse.id }), 201);
  const sandboxOwner = await json<{ id: string }>(await sandboxApi.send('POST', '/v1/tenants/users', { email: ownerEmail, name: 'Olive Owner', role_id: 'role_developer' }), 201);
  const sandboxInvitation = await json<{ invitation_url: string }>(await sandboxApi.send('POST', `/v1/tenants/users/${sandboxOwner.id}/invitation`, {}), 200);
  const accepted = await fetch(`${platformUrl}/auth/invitations/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: new URL(sandboxInvitation.invitation_url).hash.replace(/^#token=/, ''), password: SANDBOX_PASSWORD }),
  });
  expect(accepted.status).toBe(200);
  return {
    api,
    tenantId: account.tenantId,
    sandboxTenantId: account.sandboxTenantId,
    ownerId: owner.id,
    ownerEmail,
    ownerInvitation: invitation.invitation_url,
    customerId: customer.id,
    orderId: order.id,
    orderNumber: order.number,
    invoiceId: invoice.id,
    workflowName,
  };
}

/** axe-core on the page as it is: no serious or critical violation. */
async function expectAccessible(page: Page, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${name}: ${violation.id} (${violation.impact}) ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Opens a page through the navigation (as a person would) and waits for its heading. */
async function open(page: Page, link: string, heading: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: link, exact: true }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
  await page.waitForLoadState('networkidle');
}

/** Clicks a button and, in the dialog it opens, fills `fields` (by label) and submits. */
async function runDialog(page: Page, button: string, fields: Record<string, string>, submit: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  for (const [label, value] of Object.entries(fields)) {
    const field = dialog.getByLabel(label, { exact: true });
    if ((await field.evaluate((element) => element.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
  await dialog.getByRole('button', { name: submit, exact: true }).click();
}

/** Waits for the status message an action reports; a failure names the alerts the page shows instead. */
async function expectStatus(page: Page, text: string | RegExp): Promise<void> {
  try {
    await page.getByRole('status').filter({ hasText: text }).first().waitFor({ timeout: 15_000 });
  } catch (error) {
    throw new Error(`no status ${String(text)}; alerts: ${JSON.stringify(await page.getByRole('alert').allInnerTexts())}`, { cause: error });
  }
}

/** Every message Chromium logs about a Content-Security-Policy violation (a refused script, style, connection ...). */
function watchPolicy(page: Page, violations: string[]): void {
  page.on('console', (message: ConsoleMessage) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
}

/** Signs in on the sign-in page with the password (and the TOTP step when `code` is given). */
async function signInWithPassword(page: Page, tenantId: string, email: string, password: string): Promise<void> {
  await page.getByLabel('Tenant id').fill(tenantId);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function expectNoAlert(page: Page): Promise<void> {
  const alerts = await page.getByRole('alert').allInnerTexts();
  expect(alerts).toEqual([]);
}

describe('operations console in a browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let arranged: Arranged;
  let profile: string;
  /** Content-Security-Policy violations reported by any page of the run: none expected. */
  const violations: string[] = [];
  /** The viewer the owner invites on the users page, for the last test. */
  let viewer: { email: string; invitation: string } | undefined;

  beforeAll(async () => {
    // The console as `npm start` serves it: built when missing or stale (a fraction of a second when fresh).
    execFileSync(process.execPath, ['gateway/scripts/build.mjs', '--if-stale'], { cwd: repositoryRoot, stdio: 'inherit' });
    await mkdir(ARTIFACTS, { recursive: true });
    await rm(join(ARTIFACTS, 'failure.png'), { force: true });
    profile = await mkdtemp(join(tmpdir(), 'console-chromium-'));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, `--disk-cache-dir=${profile}`] });
    // Reduced motion: Recharts then draws its charts at once (no animation), so screenshots show them whole.
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    page = await context.newPage();
    watchPolicy(page, violations);
    arranged = await arrange();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    if (profile) await rm(profile, { recursive: true, force: true });
  });

  it('serves the console with its strict policy, and every route as the SPA', async () => {
    const index = await fetch(`${platformUrl}/console/inventory`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toContain('text/html');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const policy = index.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
    const html = await index.text();
    const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${platformUrl}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const etag = asset.headers.get('etag') ?? '';
    expect((await fetch(`${platformUrl}${script}`, { headers: { 'if-none-match': etag, 'accept-encoding': 'br' } })).status).toBe(304);
    expect((await fetch(`${platformUrl}/console/assets/missing.js`)).status).toBe(404);
    const redirect = await fetch(`${platformUrl}/console`, { redirect: 'manual' });
    expect(redirect.status).toBe(308);
  });

  it('signs in, walks every page with one action each, and updates the dashboard live', async () => {
    const { api } = arranged;
    onTestFailed(async () => {
      await page.screenshot({ path: join(ARTIFACTS, 'failure.png'), fullPage: true });
    });

    // Accept the invitation: the token in the fragment, a password chosen, signed in.
    await page.goto(consoleLink(arranged.ownerInvitation, 'accept-invitation'));
    await page.getByRole('heading', { level: 1, name: 'Accept your invitation' }).waitFor();
    await expectAccessible(page, 'accept-invitation');
    await screenshot(page, 'accept-invitation');
    await page.getByLabel('New password', { exact: false }).first().fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();

    // Sign out, then sign in with the password on the sign-in page.
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await expectAccessible(page, 'sign-in');
    await screenshot(page, 'sign-in');
    await signInWithPassword(page, arranged.tenantId, arranged.ownerEmail, PASSWORD);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await expect.poll(() => page.getByTestId('environment').innerText()).toContain('Production');

    // Overview: live over graphql-ws; an order created through REST appears without a reload.
    await page.getByTestId('live-status').filter({ hasText: 'Live:' }).waitFor({ timeout: 20_000 });
    const before = Number(await page.getByTestId('orders-today').innerText());
    expect(before).toBeGreaterThanOrEqual(1);
    await json(await api.send('POST', '/v1/crm/orders', { kind: 'sales', customer_id: arranged.customerId, currency: 'USD', lines: [{ item_id: 'CON-1', quantity: 2, unit_price: 1000 }] }), 201);
    await expect.poll(async () => Number(await page.getByTestId('orders-today').innerText()), { timeout: 20_000 }).toBe(before + 1);
    await page.getByTestId('live-feed').filter({ hasText: 'order.created' }).waitFor();
    expect(await page.getByTestId('low-stock').innerText()).toBe('1');
    // The charts (Recharts) are images named by their title, and their figures are a table for screen readers.
    await page.getByRole('img', { name: "Today's orders by status" }).waitFor();
    const figures = page.getByRole('table', { name: "Today's orders by status" });
    expect(await figures.getByRole('row', { name: /draft/ }).innerText()).toMatch(/draft\s+\d+/);
    await page.getByRole('img', { name: 'Requests used in the current window' }).waitFor();
    await expectAccessible(page, 'overview');
    await screenshot(page, 'overview');

    // Inventory: adjust stock.
    await open(page, 'Inventory', 'Inventory');
    await runDialog(page, 'Adjust item CON-1', { 'Change in quantity (negative to remove)': '5', Reason: 'cycle count' }, 'Adjust');
    await expectStatus(page, 'Stock of CON-1 adjusted: 15 on hand.');
    await page.getByRole('row', { name: /CON-1/ }).first().filter({ hasText: '15' }).waitFor();
    await expectAccessible(page, 'inventory');
    await screenshot(page, 'inventory');

    // Orders: confirm the arranged draft order.
    await open(page, 'Orders', 'Orders');
    await page.getByRole('button', { name: `Confirm order ${arranged.orderNumber}`, exact: true }).click();
    await expectStatus(page, `Order ${arranged.orderNumber} confirmed.`);
    await page.getByRole('row', { name: new RegExp(arranged.orderNumber) }).filter({ hasText: 'confirmed' }).waitFor();
    await expectAccessible(page, 'orders');
    await screenshot(page, 'orders');

    // Customers: create one.
    await open(page, 'Customers', 'Customers');
    await runDialog(page, 'Create customer', { Name: 'Browser Buyer', 'E-mail': 'buyer@example.com' }, 'Create customer');
    await expectStatus(page, /Customer Browser Buyer created/);
    await page.getByRole('row', { name: /Browser Buyer/ }).waitFor();
    await expectAccessible(page, 'customers');
    await screenshot(page, 'customers');

    // Finance: issue the arranged draft invoice.
    await open(page, 'Finance', 'Finance');
    await page.getByRole('button', { name: `Issue invoice draft ${arranged.invoiceId}`, exact: true }).click();
    await expectStatus(page, /Invoice .+ issued\./);
    await page.getByRole('table', { name: /Ledger entries/ }).getByRole('row').nth(1).waitFor();
    await expectAccessible(page, 'finance');
    await screenshot(page, 'finance');

    // Events: publish a custom event; it appears in the log.
    await open(page, 'Events', 'Events');
    await runDialog(page, 'Publish custom event', { Type: 'custom.console_checked', 'Data (JSON object)': '{"by": "browser"}' }, 'Publish custom event');
    await expectStatus(page, /Event custom.console_checked published/);
    await page.getByRole('row', { name: /custom\.console_checked/ }).waitFor();
    await expectAccessible(page, 'events');
    await screenshot(page, 'events');

    // Webhooks: register an endpoint; its signing secret is shown once.
    await open(page, 'Webhooks', 'Webhooks');
    await runDialog(page, 'Register endpoint', { 'URL (https)': 'https://127.0.0.1:9/console-hook', 'Event types, comma-separated (* for all)': 'order.created' }, 'Register endpoint');
    await expectStatus(page, /Endpoint .+ registered\./);
    expect(await page.getByTestId('secret-value').innerText()).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByRole('row', { name: /console-hook/ }).waitFor();
    await expectAccessible(page, 'webhooks');
    await screenshot(page, 'webhooks');

    // Integrations: create a CSV connector.
    await open(page, 'Integrations', 'Integrations');
    await runDialog(page, 'Create connector', { Name: 'Stock sheet', 'Configuration (JSON)': '{"id_column": "sku", "page_size": 50}' }, 'Create connector');
    await expectStatus(page, /Connector .+ created/);
    await page.getByRole('button', { name: 'Start sync connector Stock sheet', exact: true }).waitFor();
    await expectAccessible(page, 'integrations');
    await screenshot(page, 'integrations');

    // Workflows: start a run; its progress shows until it succeeds, and its step log.
    await open(page, 'Workflows', 'Workflows');
    await runDialog(page, `Start run workflow ${arranged.workflowName}`, {}, 'Start run');
    await expectStatus(page, /Run .+ started\./);
    const runs = page.getByRole('table', { name: new RegExp(`Runs of ${arranged.workflowName}`) });
    await runs.getByRole('row').filter({ hasText: 'succeeded' }).first().waitFor({ timeout: 30_000 });
    await runs.getByRole('button', { name: /^Step log run / }).first().click();
    await page.getByRole('table', { name: /Steps of run/ }).getByRole('row', { name: /pause/ }).waitFor();
    await expectAccessible(page, 'workflows');
    await screenshot(page, 'workflows');

    // API access: create an API key; its secret is shown once.
    await open(page, 'API access', 'API access');
    await page.getByRole('button', { name: 'Create API key', exact: true }).click();
    const keyDialog = page.getByRole('dialog');
    await keyDialog.getByLabel('Name', { exact: true }).fill('Browser key');
    await keyDialog.getByLabel('inventory:read', { exact: true }).check();
    await keyDialog.getByRole('button', { name: 'Create API key', exact: true }).click();
    await expectStatus(page, 'API key Browser key created.');
    expect(await page.getByTestId('secret-value').innerText()).toMatch(/^sk_live_/);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByRole('row', { name: /Browser key/ }).waitFor();
    // An OAuth client: created (its secret shown once), its secret rotated (shown once), revoked.
    await page.getByRole('button', { name: 'Create OAuth client', exact: true }).click();
    const clientDialog = page.getByRole('dialog');
    await clientDialog.getByLabel('Name', { exact: true }).fill('Browser client');
    await clientDialog.getByLabel('inventory:read', { exact: true }).check();
    await clientDialog.getByRole('button', { name: 'Create OAuth client', exact: true }).click();
    await expectStatus(page, /OAuth client Browser client created: client id cli_/);
    const clientSecret = await page.getByTestId('secret-value').innerText();
    expect(clientSecret).toMatch(/^cs_live_/);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    const clientRow = page.getByRole('table', { name: /OAuth clients/ }).getByRole('row', { name: /Browser client/ });
    await clientRow.filter({ hasText: 'active' }).waitFor();
    await runDialog(page, 'Rotate secret OAuth client Browser client', { 'Seconds the old secret keeps working': '60' }, 'Rotate secret');
    await expectStatus(page, 'OAuth client Browser client has a new secret.');
    const rotatedSecret = await page.getByTestId('secret-value').innerText();
    expect(rotatedSecret).toMatch(/^cs_live_/);
    expect(rotatedSecret).not.toBe(clientSecret);
    await expectAccessible(page, 'api-access');
    await screenshot(page, 'api-access');
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await runDialog(page, 'Revoke OAuth client Browser client', {}, 'Revoke');
    await expectStatus(page, 'OAuth client Browser client revoked.');
    await clientRow.filter({ hasText: 'revoked' }).waitFor();

    // Users: invite the viewer and issue the invitation link (used by the next test).
    await open(page, 'Users and roles', 'Users and roles');
    const viewerEmail = `viewer.${Date.now()}@example.com`;
    await runDialog(page, 'Invite user', { 'E-mail': viewerEmail, Name: 'Vic Viewer', Role: 'role_viewer' }, 'Invite user');
    await expectStatus(page, new RegExp(`${viewerEmail.replace(/\./g, '\\.')} invited`));
    await page.getByRole('button', { name: `Invitation link user ${viewerEmail}`, exact: true }).click();
    const link = await page.getByTestId('secret-value').innerText();
    expect(link).toContain('/console/accept-invitation#token=');
    viewer = { email: viewerEmail, invitation: link };
    await expectAccessible(page, 'users');
    await screenshot(page, 'users');

    // Audit trail: this person's actions, recorded with the user as actor.
    await open(page, 'Audit trail', 'Audit trail');
    await page.getByLabel('Actor id').fill(arranged.ownerId);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('row', { name: new RegExp(`user ${arranged.ownerId}`) }).first().waitFor();
    await expectAccessible(page, 'audit');
    await screenshot(page, 'audit');

    // Copilot: ask; the answer and the operations behind it are shown.
    await open(page, 'Copilot', 'Copilot');
    await page.getByLabel('Question', { exact: true }).fill('Which SKUs are below their reorder point?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.getByTestId('copilot-summary').waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'GraphQL operations behind the answer' }).waitFor();
    await expectAccessible(page, 'copilot');
    await screenshot(page, 'copilot');

    // Account: enrol TOTP (the secret and otpauth URI are shown; the code is computed as an authenticator app would).
    await open(page, 'Account', 'Account');
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const uri = await page.getByTestId('totp-uri').innerText();
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    await expectAccessible(page, 'account');
    await screenshot(page, 'account');
    const authenticator = URI.parse(uri);
    await page.getByLabel('Code from your app').fill(authenticator.generate());
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();
    await expectStatus(page, 'Two-factor authentication is on.');
    await page.getByRole('button', { name: 'Turn off two-factor authentication' }).waitFor();
    await expectNoAlert(page);

    // Sign out, and in again: the password, then a code (the next time step's: a code is never accepted twice).
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await signInWithPassword(page, arranged.tenantId, arranged.ownerEmail, PASSWORD);
    await page.getByRole('heading', { level: 1, name: 'Two-factor authentication' }).waitFor();
    await expectAccessible(page, 'sign-in-totp');
    await screenshot(page, 'sign-in-totp');
    await page.getByLabel('Authentication code').fill(authenticator.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await open(page, 'Account', 'Account');
    await page.getByText('password+totp', { exact: true }).waitFor();

    // Switch to the sandbox explicitly: the header says so, and the data is the sandbox tenant's.
    await page.getByRole('banner').getByRole('button', { name: 'Switch to sandbox' }).click();
    await expect.poll(() => page.getByTestId('environment').innerText()).toContain('Sandbox');
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await open(page, 'Inventory', 'Inventory');
    await page.getByRole('row', { name: /SBX-1/ }).first().waitFor();
    expect(await page.getByRole('row', { name: /CON-1/ }).count()).toBe(0);
    await open(page, 'Account', 'Account');
    await page.getByText(arranged.sandboxTenantId).waitFor();
    await expectAccessible(page, 'sandbox-account');
    await screenshot(page, 'sandbox-account');

    // Back to production: its user has two-factor authentication, so the switch asks for its code (a wrong one is refused).
    await page.getByRole('banner').getByRole('button', { name: 'Switch to production' }).click();
    const codeDialog = page.getByRole('dialog', { name: 'Switch to production' });
    await codeDialog.getByLabel('Authenticator code').fill('00000x');
    await codeDialog.getByRole('button', { name: 'Switch', exact: true }).click();
    await codeDialog.getByRole('alert').getByText('invalid_totp_code').waitFor();
    await expectAccessible(page, 'switch-code');
    await screenshot(page, 'switch-code');
    await codeDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByTestId('environment').innerText()).toContain('Sandbox');

    // Sign out everywhere (both environments): the session ends; the console shows the sign-in page.
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(violations).toEqual([]);
  }, 300_000);

  it('shows a viewer only what the viewer role allows', async () => {
    expect(viewer).toBeDefined();
    const viewerContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    try {
      const viewerPage = await viewerContext.newPage();
      watchPolicy(viewerPage, violations);
      await viewerPage.goto(consoleLink(viewer!.invitation, 'accept-invitation'));
      await viewerPage.getByLabel('New password', { exact: false }).first().fill(VIEWER_PASSWORD);
      await viewerPage.getByLabel('Repeat the password').fill(VIEWER_PASSWORD);
      await viewerPage.getByRole('button', { name: 'Set password and sign in' }).click();
      await viewerPage.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      const nav = viewerPage.getByRole('navigation', { name: 'Console' });
      const links = await nav.getByRole('link').allInnerTexts();
      expect(links).toEqual(['Overview', 'Inventory', 'Orders', 'Customers', 'Finance', 'Account']);
      await open(viewerPage, 'Inventory', 'Inventory');
      await viewerPage.getByRole('row', { name: /CON-1/ }).first().waitFor();
      expect(await viewerPage.getByRole('button', { name: /^Adjust / }).count()).toBe(0);
      expect(await viewerPage.getByRole('button', { name: 'Create item' }).count()).toBe(0);
      await open(viewerPage, 'Orders', 'Orders');
      await viewerPage.getByRole('row', { name: new RegExp(arranged.orderNumber) }).waitFor();
      expect(await viewerPage.getByRole('button', { name: /^(Confirm|Fulfil|Cancel) / }).count()).toBe(0);
      await expectAccessible(viewerPage, 'viewer-orders');
      await screenshot(viewerPage, 'viewer-orders');
      // A guarded page opened by its address says it is not available.
      await viewerPage.goto(`${platformUrl}/console/users`);
      await viewerPage.getByRole('heading', { level: 1, name: 'Not available' }).waitFor();
      expect(violations).toEqual([]);
    } finally {
      await viewerContext.close();
    }
  }, 120_000);
});
