import {
  APPROVAL_WAIT_HOURS,
  EMAIL_CONFIRM_DAYS,
  FOLLOWER_FRESHNESS,
  INTRO_CONFIRM_HOURS,
  SHORTLIST_LIMITS,
  possessive,
} from '@local-creators/common';
import type { NotificationKind, NotificationPayloads } from '../domain/notification-kinds';
import { headerText } from './mail-headers';

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  replyTo?: string;
  /** More headers (List-Unsubscribe and List-Unsubscribe-Post of call mail, decision 0912). */
  headers?: Record<string, string>;
}

export interface MailContext {
  publicUrl: string;
  adminEmails: string[];
  /**
   * A city page's address (`/amplify/featured`) for a record of `citySlug`: under its slug or on its
   * own host name on an install of several cities (decision 0654). Without it, PUBLIC_URL's.
   */
  cityPage?: (citySlug: string | undefined, path: string) => string;
}

/** A city page's address for the record a message is about (decision 0654). */
const cityLink = (ctx: MailContext, citySlug: string | undefined, path: string) =>
  ctx.cityPage?.(citySlug, path) ?? `${ctx.publicUrl}${path}`;

const count = (n: number) => n.toLocaleString('en-US');
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Each handle's code, with what to do with it (decision 0502); nothing for a message without codes. */
const handleCodesText = (codes: { platform: string; handle: string; code: string }[] | undefined) =>
  codes?.length
    ? `To prove the handles are yours, put each code in that platform's bio until we have checked it (your dashboard shows them too):\n${codes
        .map((c) => `${c.platform} @${c.handle.replace(/^@+/, '')}: ${c.code}`)
        .join('\n')}\n\n`
    : '';

/**
 * What someone wrote, as a quoted block (decision 0831): every line behind "> ", so a sender's
 * blank lines and "Local Creators team: …" cannot pass for the platform's own lines.
 */
export const quoted = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .trimEnd()
    .split('\n')
    .map((line) => (line.trim() ? `> ${line.trimEnd()}` : '>'))
    .join('\n');

/** "Akron", "Akron and Canton", "Akron, Canton and Kent". */
const joinNames = (names: string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

type Renderers = { [K in NotificationKind]: (p: NotificationPayloads[K], ctx: MailContext) => MailMessage };

/** Plain-text mails: readable in every client and easy to assert on in tests. */
const renderers: Renderers = {
  'password-recovery': (p) => ({
    to: [p.email],
    subject: 'Reset your Local Creators password',
    text: `Someone (hopefully you) asked to reset the password of your Local Creators account.\n\nSet a new password here (the link works once, for one hour):\n${p.link}\n\nIf you did not ask for this, ignore this e-mail: your password stays as it is.\n`,
  }),
  'admin-invitation': (p, ctx) => {
    const where = p.cities?.length ? `for ${joinNames(p.cities)}` : 'for every city';
    const hours = p.linkHours === 1 ? 'one hour' : `${count(p.linkHours)} hours`;
    return {
      to: [p.email],
      subject: `${p.invitedBy} invited you to be a Local Creators admin ${where}`,
      text: `Hello,\n\n${p.invitedBy} invited you to be an admin of Local Creators ${where}: you will review creators' applications and businesses there.\n\nChoose your password here (the link works once, for ${hours}):\n${p.link}\n\nThen sign in with this address and open the console: ${ctx.publicUrl}/admin\n\nIf the link has expired, ask for a new one on ${ctx.publicUrl}/login ("Forgot password?") with this address. If you did not expect this invitation, ignore this e-mail.\n`,
    };
  },
  'email-confirmation': (p) => ({
    to: [p.email],
    subject: 'Confirm your e-mail address for Local Creators',
    text: `Welcome to Local Creators!\n\nPlease confirm that this address is yours by opening this link (it works for ${EMAIL_CONFIRM_DAYS} days):\n${p.link}\n\nIt takes you on to your application. If you did not sign up, ignore this e-mail: nothing is sent on behalf of this address until it is confirmed.\n`,
  }),
  'notify-new-registration': (p, ctx) => ({
    to: ctx.adminEmails,
    subject: `New creator application: ${p.creatorName}`,
    text: `A new creator applied.\n\nName: ${p.creatorName}\nE-mail: ${p.creatorEmail}\nPhone: ${p.creatorPhone}\nCity: ${p.creatorCity}\nNiches: ${p.creatorNiches.join(', ')}\n\nReview it: ${ctx.publicUrl}/admin/review\nProfile id: ${p.profileId}\n`,
  }),
  'notify-amplify-submission': (p, ctx) => ({
    to: ctx.adminEmails,
    subject: `New business application: ${p.businessName}`,
    replyTo: p.contactEmail,
    text: `A local business applied to be promoted.\n\nBusiness: ${p.businessName}\nContact: ${p.contactName} <${p.contactEmail}>\nCategory: ${p.category}\nWebsite or social: ${p.websiteSocial ?? '-'}\n\nTheir story:\n${quoted(p.description)}\n\nModerate it: ${ctx.publicUrl}/admin/amplify\nSubmission id: ${p.submissionId}\n`,
  }),
  'amplify-interest': (p, ctx) => ({
    to: [p.contactEmail],
    subject: `A local creator wants to work with ${p.businessName}`,
    replyTo: p.creatorEmail,
    text: `Hi ${p.contactName},\n\n${p.creatorName} found ${p.businessName} on Local Creators and would like an introduction.\n\nE-mail: ${p.creatorEmail}\nLinks: ${p.creatorLinks ?? '-'}\n\n${p.message?.trim() ? `Message from ${headerText(p.creatorName)}:\n${quoted(p.message)}` : '(no message)'}\n\nReply to this e-mail to reach ${p.creatorName} directly.\n\n${cityLink(ctx, p.citySlug, '/amplify/featured')}\n`,
  }),
  // Only our own words and the business's approved name: whoever typed the address chose nothing here.
  'amplify-interest-confirm': (p, ctx) => ({
    to: [p.email],
    subject: `Confirm your introduction to ${p.businessName}`,
    text: `Hello,\n\nSomeone (hopefully you) used this address on Local Creators to ask ${p.businessName} for an introduction. Nothing has been sent to the business yet.\n\nTo send your request, open this link (it works once, for ${INTRO_CONFIRM_HOURS} hours):\n${ctx.publicUrl}/amplify/confirm?token=${p.token}\n\nIf this was not you, ignore this e-mail: ${p.businessName} will not hear from us and will not see your address.\n`,
  }),
  'shortlist-message-confirm': (p, ctx) => ({
    to: [p.email],
    subject: 'Confirm your message to the creators on your shortlist',
    text: `Hello,\n\nSomeone (hopefully you) used this address on Local Creators to write to the ${p.creators === 1 ? 'creator' : `${p.creators} creators`} on a shortlist. Nothing has been sent yet.\n\nTo send your message, open this link (it works once, for ${SHORTLIST_LIMITS.messageConfirmHours} hours):\n${ctx.publicUrl}/shortlist/confirm#token=${p.token}\n\nEach creator then gets their own e-mail, and their replies come to this address. If this was not you, ignore this e-mail: nobody will hear from us.\n`,
  }),
  'creator-approved': (p, ctx) => ({
    to: [p.email],
    subject: "You're live on Local Creators!",
    text: `Hi ${p.name},\n\nGood news: your application is approved and your profile is live in the directory.\n\nYour profile: ${ctx.publicUrl}/creator/${p.profileId}\nYour dashboard: ${ctx.publicUrl}/dashboard\n\nShare your link with brands, and welcome aboard!\n`,
  }),
  'creator-phone-verification': (p, ctx) =>
    p.verified
      ? {
          to: [p.email],
          subject: 'Your profile is back in the Local Creators directory',
          text: `Hi ${p.name},\n\nYour phone is verified again, and your profile is back in the directory.\n\nYour profile: ${ctx.publicUrl}/creator/${p.profileId}\nYour dashboard: ${ctx.publicUrl}/dashboard\n`,
        }
      : {
          to: [p.email],
          subject: 'Your profile is hidden from the Local Creators directory for now',
          text: `Hi ${p.name},\n\nWe turned off the phone verification of your profile, so it is not shown in the directory for now. Your application and your profile are kept as they are.\n\nWe will text or call you at the number on your profile to verify it again. If your number changed, update it here: ${cityLink(ctx, p.citySlug, '/apply')}\n\nYour dashboard shows your status: ${ctx.publicUrl}/dashboard\n`,
        },
  'creator-rejected': (p, ctx) => ({
    to: [p.email],
    subject: 'About your Local Creators application',
    text: `Hi ${p.name},\n\nThank you for applying. We could not approve your application this time.\n\n${p.notes ? `Notes from our team:\n${p.notes}\n\n` : ''}You can update your application at any time: ${cityLink(ctx, p.citySlug, '/apply')}\n`,
  }),
  'approved-creator-changed': (p, ctx) => ({
    to: ctx.adminEmails,
    subject: `An approved creator changed their profile: ${p.creatorName}`,
    text: `${p.creatorName} (${p.creatorEmail}) is approved and listed, and changed their profile. They stay listed; please look at the change.\n\n${p.changes
      .map(
        (c) => `${c.label}: ${c.before === null ? '—' : `"${c.before}"`} → ${c.after === null ? '—' : `"${c.after}"`}`,
      )
      .join('\n')}\n\nReview and acknowledge it: ${ctx.publicUrl}/admin/creators/${p.profileId}/show\n`,
  }),
  'creator-application-received': (p, ctx) => ({
    to: [p.email],
    subject: 'We received your Local Creators application',
    text: `Hi ${p.name},\n\nThank you for applying to Local Creators. Your application is in, and it is free: no fees, no subscription, no card.\n\nWhat happens next: within ${APPROVAL_WAIT_HOURS} hours someone from our small team will call you or send you a direct message to confirm you are a real person. Once you are verified, your profile goes live in the directory and we e-mail you.\n\n${handleCodesText(p.handleCodes)}You can check your status or update your application at any time: ${ctx.publicUrl}/dashboard\n`,
  }),
  'rejected-creator-updated': (p, ctx) => ({
    to: ctx.adminEmails,
    subject: `A rejected creator updated their application: ${p.creatorName}`,
    text: `${p.creatorName} (${p.creatorEmail}) was not approved and has since changed their application. It is still rejected and not public; please look again.\n\nReview it: ${ctx.publicUrl}/admin/creators/${p.profileId}/show\n`,
  }),
  'amplify-submission-received': (p, ctx) => ({
    to: [p.contactEmail],
    subject: `We received ${possessive(p.businessName)} application`,
    text: `Hi ${p.contactName},\n\nThank you for applying to be promoted on Local Creators. We received the application for ${p.businessName}, and a person will read it.\n\nWe will e-mail you when it is approved or declined. Nothing else is needed from you now.\n\n${cityLink(ctx, p.citySlug, '/amplify')}\n`,
  }),
  'amplify-approved': (p, ctx) => ({
    to: [p.contactEmail],
    subject: `${p.businessName} is approved on Local Creators`,
    text: `Hi ${p.contactName},\n\nGood news: we approved ${possessive(p.businessName)} application. When we feature it, it appears on our featured businesses page, where local creators can ask you for an introduction; we will e-mail you then.\n\n${cityLink(ctx, p.citySlug, '/amplify/featured')}\n`,
  }),
  'amplify-declined': (p, ctx) => ({
    to: [p.contactEmail],
    subject: `About ${possessive(p.businessName)} application to Local Creators`,
    text: `Hi ${p.contactName},\n\nThank you for applying. We could not approve ${possessive(p.businessName)} application this time.\n\nYou are welcome to apply again later: ${cityLink(ctx, p.citySlug, '/amplify')}\n`,
  }),
  'amplify-featured': (p, ctx) => ({
    to: [p.contactEmail],
    subject: `${p.businessName} is featured on Local Creators`,
    text: `Hi ${p.contactName},\n\n${p.businessName} is now on our featured businesses page. Local creators can ask you for an introduction there; each request reaches you by e-mail, and you reply to the creator directly.\n\nSee it: ${cityLink(ctx, p.citySlug, '/amplify/featured')}\n`,
  }),
  'handle-confirmation-cleared': (p, ctx) => ({
    to: ctx.adminEmails,
    subject: `A confirmed handle changed: ${p.creatorName}`,
    text: `${p.creatorName} (${p.creatorEmail}) changed a handle an admin had confirmed. Its confirmation is cleared until someone checks the new one.\n\n${p.handles
      .map((h) =>
        h.link
          ? `${h.platform}: @${h.before.replace(/^@+/, '')}, link ${h.link.before || '(none)'} → ${h.link.after || '(none)'}`
          : `${h.platform}: @${h.before.replace(/^@+/, '')} → ${h.after === null ? 'removed' : `@${h.after.replace(/^@+/, '')}`}`,
      )
      .join('\n')}\n\nCheck it: ${ctx.publicUrl}/admin/creators/${p.profileId}/show\n`,
  }),
  'follower-jump': (p, ctx) => ({
    to: ctx.adminEmails,
    subject: `Follower count jump: ${p.creatorName}`,
    text: `${p.creatorName} (${p.creatorEmail}) changed a follower count to more than twice what it was. It shows on the profile as given; please have a look.\n\n${p.jumps
      .map((j) => `${j.platform} @${j.handle.replace(/^@+/, '')}: ${count(j.before)} → ${count(j.after)}`)
      .join(
        '\n',
      )}\n\nThe creator: ${ctx.publicUrl}/admin/creators/${p.profileId}/show\nAll jumps: ${ctx.publicUrl}/admin/follower-counts\n`,
  }),
  'followers-reconfirm': (p, ctx) => ({
    to: [p.email],
    subject: 'Are your follower counts still right?',
    text: `Hi ${p.name},\n\nBrands look at your follower counts on Local Creators. These were last confirmed a while ago:\n\n${p.counts
      .map(
        (c) => `${c.platform} @${c.handle.replace(/^@+/, '')}: ${count(c.followers)} (confirmed ${day(c.confirmedAt)})`,
      )
      .join(
        '\n',
      )}\n\nStill right? One click on your dashboard confirms them. Changed? Update them there too: ${ctx.publicUrl}/dashboard\n\nCounts not confirmed for ${FOLLOWER_FRESHNESS.asOfAfterDays} days show on your profile with the month they are from.\n`,
  }),
  'local-audience-rejected': (p, ctx) => ({
    to: [p.email],
    subject: 'About your local audience screenshot',
    text: `Hi ${p.name},\n\nWe could not record a local audience share from the ${p.platform} screenshot you sent.\n\nReason: ${p.reason}\n\nYou can send a new screenshot from your dashboard: ${ctx.publicUrl}/dashboard\n\nThe screenshot itself is never shown on your profile; only the share we record is.\n`,
  }),
  // The creator's address is only the envelope's: the brand learns it if and when the creator replies.
  'creator-contact': (p, ctx) => ({
    to: [p.creatorEmail],
    subject: `${p.brandName} wrote to you on Local Creators`,
    replyTo: p.brandEmail,
    text: `Hi ${p.creatorName},\n\n${p.brandName} found your profile on Local Creators and wrote to you.\n\nFrom: ${p.brandName} <${p.brandEmail}>\nBudget: ${p.budgetRange ?? 'not given'}\n\nMessage from ${headerText(p.brandName)}:\n${quoted(p.message)}\n\nReply to this e-mail to answer them: your address stays private until you do. We did not check who owns their address, so take the usual care before you share details or agree to anything.\n\n${
      p.replyToken
        ? `Replied? Mark it with one click for your dashboard's list: ${ctx.publicUrl}/replied#token=${p.replyToken}\n(Your profile's reply time counts only replies the brand confirms to us, from addresses we confirmed; never your messages.)\n\n`
        : ''
    }Every message you receive is on your dashboard, where you can also turn the Contact form off: ${ctx.publicUrl}/dashboard\n`,
  }),
  // To a proven brand (decision 0841): only our words and the creator's public name, never the message.
  'contact-brand-copy': (p, ctx) => ({
    to: [p.email],
    subject: `Your message to ${p.creatorName} was passed on`,
    text: `Hello,\n\nYour message to ${p.creatorName} on Local Creators was passed on. Their reply comes straight to this address.\n\nWhen they reply, tell us with one click:\n${ctx.publicUrl}/they-replied#token=${p.token}\n\nOnly replies that brands confirm count for a creator's "Usually replies within" line, so other brands can trust it. We never see your messages.\n`,
  }),
  // Only our words and the call's approved fields; the unsubscribe is one POST, no sign-in (RFC 8058, decision 0912).
  'call-match': (p, ctx) => {
    const one = p.calls.length === 1;
    return {
      to: [p.email],
      subject: one ? `New open call: ${p.calls[0]!.title}` : `${p.calls.length} new open calls for you`,
      headers: {
        'List-Unsubscribe': `<${ctx.publicUrl}/api/calls/mail/unsubscribe?token=${p.token}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      text: `Hi ${p.name},\n\n${one ? 'A local business posted a call that matches your profile:' : `${p.calls.length} calls from local businesses match your profile:`}\n\n${p.calls
        .map(
          (c) =>
            `${c.title}\n${c.businessName} · ${c.offerText} · answers by ${day(c.deadline)}\n${cityLink(ctx, c.citySlug, `/calls/${c.id}`)}`,
        )
        .join(
          '\n\n',
        )}\n\nYou get this because your profile matches. We send at most one such e-mail a day.\nTurn these e-mails off on your dashboard: ${ctx.publicUrl}/dashboard\n`,
    };
  },
  // As the contact relay (decision 0501): Reply-To the business, whose address was proven to post the call; the creator's stays private until they reply.
  'call-answer-picked': (p, ctx) => ({
    to: [p.email],
    subject: `${p.businessName} picked you for "${p.title}"`,
    replyTo: p.businessEmail,
    text: `Hi ${p.name},\n\nGood news: ${p.businessName} picked you for their open call "${p.title}" on Local Creators.\n\nFrom: ${p.businessName} <${p.businessEmail}>\n\nReply to this e-mail to reach them and agree on the details: your address stays private until you do. We checked that this address belongs to whoever posted the call, not who runs the business, so take the usual care before you share details or agree to anything.\n\nThe call: ${cityLink(ctx, p.citySlug, `/calls/${p.callId}`)}\n`,
  }),
  'call-answer-not-picked': (p, ctx) => ({
    to: [p.email],
    subject: `About your answer to "${p.title}"`,
    text: `Hi ${p.name},\n\nThank you for answering the open call "${p.title}". ${p.businessName} has chosen its creators, and you were not picked this time. Nothing else is needed from you.\n\nOther open calls in your city: ${cityLink(ctx, p.citySlug, '/calls')}\n`,
  }),
  // A partner's webhook shares the outbox's pacing, never its mail (DeliverNotification posts it).
  webhook: () => {
    throw new Error('a webhook delivery is not a mail');
  },
};

export function renderMail<K extends NotificationKind>(
  kind: K,
  payload: NotificationPayloads[K],
  ctx: MailContext,
): MailMessage {
  return (renderers[kind] as (p: NotificationPayloads[K], c: MailContext) => MailMessage)(payload, ctx);
}

/** A sent message's payload is kept for the admin view, minus secrets (the recovery link, the confirmation token). */
export function scrubPayload(kind: NotificationKind, payload: Record<string, unknown>) {
  if (kind === 'password-recovery' || kind === 'email-confirmation' || kind === 'admin-invitation')
    return { ...payload, link: '[sent]' };
  if (
    kind === 'amplify-interest-confirm' ||
    kind === 'shortlist-message-confirm' ||
    kind === 'contact-brand-copy' ||
    kind === 'call-match'
  )
    return { ...payload, token: '[sent]' };
  // The admins see that a brand wrote, never what (decision 0501); the creator has it on the dashboard.
  if (kind === 'creator-contact')
    return { ...payload, message: '[not kept]', ...(payload.replyToken ? { replyToken: '[sent]' } : {}) };
  return payload;
}

const TO_ADMINS: ReadonlySet<NotificationKind> = new Set([
  'notify-new-registration',
  'notify-amplify-submission',
  'approved-creator-changed',
  'rejected-creator-updated',
  'handle-confirmation-cleared',
  'follower-jump',
]);

/**
 * Kinds scrubbed once sent (a single-use secret; a brand's message, which only its creator keeps):
 * never resent, the person asks or writes again.
 */
export const SINGLE_USE_KINDS: ReadonlySet<NotificationKind> = new Set([
  'password-recovery',
  'admin-invitation',
  'email-confirmation',
  'amplify-interest-confirm',
  'shortlist-message-confirm',
  'creator-contact',
  'contact-brand-copy',
  'call-match',
]);

/**
 * Who a message goes (or went) to and its subject, for the admin view: only the envelope, never
 * the text (which may hold a link or token). A payload that cannot be rendered (an old or
 * hand-written row) gives what is known: the admins for the admin kinds, no subject.
 */
export function describeMail(
  kind: NotificationKind,
  payload: unknown,
  ctx: MailContext,
): { recipients: string[]; subject: string | null } {
  try {
    const mail = renderMail(kind, payload as never, ctx);
    const recipients = mail.to.filter((a): a is string => typeof a === 'string' && a.length > 0);
    return { recipients, subject: /\bundefined\b/.test(mail.subject) ? null : mail.subject };
  } catch {
    return { recipients: TO_ADMINS.has(kind) ? ctx.adminEmails : [], subject: null };
  }
}
