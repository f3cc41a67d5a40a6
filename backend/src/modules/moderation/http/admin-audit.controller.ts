import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { DomainError } from '../../../shared/domain-error';
import { parseListQuery, sendList } from '../../../shared/ra-list';
import { Auth, CurrentUser } from '../../../shared/auth/access';
import { cityScope } from '../../../shared/auth/city-scope';
import type { Principal } from '../../../shared/auth/principal';
import { AuditTrail } from '../application/audit-trail';
import { AUDIT_SUBJECTS, type AuditSubject } from '../domain/audit-entry';
import { AuditEntryDto } from './moderation.dto';
import { RaListQuery } from '../../../shared/http/api-schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The console's `audit-log` resource: filter `{ subject_id, subject_type }`, newest first. */
@ApiTags('admin')
@Auth('admin')
@Controller('admin/audit-log')
export class AdminAuditController {
  constructor(private readonly audit: AuditTrail) {}

  @Get()
  @ApiOkResponse({ type: [AuditEntryDto], description: 'Filter { subject_id, subject_type, city }' })
  async list(
    @CurrentUser() admin: Principal,
    @Query() query: RaListQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    const q = parseListQuery<{ subject_id?: unknown; subject_type?: unknown; city?: unknown }>(query, {
      sortable: ['id', 'created_at'],
      defaultSort: ['created_at', 'DESC'],
    });
    const { subject_id: subjectId, subject_type: subjectType } = q.filter;
    if (
      subjectId !== undefined &&
      subjectId !== null &&
      subjectId !== '' &&
      !(typeof subjectId === 'string' && UUID.test(subjectId))
    ) {
      throw DomainError.invalid('LIST.BAD_FILTER', 'subject_id must be an id', 'filter');
    }
    if (
      subjectType !== undefined &&
      subjectType !== null &&
      subjectType !== '' &&
      !(AUDIT_SUBJECTS as readonly unknown[]).includes(subjectType)
    ) {
      throw DomainError.invalid('LIST.BAD_FILTER', 'Unknown subject_type', 'filter');
    }
    // react-admin's default sort is by id; the trail is always read in time order.
    const { items, total } = await this.audit.list({
      subjectId: (subjectId || undefined) as string | undefined,
      subjectType: (subjectType || undefined) as AuditSubject | undefined,
      cities: cityScope(admin, q.filter.city),
      order: q.sortOrder,
      offset: q.offset,
      limit: q.limit,
    });
    return sendList(res, 'audit-log', q, items, total);
  }
}
