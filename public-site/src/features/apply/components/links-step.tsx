import { LIMITS } from '@local-creators/common';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import type { Draft, SetDraft } from './draft';
import { FormField, fieldA11y, type FieldErrors } from './form-field';

export function LinksStep({ draft, set, errors = {} }: { draft: Draft; set: SetDraft; errors?: FieldErrors }) {
  return (
    <div className="space-y-5">
      <FormField
        id="media_kit_url"
        error={errors.media_kit_url}
        label="Media kit URL"
        hint="Optional. A PDF or page with your rates and past work."
      >
        <Input
          id="media_kit_url"
          type="url"
          inputMode="url"
          value={draft.media_kit_url}
          maxLength={LIMITS.urlMax}
          placeholder="https://"
          {...fieldA11y('media_kit_url', errors.media_kit_url, { hint: true })}
          onChange={(e) => set('media_kit_url', e.target.value)}
        />
      </FormField>
      <FormField
        id="link_hub_url"
        error={errors.link_hub_url}
        label="Link hub URL"
        hint="Optional. Linktree, Beacons or your own page."
      >
        <Input
          id="link_hub_url"
          type="url"
          inputMode="url"
          value={draft.link_hub_url}
          maxLength={LIMITS.urlMax}
          placeholder="https://"
          {...fieldA11y('link_hub_url', errors.link_hub_url, { hint: true })}
          onChange={(e) => set('link_hub_url', e.target.value)}
        />
      </FormField>
      <div className="flex items-start justify-between gap-4 rounded-xl border border-border p-4">
        <div className="space-y-1">
          <Label htmlFor="can_use_name_publicly">Can we list your name publicly?</Label>
          <p id="can_use_name_publicly-hint" className="text-xs text-muted-foreground">
            If not, the directory shows your first platform handle instead of your name.
          </p>
        </div>
        <Switch
          id="can_use_name_publicly"
          checked={draft.can_use_name_publicly}
          aria-describedby="can_use_name_publicly-hint"
          onCheckedChange={(checked) => set('can_use_name_publicly', checked)}
        />
      </div>
    </div>
  );
}
