import { type ComponentType, useEffect, useState } from 'react';
import { Link, NavLink, Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { type Problem, toProblem } from './api/problem.ts';
import { ProblemAlert } from './components/feedback.tsx';
import { ActionDialog, text } from './components/forms.tsx';
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
import { usePageFocus } from './components/page.tsx';
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

/**
 * The console's routes (react-router in library mode; main.tsx mounts a BrowserRouter with
 * basename /console, and the platform answers index.html for every path under it). The pages
 * before a session have their own layout; every other page is in the Shell, behind a session
 * and its page's scopes.
 */
export function App() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path="sign-in" element={<SignInPage />} />
        <Route path="accept-invitation" element={<AcceptInvitationPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
      </Route>
      <Route element={<Shell />}>
        {PAGES.map((page) => (
          <Route key={page.path} path={page.path} element={<Guarded page={page} />} />
        ))}
        <Route path="*" element={<Unavailable page={undefined} />} />
      </Route>
    </Routes>
  );
}

function PublicLayout() {
  const { status } = useSession();
  const { pathname } = useLocation();
  // Signed in already (a reload, or the session just adopted): the sign-in page has nothing to do.
  if (status === 'signed_in' && pathname === '/sign-in') return <Navigate to="/" replace />;
  return (
    <div className="public-layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="public-header">
        <p className="brand">Operations console</p>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

/** A page of the console, shown only when the session's scopes open it. */
function Guarded({ page }: { page: PageDefinition }) {
  const { session } = useSession();
  const Page = PAGE_COMPONENTS[page.path];
  if (!Page || !canOpen(session?.scopes ?? [], page)) return <Unavailable page={page} />;
  // A new tenant (switching environments) mounts the page afresh: nothing of the other tenant is kept.
  return <Page key={session?.tenant.id} />;
}

function Shell() {
  const { status, session, signOut } = useSession();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [pathname]);
  if (status === 'signed_out') return <Navigate to="/sign-in" replace />;
  if (status !== 'signed_in') {
    return (
      <main id="main" className="loading">
        <p role="status">Loading the console…</p>
      </main>
    );
  }
  const scopes = session?.scopes ?? [];
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
                {/* NavLink marks the current page with aria-current="page"; `end` keeps "/" from matching every page. */}
                <NavLink to={candidate.path} end>
                  {candidate.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/** Production and sandbox are separate tenants: the header says which one, and switching is a button. */
function EnvironmentSwitch() {
  const { session, switchEnvironment } = useSession();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<Problem | undefined>();
  const [busy, setBusy] = useState(false);
  // The user switched to has two-factor authentication: its code is asked for.
  const [askingCode, setAskingCode] = useState(false);
  if (!session) return null;
  const environment = session.tenant.environment;
  const other = environment === 'production' ? 'sandbox' : 'production';
  const switchTo = async (code?: string) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await switchEnvironment(other, code);
      setAskingCode(false);
      void navigate('/');
    } catch (error) {
      const refused = toProblem(error);
      if (refused.code === 'invalid_totp_code' && code === undefined) setAskingCode(true);
      else if (code !== undefined) throw error;
      else setProblem(refused);
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
      {askingCode && (
        <ActionDialog
          title={`Switch to ${other}`}
          description={`Your ${other} user has two-factor authentication: enter the code your authenticator app shows for it.`}
          fields={[{ name: 'code', label: 'Authenticator code', required: true, autoComplete: 'one-time-code' }]}
          submitLabel="Switch"
          onSubmit={(values) => switchTo(text(values, 'code'))}
          onClose={() => setAskingCode(false)}
        />
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
