import { LIMITS } from '@local-creators/common';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { FLAVOR } from '@/lib/site-config';
import { cn } from '@/lib/utils';
import type { Draft, SetDraft } from './draft';
import { FormField, fieldA11y, type FieldErrors } from './form-field';
import { ProfilePhotoField } from './profile-photo-field';

/** The city's own neighbourhoods as examples, else no names at all (decision 0654). */
const neighborhoodHint = () =>
  FLAVOR.neighborhoodExamples
    ? `Optional, e.g. ${FLAVOR.neighborhoodExamples}.`
    : 'Optional: the part of town you live and create in.';

export function BasicInfoStep({
  draft,
  set,
  imageUrl,
  onImageChange,
  errors = {},
}: {
  errors?: FieldErrors;
  draft: Draft;
  set: SetDraft;
  imageUrl: string | null;
  onImageChange: (url: string | null) => void;
}) {
  const bioLength = draft.bio.length;
  return (
    <div className="space-y-5">
      <ProfilePhotoField name={draft.full_name.trim()} url={imageUrl} onChange={onImageChange} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="full_name" label="Full name" required error={errors.full_name}>
          <Input
            id="full_name"
            value={draft.full_name}
            maxLength={LIMITS.nameMax}
            autoComplete="name"
            aria-required
            {...fieldA11y('full_name', errors.full_name)}
            placeholder="Jordan Reed"
            onChange={(e) => set('full_name', e.target.value)}
          />
        </FormField>
        <FormField
          id="phone"
          label="Phone number"
          required
          error={errors.phone}
          hint="We call or text this number to verify you. Never shown publicly."
        >
          <Input
            id="phone"
            type="tel"
            inputMode="tel"
            value={draft.phone}
            maxLength={LIMITS.phoneMax}
            autoComplete="tel"
            aria-required
            {...fieldA11y('phone', errors.phone, { hint: true })}
            placeholder={FLAVOR.phoneExample}
            onChange={(e) => set('phone', e.target.value)}
          />
        </FormField>
      </div>
      <FormField id="neighborhood" label="Neighborhood" error={errors.neighborhood} hint={neighborhoodHint()}>
        <Input
          id="neighborhood"
          value={draft.neighborhood}
          maxLength={LIMITS.neighborhoodMax}
          autoComplete="address-level3"
          {...fieldA11y('neighborhood', errors.neighborhood, { hint: true })}
          onChange={(e) => set('neighborhood', e.target.value)}
        />
      </FormField>
      <FormField
        id="bio"
        label="Short bio"
        required
        error={errors.bio}
        hint="What do you create, and who watches it? Brands read this first."
        aside={
          <span
            id="bio-count"
            aria-live="polite"
            className={cn(
              'text-xs tabular-nums text-muted-foreground',
              bioLength >= LIMITS.bioMax && 'font-medium text-warning',
            )}
          >
            {bioLength}/{LIMITS.bioMax}
          </span>
        }
      >
        <Textarea
          id="bio"
          rows={4}
          value={draft.bio}
          maxLength={LIMITS.bioMax}
          aria-required
          {...fieldA11y('bio', errors.bio, { hint: true, extra: 'bio-count' })}
          placeholder={FLAVOR.bioExample}
          onChange={(e) => set('bio', e.target.value.slice(0, LIMITS.bioMax))}
        />
      </FormField>
    </div>
  );
}
