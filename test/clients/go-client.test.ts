import { describeClientSmoke } from '../support/client-smoke.ts';

/**
 * The Go client (github.com/platform-api/platform/packages/client-go) against a real platform:
 * packages/client-go/smoke/smoke_test.go (`go test -tags smoke`) with the fixture's variables: a
 * client-credentials token, every page of a filtered list, an order created once although the answer of
 * its first attempt was lost, typed 412/409 problems, a throttled burst whose 429s are waited out, a
 * delivered webhook verified with the library. The setup downloads the pinned modules when missing.
 */
describeClientSmoke({
  library: 'Go client library',
  packageFolder: 'client-go',
  setup: { command: 'sh', args: ['scripts/setup.sh'] },
  command: 'go',
  args: ['test', '-tags', 'smoke', './smoke/...', '-count=1', '-v', '-run', '^TestSmoke$'],
  // Each of the six steps is a subtest that passed; none skipped.
  completed: [1, 2, 3, 4, 5, 6].map((step) => new RegExp(`^ {4}--- PASS: TestSmoke/${step}_`, 'm')).concat(/^--- PASS: TestSmoke /m),
  timeoutMs: 300_000,
});
