import { Check } from 'lucide-react';
import { COLLAB_TYPES, CONTENT_TYPES, NICHES } from '@local-creators/common';
import { cn } from '@/lib/utils';
import type { Draft, SetDraft } from './draft';

/** Multi-select as toggle buttons (aria-pressed), grouped in a fieldset. */
function ToggleChips<T extends string>({
  id,
  legend,
  hint,
  options,
  value,
  onChange,
}: {
  id: string;
  legend: string;
  hint: string;
  options: readonly T[];
  value: T[];
  onChange: (next: T[]) => void;
}) {
  return (
    <fieldset aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium">
        {legend}
        <span className="ml-0.5 text-destructive" aria-hidden>
          *
        </span>
        <span className="ml-2 text-xs font-normal text-muted-foreground">
          {value.length > 0 ? `${value.length} selected` : 'Choose at least one'}
        </span>
      </legend>
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted-foreground">
        {hint}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {options.map((option) => {
          const on = value.includes(option);
          return (
            <button
              key={option}
              type="button"
              aria-pressed={on}
              onClick={() => onChange(on ? value.filter((v) => v !== option) : [...value, option])}
              className={cn(
                'inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                on
                  ? 'border-primary bg-primary text-primary-foreground shadow-sm hover:bg-primary/90'
                  : 'border-border bg-background text-foreground hover:border-primary/50 hover:bg-primary/5',
              )}
            >
              {on && <Check className="size-3.5" aria-hidden />}
              {option}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

export function ChoicesStep({ draft, set }: { draft: Draft; set: SetDraft }) {
  return (
    <div className="space-y-8">
      <ToggleChips
        id="niches"
        legend="Niches"
        hint="The topics your audience follows you for."
        options={NICHES}
        value={draft.niches}
        onChange={(v) => set('niches', v)}
      />
      <ToggleChips
        id="content-types"
        legend="Content types"
        hint="The formats you make."
        options={CONTENT_TYPES}
        value={draft.content_types}
        onChange={(v) => set('content_types', v)}
      />
      <ToggleChips
        id="collab-types"
        legend="Collaboration types"
        hint="How you like to work with brands."
        options={COLLAB_TYPES}
        value={draft.collab_types}
        onChange={(v) => set('collab_types', v)}
      />
    </div>
  );
}
