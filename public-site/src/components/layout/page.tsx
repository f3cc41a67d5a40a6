import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export function Page({
  children,
  className,
  narrow = false,
}: {
  children: ReactNode;
  className?: string;
  narrow?: boolean;
}) {
  return (
    <div className={cn('mx-auto w-full px-4 py-10', narrow ? 'max-w-md' : 'max-w-6xl', className)}>{children}</div>
  );
}

export function PageLoading() {
  return (
    <div className="flex min-h-[100svh] items-center justify-center" role="status" aria-live="polite">
      <div className="size-8 animate-spin rounded-full border-4 border-primary-soft border-t-primary" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
