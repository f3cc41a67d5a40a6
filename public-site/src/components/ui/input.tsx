import * as React from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

export const Input = React.forwardRef<HTMLInputElement, React.InputHTMLAttributes<HTMLInputElement>>(({ className, ...props }, ref) => (
  <input
    ref={ref}
    className={cn(
      'flex h-10 w-full rounded-lg border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60',
      className,
    )}
    {...props}
  />
));
Input.displayName = 'Input';

/** A label, a control and an optional hint, stacked. */
export function Field({ label, htmlFor, hint, required, children }: { label: string; htmlFor: string; hint?: React.ReactNode; required?: boolean; children: React.ReactNode }) {
  return (
    <div className="space-y-2">
      <Label htmlFor={htmlFor}>
        {label}
        {required && <span className="text-destructive"> *</span>}
      </Label>
      {children}
      {hint && <div className="text-xs text-muted-foreground">{hint}</div>}
    </div>
  );
}
