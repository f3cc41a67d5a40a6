/** One creator's messages, counted for the admins (decision 0501): never the messages themselves. */
export interface ContactCountRow {
  id: string;
  total: string;
  last_7_days: string;
  distinct_senders: string;
  via_shortlists: string;
  replied: string;
  unanswered: string;
  reply_days: number | null;
  reply_rarely: boolean;
  full_name: string;
  city_slug: string;
  last_received_at: Date;
}

export interface ContactCountQuery {
  offset: number;
  limit: number;
  sort: 'total' | 'last_7_days' | 'last_received_at';
  order: 'ASC' | 'DESC';
  /** The cities to count (slugs); null for every city (decision 0601). */
  cities: readonly string[] | null;
  /** Messages after this count in `last_7_days`. */
  weekAgo: Date;
  /** Proven messages neither side marked by this time count as unanswered (decision 0841). */
  unansweredBefore: Date;
}

/** Port: the admins' per-creator message counts, from the stored messages (table contact_requests). */
export abstract class ContactCountReads {
  /** How many creators of the cities received a message, and one page of their counts. */
  abstract perCreator(q: ContactCountQuery): Promise<{ rows: ContactCountRow[]; total: number }>;
}
