import * as React from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

export const Input = React.forwardRef<HTMLInputElement, React.InputHTMLAttributes<HTMLInputElement>>(
  ({ className, ...props }, ref) => (
    <input
      ref={ref}
      className={cn(
        'flex h-10 w-full rounded-lg border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60',
        className,
      )}
      {...props}
    />
  ),
);
Input.displayName = 'Input';

/**
 * A label, a control and an optional hint, stacked. With `error`, the message shows beside the
 * control as `${htmlFor}-error` (the control sets aria-invalid and aria-describedby, see fieldErrorProps).
 */
export function Field({
  label,
  htmlFor,
  hint,
  required,
  error,
  children,
}: {
  label: string;
  htmlFor: string;
  hint?: React.ReactNode;
  required?: boolean;
  error?: string | null;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={htmlFor}>
        {label}
        {required && <span className="text-destructive"> *</span>}
      </Label>
      {children}
      {error && (
        <p id={`${htmlFor}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
      {hint && (
        <div id={`${htmlFor}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </div>
      )}
    </div>
  );
}

/** The accessibility attributes of a control whose field may show an error (and a hint). */
export function fieldErrorProps(id: string, error: string | null | undefined, hasHint = false) {
  const describedBy = [error ? `${id}-error` : null, hasHint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    className: error ? 'border-destructive' : undefined,
  };
}
