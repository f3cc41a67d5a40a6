import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CircleAlert, Plus, Trash2 } from 'lucide-react';
import {
  formatCount,
  LIMITS,
  MSG,
  PLATFORM_NAMES,
  linkFrom,
  totalFollowers,
  type PlatformInput,
  type PlatformName,
} from '@local-creators/common';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormField } from './form-field';

interface AddForm {
  name: PlatformName | '';
  handle: string;
  url: string;
  followers: string;
}
const emptyForm: AddForm = { name: '', handle: '', url: '', followers: '0' };

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50';

/**
 * The followers count as typed (kept as typed: never rewritten), or the spec's message. Empty is 0;
 * digit-group commas and spaces are allowed ("12,500"); anything else must be a whole number.
 */
function parseFollowers(raw: string): { ok: true; value: number } | { ok: false; message: string } {
  const s = raw.trim().replace(/[,\s]/g, '');
  if (s === '') return { ok: true, value: 0 };
  const n = Number(s);
  if (/^-/.test(s) && !Number.isNaN(n)) return { ok: false, message: MSG.followersNegative };
  if (!/^\+?\d+$/.test(s)) return { ok: false, message: MSG.followersNotWhole };
  if (n > LIMITS.followersMax) return { ok: false, message: MSG.followersTooLarge };
  return { ok: true, value: n };
}

/** Where focus goes after the list changed: the select after an add, a remove button (or the select) after a remove. */
type FocusAfter = { kind: 'select' } | { kind: 'remove'; index: number } | null;

export function PlatformsStep({
  platforms,
  onChange,
}: {
  platforms: PlatformInput[];
  onChange: (next: PlatformInput[]) => void;
}) {
  const [form, setForm] = useState<AddForm>(emptyForm);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [followersError, setFollowersError] = useState<string | null>(null);
  const full = platforms.length >= LIMITS.platformsMax;
  const selectRef = useRef<HTMLSelectElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [focusAfter, setFocusAfter] = useState<FocusAfter>(null);

  // Keep focus where the person was working instead of letting it drop to the top of the page.
  useEffect(() => {
    if (!focusAfter) return;
    setFocusAfter(null);
    if (focusAfter.kind === 'remove') {
      const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]');
      const next = buttons?.[Math.min(focusAfter.index, buttons.length - 1)];
      if (next) return void next.focus();
    }
    selectRef.current?.focus();
  }, [focusAfter]);

  function add(e: FormEvent) {
    e.preventDefault();
    if (!form.name || full) return;
    // The one link rule (decision 0240): "instagram.com/you" is kept as https://instagram.com/you.
    const typedUrl = form.url.trim();
    const url = typedUrl ? linkFrom(typedUrl) : '';
    const followers = parseFollowers(form.followers);
    setUrlError(url === null ? MSG.platformUrlInvalid : null);
    setFollowersError(followers.ok ? null : followers.message);
    if (url === null) return void document.getElementById('platform-url')?.focus();
    if (!followers.ok) return void document.getElementById('platform-followers')?.focus();
    onChange([...platforms, { name: form.name, handle: form.handle.trim(), url, followers: followers.value }]);
    setForm(emptyForm);
    setFocusAfter({ kind: 'select' });
  }

  function remove(index: number) {
    onChange(platforms.filter((_, j) => j !== index));
    setFocusAfter({ kind: 'remove', index });
  }

  return (
    <div className="space-y-6">
      {platforms.length === 0 ? (
        <p
          className="flex items-center gap-2 rounded-lg border border-warning/30 bg-warning/10 px-3 py-2.5 text-sm text-warning"
          role="status"
        >
          <CircleAlert className="size-4 shrink-0" aria-hidden />
          {MSG.addPlatformHint}
        </p>
      ) : (
        <div className="space-y-2">
          <ul ref={listRef} className="divide-y divide-border rounded-xl border border-border">
            {platforms.map((p, i) => (
              <li key={`${p.name}-${p.handle}-${i}`} className="flex items-center gap-3 px-4 py-3">
                <span
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-bold text-primary"
                  aria-hidden
                >
                  {p.name.slice(0, 2)}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium">
                    {p.name}
                    {p.handle && (
                      <span className="ml-1.5 font-normal text-muted-foreground">
                        {p.handle.startsWith('@') ? p.handle : `@${p.handle}`}
                      </span>
                    )}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">
                    {formatCount(p.followers)} followers{p.url && ` · ${p.url}`}
                  </p>
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  data-remove
                  aria-label={`Remove ${p.name}${p.handle ? ` ${p.handle}` : ''}`}
                  onClick={() => remove(i)}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
          <p className="text-right text-xs text-muted-foreground">
            Total reach: <span className="font-semibold text-foreground">{formatCount(totalFollowers(platforms))}</span>
          </p>
        </div>
      )}

      <form
        onSubmit={add}
        noValidate
        className="space-y-4 rounded-xl border border-dashed border-border bg-muted/30 p-4 sm:p-5"
      >
        <h3 className="text-sm font-semibold">Add a platform</h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="platform-name" label="Platform" required>
            <select
              ref={selectRef}
              id="platform-name"
              className={selectClass}
              value={form.name}
              aria-required
              onChange={(e) => setForm({ ...form, name: e.target.value as PlatformName | '' })}
            >
              <option value="">Choose a platform</option>
              {PLATFORM_NAMES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="platform-handle" label="Handle">
            <Input
              id="platform-handle"
              value={form.handle}
              maxLength={LIMITS.handleMax}
              placeholder="@yourhandle"
              onChange={(e) => setForm({ ...form, handle: e.target.value })}
            />
          </FormField>
          <FormField id="platform-url" label="Profile URL" error={urlError}>
            <Input
              id="platform-url"
              type="url"
              inputMode="url"
              value={form.url}
              maxLength={LIMITS.urlMax}
              placeholder="https://instagram.com/yourhandle"
              aria-invalid={!!urlError}
              aria-describedby={urlError ? 'platform-url-error' : undefined}
              className={urlError ? 'border-destructive' : undefined}
              onChange={(e) => {
                setForm({ ...form, url: e.target.value });
                setUrlError(null);
              }}
            />
          </FormField>
          <FormField id="platform-followers" label="Followers" error={followersError}>
            <Input
              id="platform-followers"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={form.followers}
              aria-invalid={!!followersError}
              aria-describedby={followersError ? 'platform-followers-error' : undefined}
              className={followersError ? 'border-destructive' : undefined}
              onFocus={(e) => e.target.select()}
              onChange={(e) => {
                setForm({ ...form, followers: e.target.value });
                setFollowersError(null);
              }}
            />
          </FormField>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-xs text-muted-foreground">
            {full ? `You can list up to ${LIMITS.platformsMax} platforms.` : 'Add each platform you post on.'}
          </p>
          <Button type="submit" variant="secondary" disabled={!form.name || full}>
            <Plus aria-hidden /> Add platform
          </Button>
        </div>
      </form>
    </div>
  );
}
