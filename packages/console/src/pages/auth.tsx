import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { type Providers, type Session, auth, oidcStartUrl } from '../api/auth.ts';
import { Notice } from '../components/feedback.tsx';
import { type FieldSpec, SpecForm, text } from '../components/forms.tsx';
import { PageTitle } from '../components/page.tsx';
import { useSession } from '../session.tsx';

/** Only the tenant id is remembered between visits (a convenience; it is not a secret). */
const LAST_TENANT = 'console.last_tenant_id';

/** Sign-in errors the OIDC callback reports in `?error=`. */
const OIDC_ERRORS: Record<string, string> = {
  invalid_credentials: 'The identity provider did not confirm an account of this tenant.',
  oidc_failed: 'Single sign-on failed. Try again or sign in with your password.',
};

/** A one-time token passed in the URL fragment (never sent to the server with the page request), then removed from the address bar. */
function useFragmentToken(): string {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => new URLSearchParams(location.hash.slice(1)).get('token') ?? '');
  useEffect(() => {
    if (location.hash) void navigate({ pathname: location.pathname, search: location.search, hash: '' }, { replace: true });
  }, [location, navigate]);
  return token;
}

const NEW_PASSWORD: FieldSpec = { name: 'password', label: 'New password', type: 'password', required: true, autoComplete: 'new-password', minLength: 12, hint: 'At least 12 characters; a long phrase is best. Common or breached passwords are refused.' };

export function SignInPage() {
  const { adopt, endedBecause } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [tenantId, setTenantId] = useState(() => params.get('tenant_id') ?? localStorage.getItem(LAST_TENANT) ?? '');
  const [providers, setProviders] = useState<Providers | undefined>();
  const [challenge, setChallenge] = useState<string | undefined>();
  const oidcError = params.get('error');

  useEffect(() => {
    setProviders(undefined);
    if (!/^ten_[A-Za-z0-9]+$/.test(tenantId.trim())) return;
    const timer = setTimeout(() => {
      auth.providers(tenantId.trim()).then(setProviders, () => setProviders(undefined));
    }, 300);
    return () => clearTimeout(timer);
  }, [tenantId]);

  const signedIn = (session: Session) => {
    localStorage.setItem(LAST_TENANT, session.tenant.id);
    adopt(session);
    void navigate('/', { replace: true });
  };

  if (challenge) {
    return (
      <div className="auth-card">
        <PageTitle title="Two-factor authentication">Enter the 6-digit code your authenticator app shows for this account.</PageTitle>
        <SpecForm
          fields={[{ name: 'code', label: 'Authentication code', required: true, autoComplete: 'one-time-code', placeholder: '123456' }]}
          submitLabel="Verify"
          onSubmit={async (values) => signedIn(await auth.signInTotp({ challenge_token: challenge, code: text(values, 'code').replace(/\s/g, '') }))}
        />
        <p>
          <button type="button" className="button-link" onClick={() => setChallenge(undefined)}>
            Start over
          </button>
        </p>
      </div>
    );
  }

  return (
    <div className="auth-card">
      <PageTitle title="Sign in">Sign in to your organisation&apos;s tenant with your e-mail address and password.</PageTitle>
      {endedBecause && <Notice>{endedBecause}</Notice>}
      {oidcError && (
        <div role="alert" className="alert alert-error">
          <p>{OIDC_ERRORS[oidcError] ?? 'Single sign-on did not complete.'}</p>
          <p className="alert-meta">
            Code <code>{oidcError}</code>
          </p>
        </div>
      )}
      <SpecForm
        fields={[
          { name: 'tenant_id', label: 'Tenant id', required: true, placeholder: 'ten_…', autoComplete: 'organization', defaultValue: tenantId },
          { name: 'email', label: 'E-mail', type: 'email', required: true, autoComplete: 'username' },
          { name: 'password', label: 'Password', type: 'password', required: true, autoComplete: 'current-password' },
        ]}
        submitLabel="Sign in"
        busyLabel="Signing in…"
        onSubmit={async (values) => {
          setTenantId(text(values, 'tenant_id'));
          const answer = await auth.signIn({ tenant_id: text(values, 'tenant_id'), email: text(values, 'email'), password: typeof values.password === 'string' ? values.password : '' });
          if (answer.status === 'totp_required') setChallenge(answer.challenge_token);
          else signedIn(answer);
        }}
      >
        <TenantWatcher onTenant={setTenantId} />
      </SpecForm>
      {providers?.oidc && (
        <p className="sso">
          <a className="button" href={providers.oidc.start_url || oidcStartUrl(tenantId.trim())}>
            Sign in with {providers.oidc.display_name}
          </a>
        </p>
      )}
      <p>
        <Link to="/reset-password">Forgot your password?</Link>
      </p>
    </div>
  );
}

/** Follows the tenant id input (for the single sign-on button) without owning the form's state. */
function TenantWatcher({ onTenant }: { onTenant: (tenantId: string) => void }) {
  useEffect(() => {
    const input = document.querySelector<HTMLInputElement>('input[name="tenant_id"]');
    if (!input) return;
    const listener = () => onTenant(input.value);
    input.addEventListener('input', listener);
    return () => input.removeEventListener('input', listener);
  }, [onTenant]);
  return null;
}

export function AcceptInvitationPage() {
  const { adopt } = useSession();
  const navigate = useNavigate();
  const token = useFragmentToken();
  return (
    <div className="auth-card">
      <PageTitle title="Accept your invitation">Choose the password you will sign in with.</PageTitle>
      {token ? (
        <SpecForm
          fields={[{ name: 'name', label: 'Your name', autoComplete: 'name' }, NEW_PASSWORD, { ...NEW_PASSWORD, name: 'confirm', label: 'Repeat the password', hint: undefined }]}
          submitLabel="Set password and sign in"
          onSubmit={async (values) => {
            if (values.password !== values.confirm) throw new Error('The two passwords differ.');
            const session = await auth.acceptInvitation({ token, password: String(values.password), ...(text(values, 'name') && { name: text(values, 'name') }) });
            localStorage.setItem(LAST_TENANT, session.tenant.id);
            adopt(session);
            void navigate('/', { replace: true });
          }}
        />
      ) : (
        <p role="alert" className="alert alert-error">
          This link has no invitation token. Open the link from your invitation exactly as you received it, or ask an administrator for a new one.
        </p>
      )}
    </div>
  );
}

export function ResetPasswordPage() {
  const token = useFragmentToken();
  const [done, setDone] = useState<string | undefined>();
  if (done) {
    return (
      <div className="auth-card">
        <PageTitle title="Reset your password" />
        <Notice>{done}</Notice>
        <p>
          <Link to="/sign-in">Go to sign-in</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="auth-card">
      {token ? (
        <>
          <PageTitle title="Reset your password">Choose a new password. Every session of your account is signed out.</PageTitle>
          <SpecForm
            fields={[NEW_PASSWORD, { ...NEW_PASSWORD, name: 'confirm', label: 'Repeat the password', hint: undefined }]}
            submitLabel="Set new password"
            onSubmit={async (values) => {
              if (values.password !== values.confirm) throw new Error('The two passwords differ.');
              await auth.completePasswordReset({ token, password: String(values.password) });
              setDone('Your password was changed. Sign in with it now.');
            }}
          />
        </>
      ) : (
        <>
          <PageTitle title="Reset your password">We send a reset link to your e-mail address if it belongs to an account of this tenant.</PageTitle>
          <SpecForm
            fields={[
              { name: 'tenant_id', label: 'Tenant id', required: true, placeholder: 'ten_…', defaultValue: localStorage.getItem(LAST_TENANT) ?? '' },
              { name: 'email', label: 'E-mail', type: 'email', required: true, autoComplete: 'username' },
            ]}
            submitLabel="Send reset link"
            onSubmit={async (values) => {
              await auth.requestPasswordReset({ tenant_id: text(values, 'tenant_id'), email: text(values, 'email') });
              setDone('If the address belongs to an account, a reset link is on its way. It is valid for one hour.');
            }}
          />
        </>
      )}
      <p>
        <Link to="/sign-in">Back to sign-in</Link>
      </p>
    </div>
  );
}
