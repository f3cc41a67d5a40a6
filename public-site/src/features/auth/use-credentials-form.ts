import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { MSG, type Credentials, type Validated } from '@local-creators/common';
import { errorMessage } from '@/lib/api';

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
  /** The failing field's message, shown beside it as well as in the toast. */
  const [errors, setErrors] = useState<Partial<Record<'email' | 'password', string>>>({});

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const checked = opts.validate({ email, password });
    if (!checked.ok) {
      setErrors({ [checked.error.field]: checked.error.message });
      document.getElementById(checked.error.field)?.focus();
      return void toast.error(checked.error.message);
    }
    setErrors({});
    setBusy(true);
    try {
      await opts.submit(checked.value.email, checked.value.password);
      toast.success(opts.successMessage);
      navigate(opts.next);
    } catch (error) {
      toast.error(errorMessage(error, MSG.somethingWrong));
      setBusy(false);
    }
  }

  return {
    email,
    setEmail: (v: string) => {
      setEmail(v);
      setErrors((e) => ({ ...e, email: undefined }));
    },
    password,
    setPassword: (v: string) => {
      setPassword(v);
      setErrors((e) => ({ ...e, password: undefined }));
    },
    busy,
    errors,
    onSubmit,
  };
}
