import { useCallback, useState } from 'react';

/** A failing field as the shared validators name it (`{ field, message }`). */
export interface FieldFailure {
  field: string;
  message: string;
}

/**
 * The failing field of a form (issue 25; first written for sign-up): its message beside it
 * (a Field's `error`, the control's aria-invalid through fieldErrorProps) and focus moved to it,
 * so the error is where the person is, not only in a toast. `idOf` maps a validator's field name
 * to the control's id when they differ ('email' → 'contact_email'). One failure at a time, as the
 * validators report the first; typing in a field clears its mark.
 */
export function useFieldErrors<F extends string = string>(idOf: (field: F) => string = (field) => field) {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});

  /** Marks the field; moves focus to it unless `focus` is false (a field not on screen yet). */
  const show = (failure: FieldFailure, { focus = true } = {}) => {
    const field = failure.field as F;
    setErrors({ [field]: failure.message } as Partial<Record<F, string>>);
    if (focus) document.getElementById(idOf(field))?.focus();
  };
  const clear = useCallback((field: F) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e)), []);
  const reset = useCallback(() => setErrors({}), []);

  return { errors, show, clear, reset };
}
