import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import {
  MSG,
  PASSWORD_UPDATE_REDIRECT_MS,
  firstNewPasswordError,
  pathAfterSignIn,
  validateRecoveryRequest,
  validateSignin,
} from '@local-creators/common';
import { Button } from '@/components/ui/button';
import { Field, Input, fieldErrorProps } from '@/components/ui/input';
import { ApiRequestError, errorMessage } from '@/lib/api';
import { useFieldErrors } from '@/lib/field-errors';
import { useAuth } from '@/lib/auth';
import { sessionClient } from '@/lib/session';
import { AuthCard } from './auth-card';
import { useCredentialsForm } from './use-credentials-form';

type Mode = 'sign-in' | 'reset' | 'checking-link' | 'new-password';

/** The recovery link lands here as /login#access_token=…&type=recovery. */
function readRecoveryHash(): string | null {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return params.get('type') === 'recovery' ? params.get('access_token') : null;
}

export default function LoginPage() {
  const { checkRecoveryLink } = useAuth();
  // The sign-in form first, as the server draws it (it never sees the address's fragment): a reset
  // link shows "Checking your reset link" once the scripts run (decision 0670).
  const [recoveryToken, setRecoveryToken] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('sign-in');

  // The link the page was opened with, and one opened in a tab already on /login (only the hash changes).
  useEffect(() => {
    function onHashChange() {
      const token = readRecoveryHash();
      if (!token) return;
      setRecoveryToken(token);
      setMode('checking-link');
    }
    onHashChange();
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  useEffect(() => {
    if (!recoveryToken) return;
    // Keep the token out of the address bar (and out of history and referrers).
    window.history.replaceState(null, '', '/login');
    let current = true;
    // A spent, expired or forged link says so now, not after the new password was typed twice.
    checkRecoveryLink(recoveryToken).then(
      () => {
        if (!current) return;
        setMode('new-password');
        sessionClient.emit('PASSWORD_RECOVERY');
        toast.info(MSG.enterNewPassword);
      },
      (error: unknown) => {
        if (!current) return;
        toast.error(errorMessage(error, MSG.recoveryLinkInvalid));
        setMode('reset');
      },
    );
    return () => {
      current = false;
    };
  }, [recoveryToken]); // checked once per link, when it opens

  if (mode === 'checking-link') return <CheckingLink />;
  if (mode === 'new-password' && recoveryToken)
    return <NewPasswordForm token={recoveryToken} onLinkDead={() => setMode('reset')} />;
  if (mode === 'reset') return <ResetRequestForm onBack={() => setMode('sign-in')} />;
  return <SignInForm onForgot={() => setMode('reset')} />;
}

function CheckingLink() {
  return (
    <AuthCard title="Set a new password" description="Checking your reset link...">
      <p className="text-center text-sm text-muted-foreground" role="status">
        One moment.
      </p>
    </AuthCard>
  );
}

function SignInForm({ onForgot }: { onForgot: () => void }) {
  const { signIn } = useAuth();
  const location = useLocation();
  const { formRef, email, setEmail, password, setPassword, busy, errors, onSubmit } = useCredentialsForm({
    validate: validateSignin,
    submit: signIn,
    successMessage: MSG.welcomeBack,
    // An admin the console sent here goes back to it (decision 0242); everyone else to /dashboard.
    next: pathAfterSignIn(new URLSearchParams(location.search).get('next')),
  });

  return (
    <AuthCard
      title="Welcome back"
      description="Sign in to manage your creator profile."
      footer={
        <>
          New here?{' '}
          <Link to="/signup" className="font-semibold text-primary hover:underline">
            Join free
          </Link>
        </>
      }
    >
      <form ref={formRef} onSubmit={onSubmit} className="space-y-4" noValidate data-hold-submit>
        <Field label="Email" htmlFor="email" error={errors.email}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            {...fieldErrorProps('email', errors.email)}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="you@example.com"
          />
        </Field>
        <Field label="Password" htmlFor="password" error={errors.password}>
          <Input
            id="password"
            type="password"
            autoComplete="current-password"
            {...fieldErrorProps('password', errors.password)}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <div className="flex justify-end">
          <Button type="button" variant="link" className="h-auto p-0" onClick={onForgot}>
            Forgot password?
          </Button>
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>
    </AuthCard>
  );
}

function ResetRequestForm({ onBack }: { onBack: () => void }) {
  const { requestPasswordReset } = useAuth();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const { errors, show, reset } = useFieldErrors<'email'>(() => 'reset-email');
  const emailError = errors.email;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const checked = validateRecoveryRequest({ email });
    if (!checked.ok) {
      show(checked.error);
      return void toast.error(checked.error.message);
    }
    reset();
    setBusy(true);
    try {
      await requestPasswordReset(checked.value.email);
      toast.success(MSG.resetEmailSent);
    } catch (error) {
      toast.error(errorMessage(error, MSG.somethingWrong));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Reset your password" description="We'll e-mail you a link to set a new one.">
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <Field label="Email" htmlFor="reset-email" error={emailError}>
          <Input
            id="reset-email"
            type="email"
            autoComplete="email"
            {...fieldErrorProps('reset-email', emailError)}
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              reset();
            }}
            placeholder="you@example.com"
          />
        </Field>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Sending...' : 'Send Reset Link'}
        </Button>
        <Button type="button" variant="outline" className="w-full" onClick={onBack}>
          Back to Login
        </Button>
      </form>
    </AuthCard>
  );
}

function NewPasswordForm({ token, onLinkDead }: { token: string; onLinkDead: () => void }) {
  const { updatePassword } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  /** The failing fields and their messages, shown beside them as well as in the toast, and focus on the first. */
  const { errors, show, reset } = useFieldErrors<'new-password' | 'confirm-password'>();
  const errorOf = (field: 'new-password' | 'confirm-password') => errors[field];

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const message = firstNewPasswordError(password, confirm);
    if (message) {
      // Both fields' failures at once (decision 0660): the policy on the password, a mismatch on the confirmation.
      const failures = [
        { field: 'new-password', message: firstNewPasswordError(password) },
        { field: 'confirm-password', message: password !== confirm ? MSG.passwordsDoNotMatch : null },
      ].filter((f): f is { field: 'new-password' | 'confirm-password'; message: string } => !!f.message);
      show(failures);
      return void toast.error(message);
    }
    reset();
    setBusy(true);
    try {
      await updatePassword(password, token);
      toast.success(MSG.passwordUpdated);
      window.setTimeout(() => navigate('/dashboard'), PASSWORD_UPDATE_REDIRECT_MS);
    } catch (error) {
      toast.error(errorMessage(error, MSG.somethingWrong));
      setBusy(false);
      // The link died meanwhile (used elsewhere, expired, or replaced by a newer one): ask for another.
      if (error instanceof ApiRequestError && error.status === 401) onLinkDead();
    }
  }

  return (
    <AuthCard title="Set a new password" description="Choose a new password for your account.">
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <Field
          label="New password"
          htmlFor="new-password"
          error={errorOf('new-password')}
          hint="At least 8 characters with an uppercase letter, a lowercase letter and a number."
        >
          <Input
            id="new-password"
            type="password"
            autoComplete="new-password"
            {...fieldErrorProps('new-password', errorOf('new-password'), true)}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              reset();
            }}
          />
        </Field>
        <Field label="Confirm password" htmlFor="confirm-password" error={errorOf('confirm-password')}>
          <Input
            id="confirm-password"
            type="password"
            autoComplete="new-password"
            {...fieldErrorProps('confirm-password', errorOf('confirm-password'))}
            value={confirm}
            onChange={(e) => {
              setConfirm(e.target.value);
              reset();
            }}
          />
        </Field>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Updating...' : 'Update Password'}
        </Button>
      </form>
    </AuthCard>
  );
}
