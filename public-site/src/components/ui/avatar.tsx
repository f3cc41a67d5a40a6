import * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * A round frame holding a photo over an initials fallback. The fallback sits underneath, so a
 * missing or broken photo shows the initials without any loading state to manage.
 */
export function Avatar({ className, children, ...props }: React.HTMLAttributes<HTMLSpanElement>) {
  return (
    <span className={cn('relative flex size-12 shrink-0 overflow-hidden rounded-full', className)} {...props}>
      {children}
    </span>
  );
}

export function AvatarImage({ className, alt, onError, ...props }: React.ImgHTMLAttributes<HTMLImageElement>) {
  const [broken, setBroken] = React.useState(false);
  if (broken) return null;
  return (
    <img
      alt={alt}
      className={cn('absolute inset-0 z-10 size-full object-cover', className)}
      onError={(e) => {
        setBroken(true);
        onError?.(e);
      }}
      {...props}
    />
  );
}

export function AvatarFallback({ className, ...props }: React.HTMLAttributes<HTMLSpanElement>) {
  return (
    <span
      aria-hidden
      className={cn('flex size-full items-center justify-center bg-primary-soft font-semibold text-primary', className)}
      {...props}
    />
  );
}
