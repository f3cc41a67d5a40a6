import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';
import { STEPS, type Step } from './draft';

/** Four numbered steps; the current one is aria-current="step". */
export function WizardProgress({ step }: { step: Step }) {
  return (
    <ol className="flex items-center gap-2" aria-label="Application progress">
      {STEPS.map((s, i) => {
        const done = s.step < step;
        const current = s.step === step;
        return (
          <li
            key={s.step}
            className="flex flex-1 items-center gap-2 last:flex-none"
            aria-current={current ? 'step' : undefined}
          >
            <span className="flex items-center gap-2">
              <span
                className={cn(
                  'flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold transition-colors',
                  done && 'border-primary bg-primary text-primary-foreground',
                  current && 'border-primary bg-background text-primary',
                  !done && !current && 'border-border bg-background text-muted-foreground',
                )}
              >
                {done ? <Check className="size-4" aria-hidden /> : s.step}
              </span>
              <span
                className={cn(
                  'hidden text-sm md:inline',
                  current ? 'font-semibold text-foreground' : 'text-muted-foreground',
                )}
              >
                {s.short}
                {done && <span className="sr-only"> (done)</span>}
              </span>
              <span className="sr-only md:hidden">{s.short}</span>
            </span>
            {i < STEPS.length - 1 && (
              <span className={cn('h-0.5 flex-1 rounded-full', done ? 'bg-primary' : 'bg-border')} aria-hidden />
            )}
          </li>
        );
      })}
    </ol>
  );
}
