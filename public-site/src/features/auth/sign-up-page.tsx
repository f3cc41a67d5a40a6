import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { MSG, validateSignup, type PublicConfig } from '@local-creators/common';
import { Button } from '@/components/ui/button';
import { Field, Input, fieldErrorProps } from '@/components/ui/input';
import { apiFetch } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { AuthCard } from './auth-card';
import { useCredentialsForm } from './use-credentials-form';

export default function SignUpPage() {
  const { signUp } = useAuth();
  const { formRef, email, setEmail, password, setPassword, busy, errors, onSubmit } = useCredentialsForm({
    validate: validateSignup,
    submit: signUp,
    successMessage: MSG.accountCreated,
    next: '/apply',
  });
  const config = useQuery({
    queryKey: ['config'],
    queryFn: () => apiFetch<PublicConfig>('/api/config', { auth: false }),
  });

  return (
    <AuthCard
      title="Join Local Creators"
      description="Free forever. No fees, no subscription, no card."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-primary hover:underline">
            Sign in
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
        <Field
          label="Password"
          htmlFor="password"
          error={errors.password}
          hint="At least 8 characters with an uppercase letter, a lowercase letter and a number."
        >
          <Input
            id="password"
            type="password"
            autoComplete="new-password"
            {...fieldErrorProps('password', errors.password, true)}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
      {config.data && !config.data.features.googleAuth && (
        <p className="mt-4 rounded-lg bg-muted px-3 py-2 text-center text-xs text-muted-foreground">
          Google sign-in is temporarily unavailable. Please use e-mail and password.
        </p>
      )}
    </AuthCard>
  );
}
