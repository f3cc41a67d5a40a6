import type { AdminCreator, AdminStats, AuditEntry, ProfileFieldChange } from '@local-creators/common';
import { APPROVAL_STATUSES } from '@local-creators/common';
import {
  Bool,
  Int,
  Of,
  OfOrNull,
  OneOf,
  Optional,
  Str,
  StrOrNull,
  Time,
  TimeOrNull,
  Uuid,
} from '../../../shared/http/api-schema';
import { CreatorProfileDto } from '../../creator';

// The answers and bodies of the moderation routes, for the OpenAPI document (decision 0862).

export class AdminStatsDto implements AdminStats {
  @Int() total: number;
  @Int() pending: number;
  @Int() approved: number;
  @Int() rejected: number;
  @Int({ description: 'Rejected creators who changed the application since (decision 0117)' })
  updated_after_rejection: number;
}

export class ProfileFieldChangeDto implements ProfileFieldChange {
  @Str() field: ProfileFieldChange['field'];
  @Str() label: string;
  @StrOrNull() before: string | null;
  @StrOrNull() after: string | null;
}

export class ChangesSinceVerificationDto {
  @Time() changed_at: string;
  @Of(() => [ProfileFieldChangeDto]) changes: ProfileFieldChangeDto[];
}

export class AdminCreatorDto extends CreatorProfileDto implements AdminCreator {
  @Str() city_slug: string;
  @Str() email: string;
  @TimeOrNull() decided_at: string | null;
  @Int({ description: 'Sent back with every decision' }) version: number;
  @OfOrNull(() => ChangesSinceVerificationDto) changes_since_verification: ChangesSinceVerificationDto | null;
  @TimeOrNull() updated_after_rejection_at: string | null;
  @StrOrNull() profile_image_small_url: string | null;
}

/** PUT /api/admin/creators/:id: one decision, with the version the admin saw. */
export class CreatorDecisionDto {
  @Int({ description: 'The version the admin saw (409 when the creator changed since)' }) version: number;
  @Optional({ enum: [...APPROVAL_STATUSES], description: 'approved or rejected' }) approval_status?: string;
  @Optional({ type: String, nullable: true, description: 'Why, with a rejection' }) approval_notes?: string | null;
  @Optional({ type: Boolean, description: 'The phone was verified' }) phone_verified?: boolean;
}

export class HandleConfirmationDto {
  @Bool() confirmed: boolean;
  @Int({ description: 'The version the admin saw' }) version: number;
}

export class VersionDto {
  @Int({ description: 'The version the admin saw' }) version: number;
}

export class AuditEntryDto implements AuditEntry {
  @Uuid() id: string;
  @Str() city_slug: string;
  @Uuid() actor_id: string;
  @Str() actor_email: string;
  @OneOf(['creator_profile', 'amplify_submission']) subject_type: AuditEntry['subject_type'];
  @Uuid() subject_id: string;
  @Str() action: string;
  @StrOrNull() from_value: string | null;
  @StrOrNull() to_value: string | null;
  @StrOrNull() notes: string | null;
  @Time() created_at: string;
}
