import type { AdminIntroductionRequest } from '@local-creators/common';
/**
 * One introduction request as the console lists it (common's AdminIntroductionRequest), with its
 * business's name, before its status is worked out; times as PostgreSQL gives them. Never the token hash.
 */
export type IntroductionRequestRow = Omit<AdminIntroductionRequest, 'status' | 'created_at' | 'confirmed_at'> & {
  created_at: Date;
  confirmed_at: Date | null;
};

export interface IntroductionRequestFilter {
  /** The cities' requests (slugs); null for every city (decision 0601). */
  cities: readonly string[] | null;
  /** One business's requests (an id, checked by the caller). */
  submissionId?: string;
  status?: 'confirmed' | 'unconfirmed';
}

/** Per business with at least one request: how many were confirmed and how many not. */
export interface IntroductionCountsRow {
  submission_id: string;
  city_slug: string;
  business_name: string;
  confirmed: string;
  unconfirmed: string;
}

/** Port: the console's read-only view of the introduction requests (decision 0110; table amplify_interest_requests). */
export abstract class IntroductionRequestReads {
  /** The matching requests by creation time (then id) in `order`, one page, and how many match. */
  abstract list(
    filter: IntroductionRequestFilter,
    page: { order: 'ASC' | 'DESC'; offset: number; limit: number },
  ): Promise<{ rows: IntroductionRequestRow[]; total: number }>;
  /** Per business of the cities (null: every city), most requested first. */
  abstract countsPerBusiness(cities: readonly string[] | null): Promise<IntroductionCountsRow[]>;
}
