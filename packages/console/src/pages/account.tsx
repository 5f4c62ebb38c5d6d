import { useState } from 'react';
import { auth } from '../api/auth.ts';
import { type Problem, toProblem } from '../api/problem.ts';
import { Notice, ProblemAlert } from '../components/feedback.tsx';
import { SpecForm, text } from '../components/forms.tsx';
import { PageTitle, Section } from '../components/page.tsx';
import { formatTime } from '../format.ts';
import { useSession } from '../session.tsx';

export function AccountPage() {
  const { session, adopt, csrf, signOut, signOutEverywhere } = useSession();
  const [notice, setNotice] = useState<string | undefined>();
  const [problem, setProblem] = useState<Problem | undefined>();
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauth_uri: string } | undefined>();
  if (!session) return null;

  const attempt = async (work: () => Promise<void>) => {
    setProblem(undefined);
    setNotice(undefined);
    try {
      await work();
    } catch (error) {
      setProblem(toProblem(error));
    }
  };

  return (
    <>
      <PageTitle title="Account">Your sign-in, second factor and sessions.</PageTitle>
      <ProblemAlert problem={problem} onDismiss={() => setProblem(undefined)} />
      <Notice>{notice}</Notice>
      <Section title="Profile">
        <dl className="facts">
          <dt>E-mail</dt>
          <dd>{session.user.email}</dd>
          <dt>Name</dt>
          <dd>{session.user.name ?? '—'}</dd>
          <dt>Role</dt>
          <dd>{session.role.name}</dd>
          <dt>Tenant</dt>
          <dd>
            {session.tenant.name} (<code>{session.tenant.id}</code>, {session.tenant.environment})
          </dd>
          <dt>Signed in by</dt>
          <dd>{session.session.method}</dd>
          <dt>Session ends at the latest</dt>
          <dd>{formatTime(session.session.expires_at)}</dd>
          <dt>Scopes</dt>
          <dd className="scopes">{session.scopes.join(' ')}</dd>
        </dl>
      </Section>
      <Section title="Change password">
        <p>Your other sessions are signed out when the password changes.</p>
        <SpecForm
          fields={[
            { name: 'current_password', label: 'Current password', type: 'password', required: true, autoComplete: 'current-password' },
            { name: 'new_password', label: 'New password', type: 'password', required: true, autoComplete: 'new-password', minLength: 12, hint: 'At least 12 characters; common or breached passwords are refused.' },
          ]}
          submitLabel="Change password"
          onSubmit={async (values) => {
            await auth.changePassword(csrf(), { current_password: String(values.current_password), new_password: String(values.new_password) });
            setNotice('Your password was changed; your other sessions were signed out.');
          }}
        />
      </Section>
      <Section title="Two-factor authentication">
        {session.user.totp_enabled ? (
          <>
            <p>
              <strong>On.</strong> Signing in asks for a code from your authenticator app.
            </p>
            <SpecForm
              fields={[{ name: 'code', label: 'Current code to turn it off', required: true, autoComplete: 'one-time-code' }]}
              submitLabel="Turn off two-factor authentication"
              onSubmit={async (values) => {
                adopt(await auth.totpDisable(csrf(), text(values, 'code')));
                setNotice('Two-factor authentication is off.');
              }}
            />
          </>
        ) : enrolment ? (
          <>
            <p>Add this account to your authenticator app (scan the link as a QR code in your password manager, or type the secret), then enter the code it shows.</p>
            <dl className="facts">
              <dt>Secret</dt>
              <dd>
                <code data-testid="totp-secret">{enrolment.secret}</code>
              </dd>
              <dt>otpauth URI</dt>
              <dd>
                <code className="wrap" data-testid="totp-uri">
                  {enrolment.otpauth_uri}
                </code>
              </dd>
            </dl>
            <SpecForm
              fields={[{ name: 'code', label: 'Code from your app', required: true, autoComplete: 'one-time-code' }]}
              submitLabel="Confirm and turn on"
              onSubmit={async (values) => {
                adopt(await auth.totpConfirm(csrf(), text(values, 'code')));
                setEnrolment(undefined);
                setNotice('Two-factor authentication is on.');
              }}
            />
          </>
        ) : (
          <>
            <p>
              <strong>Off.</strong> Add a second factor: a time-based code from an authenticator app.
            </p>
            <button type="button" onClick={() => void attempt(async () => setEnrolment(await auth.totpSetup(csrf())))}>
              Set up two-factor authentication
            </button>
          </>
        )}
      </Section>
      <Section title="Sessions">
        <p>Sign out here, or on every device and browser where you are signed in (both environments).</p>
        <div className="button-row">
          <button type="button" className="secondary" onClick={() => void attempt(signOut)}>
            Sign out
          </button>
          <button type="button" className="danger" onClick={() => void attempt(signOutEverywhere)}>
            Sign out everywhere
          </button>
        </div>
      </Section>
    </>
  );
}
