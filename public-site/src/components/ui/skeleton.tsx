import * as React from 'react';
import { cn } from '@/lib/utils';

/** A grey placeholder block with the shape of content that is still loading. */
export function Skeleton({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}
