import { Injectable } from '@nestjs/common';
import type { ProfileFieldChange } from '@local-creators/common';
import type { Principal } from '../../../shared/auth/principal';
import type { CreatorProfile } from '../domain/creator-profile';

/** An approved creator saved a profile that differs from what it was (status unchanged, spec 4). */
export interface ApprovedProfileEdited {
  profile: CreatorProfile;
  editor: Principal;
  /** What this save changed. */
  changes: ProfileFieldChange[];
  /** The profile differed from what an admin verified for the first time since they looked. */
  firstSinceVerification: boolean;
}

type Listener = (event: ApprovedProfileEdited) => void;

/**
 * Tells whoever cares (moderation: the audit trail and the admins' mail) that an approved
 * creator changed the profile. Listeners run synchronously inside the saving request and add
 * their rows to its unit of work, so they are written in the same transaction as the edit, or
 * not at all. Exported so moderation can listen without creator depending on moderation.
 */
@Injectable()
export class ApprovedProfileEdits {
  private readonly listeners: Listener[] = [];

  listen(listener: Listener) {
    this.listeners.push(listener);
  }

  edited(event: ApprovedProfileEdited) {
    for (const listener of this.listeners) listener(event);
  }
}
