import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { MSG, type Credentials, type Validated } from '@local-creators/common';
import { errorMessage } from '@/lib/api';
import { useFieldErrors } from '@/lib/field-errors';
import { useSubmitHeldBeforeHydration, useTypedBeforeHydration } from '@/lib/typed-before-hydration';

/**
 * E-mail + password forms (sign-up, sign-in): the first failing rule as a toast, a busy flag
 * while the call runs, the success toast and the next page, or the server's message. The server
 * draws them (decision 0670): give the form `ref={formRef}` and `data-hold-submit`, and what was
 * typed or sent before the scripts ran is taken over and sent once they run.
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
  const formRef = useRef<HTMLFormElement>(null);
  // The fields have ids and no names: a form the browser sent itself must not put them in an address.
  useTypedBeforeHydration(formRef, (id, value) => {
    if (id === 'email') setEmail(value);
    else if (id === 'password') setPassword(value);
  });
  const heldForNow = useSubmitHeldBeforeHydration(formRef);

  async function onSubmit(e: FormEvent) {
    if (heldForNow(e)) return;
    e.preventDefault();
    if (busy) return;
    const checked = opts.validate({ email, password });
    if (!checked.ok) {
      show(checked.errors);
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
    formRef,
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
