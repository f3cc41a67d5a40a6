import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';

/** A visible label, its control and an optional hint line (the control points aria-describedby at `${id}-hint` / `${id}-error`). */
export function FormField({
  id,
  label,
  required = false,
  hint,
  error,
  aside,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  /** Shown instead of the hint, as `${id}-error`. */
  error?: string | null;
  /** Right-aligned on the label row, e.g. a character counter. */
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-3">
        {/* The asterisk sits outside the label so the control's name stays exactly `label`; `aria-required` says it. */}
        <span className="inline-flex items-baseline">
          <Label htmlFor={id}>{label}</Label>
          {required && (
            <span className="ml-0.5 text-sm text-destructive" aria-hidden>
              *
            </span>
          )}
        </span>
        {aside}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The wizard's field errors, by field name ('phone', 'media_kit_url', ...). */
export type FieldErrors = Partial<Record<string, string>>;

/** aria-invalid, aria-describedby (the error, else the hint, plus `extra`) and the red border of a control in a FormField. */
export function fieldA11y(id: string, error: string | null | undefined, opts: { hint?: boolean; extra?: string } = {}) {
  const describedBy = [opts.extra, error ? `${id}-error` : opts.hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    className: error ? 'border-destructive' : undefined,
  } as const;
}
