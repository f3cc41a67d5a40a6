import { Injectable, OnModuleInit } from '@nestjs/common';
import { ApprovedProfileEdits, type ApprovedProfileEdited } from '../../creator';
import { describeChanges } from '../../creator';
import { Outbox } from '../../notifications';
import { AuditTrail } from './audit-trail';

/**
 * An approved creator's edit keeps the status (spec 4) but leaves a trace: an audit row by the
 * creator with what changed, and, when the profile first differs from what an admin verified, a
 * mail to the admins (later edits before an admin looks are audited; the console shows the
 * whole difference). Both go into the saving request's unit of work.
 */
@Injectable()
export class ReviewApprovedEdits implements OnModuleInit {
  constructor(
    private readonly edits: ApprovedProfileEdits,
    private readonly audit: AuditTrail,
    private readonly outbox: Outbox,
  ) {}

  onModuleInit() {
    this.edits.listen((event) => this.record(event));
  }

  record({ profile, editor, changes, firstSinceVerification }: ApprovedProfileEdited) {
    this.audit.record(editor, 'creator_profile', profile, 'profile_changed', { notes: describeChanges(changes) });
    if (firstSinceVerification) {
      this.outbox.add('approved-creator-changed', {
        creatorName: profile.fullName,
        creatorEmail: editor.email,
        profileId: profile.id,
        citySlug: profile.citySlug,
        changes: changes.map(({ label, before, after }) => ({ label, before, after })),
      });
    }
  }
}
