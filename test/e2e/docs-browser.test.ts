import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrl } from '../support/fixtures.ts';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

/**
 * The API reference at /docs (Scalar's bundle, served by the platform) in a real browser: it
 * renders, shows the official libraries' code samples, and reaches no host but the platform.
 * Requests to other hosts are aborted and fail the test. That "Test request" never goes through
 * Scalar's proxy is the page configuration's business (`proxyUrl: ''`, checked in
 * contract/openapi-document.test.ts): the bundle never proxies a loopback target, so a browser
 * test on loopback could not tell.
 */
describe('the /docs API reference in a browser', () => {
  let profile: string;
  let browser: Browser;
  let page: Page;
  const foreign: string[] = [];
  const platformRequests: string[] = [];

  beforeAll(async () => {
    profile = await mkdtemp(join(tmpdir(), 'docs-chromium-'));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, `--disk-cache-dir=${profile}`] });
    page = await browser.newPage();
    await page.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (url.protocol === 'data:' || url.protocol === 'blob:' || LOOPBACK.test(url.hostname)) {
        platformRequests.push(`${route.request().method()} ${url.pathname}`);
        return route.continue();
      }
      foreign.push(url.href);
      return route.abort();
    });
  });

  afterAll(async () => {
    await browser?.close();
    if (profile) await rm(profile, { recursive: true, force: true });
  });

  it('renders the reference with code samples and contacts only the platform', async () => {
    await page.goto(`${platformUrl}/docs#tag/crm/POST/v1/crm/orders`);
    await page.getByText('Platform API').first().waitFor({ timeout: 30_000 });
    // The official libraries' samples are offered for the operation.
    await expect.poll(async () => (await page.content()).includes('@platform/client'), { timeout: 30_000 }).toBe(true);
    expect(platformRequests).toEqual(expect.arrayContaining(['GET /docs', 'GET /v1/openapi.json']));
    expect(foreign).toEqual([]);
  }, 60_000);
});
