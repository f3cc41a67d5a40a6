import { Link } from 'react-router-dom';
import { ArrowRight, CircleCheck, CircleX, Clock, PhoneCall, Sparkles, type LucideIcon } from 'lucide-react';
import type { DashboardLabel, DashboardStatus } from '@local-creators/common';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/utils';

const ICONS: Record<DashboardLabel, LucideIcon> = {
  Approved: CircleCheck,
  'Pending Verification': PhoneCall,
  Rejected: CircleX,
  'Pending Review': Clock,
  'No Application': Sparkles,
};

const TONES: Record<
  DashboardStatus['tone'],
  { icon: string; badge: 'success' | 'warning' | 'destructive' | 'secondary' | 'outline' }
> = {
  success: { icon: 'bg-success/10 text-success', badge: 'success' },
  warning: { icon: 'bg-warning/10 text-warning', badge: 'warning' },
  danger: { icon: 'bg-destructive/10 text-destructive', badge: 'destructive' },
  info: { icon: 'bg-primary/10 text-primary', badge: 'secondary' },
  neutral: { icon: 'bg-primary/10 text-primary', badge: 'outline' },
};

export function StatusCard({ status, hasProfile }: { status: DashboardStatus; hasProfile: boolean }) {
  const Icon = ICONS[status.label];
  const tone = TONES[status.tone];
  return (
    <Card className={cn(!hasProfile && 'border-primary/30 bg-gradient-to-br from-primary/5 to-transparent')}>
      <CardContent className="flex flex-col gap-5 p-5 sm:flex-row sm:items-center sm:p-6">
        <div className="flex min-w-0 flex-1 items-start gap-4 sm:items-center">
          <div className={cn('flex size-12 shrink-0 items-center justify-center rounded-2xl sm:size-14', tone.icon)}>
            <Icon className="size-6 sm:size-7" aria-hidden />
          </div>
          <div className="min-w-0 flex-1 space-y-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-lg font-semibold tracking-tight">{status.title}</h2>
              <Badge variant={tone.badge} data-testid="status-label">
                {status.label}
              </Badge>
            </div>
            <p className="text-sm text-muted-foreground" data-testid="status-message">
              {status.message}
            </p>
          </div>
        </div>
        {!hasProfile && (
          <Button asChild size="lg" className="w-full sm:w-auto">
            <Link to="/apply">
              Start Your Application <ArrowRight aria-hidden />
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
