import type { AmplifySubmission, SubmissionStatus } from '@local-creators/common';

/** Business moderation rules as the console shows them (spec 4): any change from any state. */
export const canApprove = (s: Pick<AmplifySubmission, 'status'>) => s.status !== 'approved';
export const canDecline = (s: Pick<AmplifySubmission, 'status'>) => s.status !== 'declined';
/** The Featured switch is enabled only when approved. */
export const canFeature = (s: Pick<AmplifySubmission, 'status'>) => s.status === 'approved';

export const TABS: readonly { status: SubmissionStatus; label: string }[] = [
  { status: 'pending', label: 'Pending' },
  { status: 'approved', label: 'Approved' },
  { status: 'declined', label: 'Declined' },
];

export const tabLabel = (label: string, count: number | undefined) => `${label} (${count ?? '…'})`;

/** One rule for the console and the featured page (decision 0119). */
export { websiteHref } from '@local-creators/common';

/** What the confirmation before a destructive change says; null when the change needs none (approve, feature). */
export function submissionConfirmText(
  s: Pick<AmplifySubmission, 'business_name' | 'status' | 'featured'>,
  change: { status: SubmissionStatus } | { featured: boolean },
) {
  if ('featured' in change) {
    if (change.featured) return null;
    return {
      title: `Remove ${s.business_name} from featured?`,
      body: 'It leaves the featured page at once, and creators can no longer ask it for an introduction.',
      confirm: 'Remove from featured',
    };
  }
  if (change.status !== 'declined') return null;
  const featured = s.featured ? 'It is featured: declining also takes it off the featured page at once. ' : '';
  return { title: `Decline ${s.business_name}?`, body: `${featured}It moves to the Declined tab.`, confirm: 'Decline' };
}
