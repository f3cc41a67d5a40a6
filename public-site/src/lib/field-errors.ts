import { useCallback, useState } from 'react';

/** A failing field as the shared validators name it (`{ field, message }`). */
export interface FieldFailure {
  field: string;
  message: string;
}

/**
 * The failing fields of a form (issue 25; first written for sign-up): each message beside its
 * field (a Field's `error`, the control's aria-invalid through fieldErrorProps) and focus moved to
 * the first of them on the page, so the errors are where the person is, not only in a toast.
 * `idOf` maps a validator's field name to the control's id when they differ ('email' →
 * 'contact_email'). Every failure at once (the validators' `errors`, decision 0660); typing in a
 * field clears its mark.
 */
export function useFieldErrors<F extends string = string>(idOf: (field: F) => string = (field) => field) {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});

  /**
   * Marks the fields (one failure or a validator's list); moves focus to the first of them in the
   * page's order unless `focus` is false (a field not on screen yet).
   */
  const show = (failures: FieldFailure | readonly FieldFailure[], { focus = true } = {}) => {
    const list = Array.isArray(failures) ? (failures as readonly FieldFailure[]) : [failures as FieldFailure];
    setErrors(Object.fromEntries(list.map((f) => [f.field, f.message])) as Partial<Record<F, string>>);
    if (focus) firstOnPage(list.map((f) => idOf(f.field as F)))?.focus();
  };
  const clear = useCallback((field: F) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e)), []);
  const reset = useCallback(() => setErrors({}), []);

  return { errors, show, clear, reset };
}

/** Of these controls, the one that comes first on the page (the validators' order may differ from the layout's). */
export function firstOnPage(ids: readonly string[]): HTMLElement | null {
  const elements = ids.map((id) => document.getElementById(id)).filter((e): e is HTMLElement => !!e);
  return elements.reduce<HTMLElement | null>(
    (first, e) => (!first || first.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_PRECEDING ? e : first),
    null,
  );
}
