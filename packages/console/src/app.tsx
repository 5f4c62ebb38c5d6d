import { type ComponentType, useEffect, useState } from 'react';
import { type Problem, toProblem } from './api/problem.ts';
import { ProblemAlert } from './components/feedback.tsx';
import { PAGES, type PageDefinition, canOpen } from './governance.ts';
import { AccountPage } from './pages/account.tsx';
import { ApiAccessPage } from './pages/api-access.tsx';
import { AuditPage } from './pages/audit.tsx';
import { AcceptInvitationPage, ResetPasswordPage, SignInPage } from './pages/auth.tsx';
import { CopilotPage } from './pages/copilot.tsx';
import { CustomersPage } from './pages/customers.tsx';
import { EventsPage } from './pages/events.tsx';
import { FinancePage } from './pages/finance.tsx';
import { IntegrationsPage } from './pages/integrations.tsx';
import { InventoryPage } from './pages/inventory.tsx';
import { OrdersPage } from './pages/orders.tsx';
import { OverviewPage } from './pages/overview.tsx';
import { UsersPage } from './pages/users.tsx';
import { WebhooksPage } from './pages/webhooks.tsx';
import { WorkflowsPage } from './pages/workflows.tsx';
import { Link, navigate, usePageFocus, usePath } from './router.tsx';
import { useSession } from './session.tsx';

const PAGE_COMPONENTS: Record<string, ComponentType> = {
  '/': OverviewPage,
  '/inventory': InventoryPage,
  '/orders': OrdersPage,
  '/customers': CustomersPage,
  '/finance': FinancePage,
  '/events': EventsPage,
  '/webhooks': WebhooksPage,
  '/integrations': IntegrationsPage,
  '/workflows': WorkflowsPage,
  '/api-access': ApiAccessPage,
  '/users': UsersPage,
  '/audit': AuditPage,
  '/copilot': CopilotPage,
  '/account': AccountPage,
};

const PUBLIC_PAGES: Record<string, ComponentType> = {
  '/sign-in': SignInPage,
  '/accept-invitation': AcceptInvitationPage,
  '/reset-password': ResetPasswordPage,
};

export function App() {
  const { status } = useSession();
  const path = usePath();
  const Public = PUBLIC_PAGES[path];

  useEffect(() => {
    if (status === 'signed_out' && !Public) navigate('/sign-in', { replace: true });
    if (status === 'signed_in' && path === '/sign-in') navigate('/', { replace: true });
  }, [status, Public, path]);

  if (Public) {
    return (
      <div className="public-layout">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="public-header">
          <p className="brand">Operations console</p>
        </header>
        <main id="main" tabIndex={-1}>
          <Public />
        </main>
      </div>
    );
  }
  if (status !== 'signed_in') {
    return (
      <main id="main" className="loading">
        <p role="status">Loading the console…</p>
      </main>
    );
  }
  return <Shell path={path} />;
}

function Shell({ path }: { path: string }) {
  const { session, signOut } = useSession();
  const scopes = session?.scopes ?? [];
  const page = PAGES.find((candidate) => candidate.path === path);
  const allowed = page ? canOpen(scopes, page) : false;
  const Page = page && allowed ? PAGE_COMPONENTS[page.path] : undefined;
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [path]);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <div className="header-start">
          <p className="brand">
            <Link to="/">Operations console</Link>
          </p>
          <button type="button" className="menu-toggle secondary small" aria-expanded={menuOpen} aria-controls="console-nav" onClick={() => setMenuOpen((open) => !open)}>
            Menu
          </button>
        </div>
        <EnvironmentSwitch />
        <div className="header-user">
          <span className="user-name" title={session?.user.email}>
            {session?.user.name || session?.user.email} <span className="muted">({session?.role.name})</span>
          </span>
          <button type="button" className="secondary small" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <div className="layout">
        <nav id="console-nav" aria-label="Console" className={menuOpen ? 'open' : undefined}>
          <ul>
            {PAGES.filter((candidate) => canOpen(scopes, candidate)).map((candidate) => (
              <li key={candidate.path}>
                <Link to={candidate.path}>{candidate.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1}>
          {Page ? <Page key={`${session?.tenant.id}:${path}`} /> : <Unavailable page={page} />}
        </main>
      </div>
    </div>
  );
}

/** Production and sandbox are separate tenants: the header says which one, and switching is a button. */
function EnvironmentSwitch() {
  const { session, switchEnvironment } = useSession();
  const [problem, setProblem] = useState<Problem | undefined>();
  const [busy, setBusy] = useState(false);
  if (!session) return null;
  const environment = session.tenant.environment;
  const other = environment === 'production' ? 'sandbox' : 'production';
  const switchTo = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      await switchEnvironment(other);
      navigate('/');
    } catch (error) {
      setProblem(toProblem(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="environment">
      <p className={`environment-badge environment-${environment}`} data-testid="environment">
        <span className="visually-hidden">Environment: </span>
        {environment === 'production' ? 'Production' : 'Sandbox'} · {session.tenant.name}
      </p>
      {session.tenant.paired_tenant_id && (
        <button type="button" className="secondary small" disabled={busy} onClick={() => void switchTo()}>
          Switch to {other}
        </button>
      )}
      <ProblemAlert problem={problem} onDismiss={() => setProblem(undefined)} />
    </div>
  );
}

function Unavailable({ page }: { page: PageDefinition | undefined }) {
  usePageFocus(page ? 'Not available' : 'Page not found');
  return (
    <>
      <h1 tabIndex={-1}>{page ? 'Not available' : 'Page not found'}</h1>
      <p>{page ? `Your role does not grant access to ${page.title.toLowerCase()} (needs ${page.anyOf.join(' or ')}).` : 'There is no such page in the console.'}</p>
      <p>
        <Link to="/">Go to the overview</Link>
      </p>
    </>
  );
}
