import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { slugArray } from '../../../shared/sql';
import { ContactCountReads, type ContactCountQuery, type ContactCountRow } from '../application/contact-count-reads';

/** The counts in two statements: the creators who received any, then one page of them with their names. */
@Injectable()
export class SqlContactCountReads extends ContactCountReads {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async perCreator(opts: ContactCountQuery): Promise<{ rows: ContactCountRow[]; total: number }> {
    const cities = slugArray(opts.cities);
    const conn = this.em.getConnection();
    const [{ count }] = (await conn.execute<{ count: string }[]>(
      'select count(distinct profile_id) as count from contact_requests where ?::text[] is null or city_slug = any(?::text[])',
      [cities, cities],
    )) as [{ count: string }];
    const rows = await conn.execute<ContactCountRow[]>(
      `select c.*, p.reply_days, p.reply_rarely, p.full_name, p.city_slug from (
         select profile_id as id, count(*) as total, count(*) filter (where created_at > ?) as last_7_days,
              count(distinct lower(email)) as distinct_senders,
              count(*) filter (where shortlist_message_id is not null) as via_shortlists,
              count(reply_confirmed_at) as replied,
              count(*) filter (where proven and reply_confirmed_at is null and replied_at is null and created_at <= ?) as unanswered,
              max(created_at) as last_received_at
         from contact_requests where ?::text[] is null or city_slug = any(?::text[]) group by profile_id
        order by ${opts.sort} ${opts.order === 'DESC' ? 'desc' : 'asc'}, profile_id limit ? offset ?) c
        join creator_profiles p on p.id = c.id
        order by ${opts.sort} ${opts.order === 'DESC' ? 'desc' : 'asc'}, c.id`,
      [opts.weekAgo, opts.unansweredBefore, cities, cities, opts.limit, opts.offset],
    );
    return { rows, total: Number(count) };
  }
}
