import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { ArrowLeft, ArrowRight, Loader2, RotateCw, Save, Send } from 'lucide-react';
import {
  MSG,
  isWizardStepComplete,
  validateProfile,
  wizardStepFailures,
  type CreatorProfile,
  type ValidationFailure,
} from '@local-creators/common';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiRequestError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { firstOnPage, useFieldErrors } from '@/lib/field-errors';
import { useMyProfile } from '@/lib/queries/my-profile';
import { useSaveMyProfile } from './api/save-my-profile';
import { BasicInfoStep } from './components/basic-info-step';
import { ChoicesStep } from './components/choices-step';
import {
  STEPS,
  clearStoredDraft,
  draftFromProfile,
  emptyDraft,
  readStoredDraft,
  stepOfField,
  storeDraft,
  type Draft,
  type SetDraft,
  type Step,
} from './components/draft';
import type { FieldErrors } from './components/form-field';
import { LinksStep } from './components/links-step';
import { PlatformsStep } from './components/platforms-step';
import { WizardProgress } from './components/wizard-progress';

/** /apply: the four-step application; an existing profile is loaded for editing. */
export default function ApplyPage() {
  const { data: profile, isPending, isError, refetch } = useMyProfile();

  if (isError) {
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold tracking-tight">Your application could not be loaded</h1>
        <p className="mt-2 text-muted-foreground">{MSG.somethingWrong}</p>
        <Button variant="outline" className="mt-6" onClick={() => void refetch()}>
          <RotateCw aria-hidden /> Try again
        </Button>
      </div>
    );
  }
  if (isPending) return <WizardSkeleton />;
  return <Wizard profile={profile} />;
}

function Wizard({ profile }: { profile: CreatorProfile | null }) {
  const editing = !!profile;
  // An approved creator's edit is not a new application (issue 25, decision 0242): it saves changes.
  const live = profile?.approval_status === 'approved';
  const { user } = useAuth();
  const userId = user?.id ?? '';
  // A reload keeps the half-finished application (this browser, this account) until it is submitted.
  const [stored] = useState(() => readStoredDraft(userId));
  const [step, setStep] = useState<Step>(1);
  const [draft, setDraft] = useState<Draft>(() => stored?.draft ?? (profile ? draftFromProfile(profile) : emptyDraft));
  // The server keeps the photo per user (even before the profile exists); the wizard only shows it.
  const [imageUrl, setImageUrl] = useState<string | null>(
    stored ? stored.imageUrl : (profile?.profile_image_url ?? null),
  );
  // The failing field is marked beside it and focused once its step shows (issue 25's one mechanism).
  const fieldErrors = useFieldErrors();
  const errors: FieldErrors = fieldErrors.errors;
  const untouched = useRef({ draft, imageUrl });
  const save = useSaveMyProfile();
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  /** Fields, the first on the page to focus once their step shows (instead of the heading). */
  const focusOnStep = useRef<string[]>([]);

  const set: SetDraft = (key, value) => {
    setDraft((d) => ({ ...d, [key]: value }));
    fieldErrors.clear(key);
  };

  useEffect(() => {
    if (!userId || (draft === untouched.current.draft && imageUrl === untouched.current.imageUrl)) return;
    storeDraft(userId, { draft, imageUrl });
  }, [userId, draft, imageUrl]);

  /**
   * The failing fields: each message beside its field, the first failing step shown and focus on
   * its first field (the toast says the first message too). Fields of other steps keep their
   * marks until that step is visited and they are corrected (decision 0660).
   */
  function showFieldErrors(failures: readonly ValidationFailure[]) {
    const placed = failures.filter((f) => stepOfField(f.field));
    const at = placed.reduce<Step | null>((first, f) => Math.min(first ?? 4, stepOfField(f.field)!) as Step, null);
    if (!at) return;
    fieldErrors.show(placed, { focus: at === step });
    if (at === step) return;
    focusOnStep.current = placed.filter((f) => stepOfField(f.field) === at).map((f) => f.field);
    goTo(at);
  }
  /** Next: step 1 says each missing or wrong field on the field (decision 0660); the other steps say it beside their lists. */
  function next() {
    const failures = step === 1 ? wizardStepFailures(1, draft) : [];
    if (failures.length) return fieldErrors.show(failures);
    goTo((step + 1) as Step);
  }
  const complete = isWizardStepComplete(step, draft);
  const current = STEPS[step - 1]!;

  // Move focus to the new step's heading so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const field = firstOnPage(focusOnStep.current);
    focusOnStep.current = [];
    (field || headingRef.current)?.focus();
  }, [step]);

  function goTo(next: Step) {
    setStep(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  function submit() {
    const checked = validateProfile(draft);
    if (!checked.ok) {
      toast.error(MSG.validationError(checked.error.message));
      showFieldErrors(checked.errors);
      return;
    }
    save.mutate(checked.value, {
      onSuccess: () => {
        clearStoredDraft(userId);
        toast.success(MSG.saved);
        navigate('/dashboard');
      },
      onError: (error) => {
        if (error instanceof ApiRequestError) {
          toast.error(error.message || MSG.saveFailed);
          if (error.field) showFieldErrors([{ field: error.field, message: error.message || MSG.saveFailed }]);
        } else {
          toast.error(MSG.somethingWrong);
        }
      },
    });
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <header className="mb-8 space-y-2">
        <p className="text-sm font-semibold text-primary">
          {editing ? 'Your profile' : 'Free forever · about 2 minutes'}
        </p>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          {editing ? 'Update your profile' : 'Apply to join the directory'}
        </h1>
        <p className="text-muted-foreground">
          {editing
            ? 'Changes are saved to your profile when you submit. Your application status stays as it is.'
            : 'Tell brands who you are. A real person reviews every application and reaches out within 48 hours.'}
        </p>
      </header>

      <WizardProgress step={step} />

      <Card className="mt-6">
        <CardHeader className="border-b border-border">
          <p className="text-sm font-medium text-primary">Step {step} of 4</p>
          <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold tracking-tight outline-none">
            {current.title}
          </h2>
          <CardDescription>
            {current.description}
            {step === 1 && (
              <span className="ml-1">
                Fields marked <span className="text-destructive">*</span> are required.
              </span>
            )}
          </CardDescription>
        </CardHeader>
        <CardContent className="pt-6">
          {step === 1 && (
            <BasicInfoStep draft={draft} set={set} errors={errors} imageUrl={imageUrl} onImageChange={setImageUrl} />
          )}
          {step === 2 && <PlatformsStep platforms={draft.platforms} onChange={(p) => set('platforms', p)} />}
          {step === 3 && <ChoicesStep draft={draft} set={set} />}
          {step === 4 && <LinksStep draft={draft} set={set} errors={errors} />}
        </CardContent>
        <CardFooter className="justify-between gap-3 border-t border-border pt-6">
          {step > 1 ? (
            <Button type="button" variant="outline" onClick={() => goTo((step - 1) as Step)} disabled={save.isPending}>
              <ArrowLeft aria-hidden /> Back
            </Button>
          ) : (
            <span />
          )}
          {step < 4 ? (
            <Button type="button" disabled={step > 1 && !complete} onClick={next}>
              Next <ArrowRight aria-hidden />
            </Button>
          ) : (
            <Button type="button" disabled={save.isPending} onClick={submit}>
              {save.isPending ? (
                <Loader2 className="animate-spin" aria-hidden />
              ) : live ? (
                <Save aria-hidden />
              ) : (
                <Send aria-hidden />
              )}
              {live
                ? save.isPending
                  ? 'Saving...'
                  : 'Save changes'
                : save.isPending
                  ? 'Submitting...'
                  : 'Submit Application'}
            </Button>
          )}
        </CardFooter>
      </Card>
    </div>
  );
}

function WizardSkeleton() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12" role="status" aria-label="Loading your application">
      <Skeleton className="h-4 w-40" />
      <Skeleton className="mt-3 h-9 w-3/4" />
      <Skeleton className="mt-3 h-4 w-full max-w-md" />
      <Skeleton className="mt-8 h-8 w-full" />
      <Skeleton className="mt-6 h-96 w-full rounded-xl" />
    </div>
  );
}
