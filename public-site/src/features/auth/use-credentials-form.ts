import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { MSG, type Credentials, type Validated } from '@local-creators/common';
import { errorMessage } from '@/lib/api';
import { useFieldErrors } from '@/lib/field-errors';

/**
 * E-mail + password forms (sign-up, sign-in): the first failing rule as a toast, a busy flag
 * while the call runs, the success toast and the next page, or the server's message.
 */
export function useCredentialsForm(opts: {
  validate: (input: unknown) => Validated<Credentials>;
  submit: (email: string, password: string) => Promise<void>;
  successMessage: string;
  next: string;
}) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  /** The failing field's message, shown beside it as well as in the toast, and focus on it. */
  const { errors, show, clear, reset } = useFieldErrors<'email' | 'password'>();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const checked = opts.validate({ email, password });
    if (!checked.ok) {
      show(checked.error);
      return void toast.error(checked.error.message);
    }
    reset();
    setBusy(true);
    try {
      await opts.submit(checked.value.email, checked.value.password);
      toast.success(opts.successMessage);
      // The console is its own app under /admin: a full page load (decision 0242).
      if (/^\/admin(\/|\?|#|$)/.test(opts.next)) window.location.assign(opts.next);
      else navigate(opts.next);
    } catch (error) {
      toast.error(errorMessage(error, MSG.somethingWrong));
      setBusy(false);
    }
  }

  return {
    email,
    setEmail: (v: string) => {
      setEmail(v);
      clear('email');
    },
    password,
    setPassword: (v: string) => {
      setPassword(v);
      clear('password');
    },
    busy,
    errors,
    onSubmit,
  };
}
