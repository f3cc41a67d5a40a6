import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Calculator, TrendingUp } from 'lucide-react';
import { toast } from '@/lib/toast';
import {
  PLAYBOOK_STATS,
  PLAYBOOK_TIERS,
  VIDEO_SURCHARGE_NOTE,
  calculateRate,
  formatCount,
  type RateEstimate,
} from '@local-creators/common';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, Input, fieldErrorProps } from '@/components/ui/input';
import { useFieldErrors } from '@/lib/field-errors';

const dollars = (n: number) => `$${formatCount(n)}`;

export default function PlaybookPage() {
  const [followers, setFollowers] = useState('');
  const [estimate, setEstimate] = useState<RateEstimate | null>(null);
  // The message shows under the box and focus goes back to it (issue 25); the spec's 'Oops!' toast says it too.
  const { errors, show, clear, reset } = useFieldErrors<'followers'>();

  function onCalculate(e: FormEvent) {
    e.preventDefault();
    const result = calculateRate(followers);
    if (!result.ok) {
      setEstimate(null);
      show({ field: 'followers', message: result.message });
      toast.error(result.title, { description: result.message });
      return;
    }
    reset();
    setEstimate(result.estimate);
  }

  return (
    <Page className="max-w-4xl">
      <p className="text-sm font-semibold uppercase tracking-wide text-primary">Pricing Playbook</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight">Know your worth</h1>
      <p className="mt-3 text-lg text-muted-foreground">
        What local creators charge per sponsored post, and a quick calculator for your own rate. Local Creators is free
        forever; this guide is too.
      </p>

      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-3xl text-primary">${PLAYBOOK_STATS.industry}</CardTitle>
            <CardDescription>industry: the creator economy's yearly size</CardDescription>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-3xl text-primary">{PLAYBOOK_STATS.undercharge}</CardTitle>
            <CardDescription>of creators undercharge for their work</CardDescription>
          </CardHeader>
        </Card>
      </div>

      <h2 className="mt-12 text-2xl font-bold">Rates by tier</h2>
      <div className="mt-4 overflow-x-auto rounded-xl border border-border">
        <table className="w-full text-left text-sm">
          <thead className="bg-muted text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Tier
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Followers
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Per post
              </th>
            </tr>
          </thead>
          <tbody>
            {PLAYBOOK_TIERS.map((t) => (
              <tr key={t.tier} className="border-t border-border">
                <td className="px-4 py-3 font-semibold">{t.tier}</td>
                <td className="px-4 py-3">{t.followers}</td>
                <td className="px-4 py-3">
                  {t.range}
                  {t.note && <span className="text-muted-foreground"> ({t.note})</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <Card className="mt-12">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Calculator className="size-5 text-primary" aria-hidden /> Quick rate calculator
          </CardTitle>
          <CardDescription>Enter your total followers across platforms.</CardDescription>
        </CardHeader>
        <CardContent>
          {/* Aligned at the top, the button stays beside the box when the message shows under it. */}
          <form onSubmit={onCalculate} className="flex flex-col gap-3 sm:flex-row sm:items-start" noValidate>
            <div className="flex-1">
              <Field label="Total followers" htmlFor="followers" error={errors.followers}>
                <Input
                  id="followers"
                  inputMode="numeric"
                  {...fieldErrorProps('followers', errors.followers)}
                  value={followers}
                  onChange={(e) => {
                    setFollowers(e.target.value);
                    clear('followers');
                  }}
                  placeholder="e.g. 12,500"
                />
              </Field>
            </div>
            <Button type="submit" className="sm:mt-7">
              Calculate
            </Button>
          </form>
          {estimate && (
            <div className="mt-6 rounded-xl bg-primary-soft p-5" aria-live="polite">
              <p className="flex items-center gap-2 text-sm font-medium text-primary">
                <TrendingUp className="size-4" aria-hidden /> Suggested rate per post
              </p>
              <p className="mt-1 text-3xl font-bold" data-testid="rate-result">
                {dollars(estimate.min)} – {dollars(estimate.max)}
              </p>
              <p className="mt-2 text-sm text-muted-foreground">{VIDEO_SURCHARGE_NOTE}</p>
            </div>
          )}
        </CardContent>
      </Card>

      <p className="mt-10 text-center text-muted-foreground">
        Not in the directory yet?{' '}
        <Link to="/signup" className="font-semibold text-primary hover:underline">
          Join free
        </Link>
      </p>
    </Page>
  );
}
