import type { CallMatchCreator, PublicCreator } from '@local-creators/common';

/** A listed creator as the calls module matches and mails them (decision 0910). */
export interface CallCandidate extends CallMatchCreator {
  profileId: string;
  userId: string;
  name: string;
}

/**
 * Port: the calls module's questions about listed creators (issue 40 point 3). The creator module
 * answers from its own table; calls never reads it.
 */
export abstract class ListedCreatorsForCalls {
  /** Listed creators of the city who share at least one of the niches (the rest of the rule is common's callMatches). */
  abstract inCityWithNiches(citySlug: string, niches: readonly string[]): Promise<CallCandidate[]>;
  /** The listed creators among these accounts, by user id (unlisted ones are left out). */
  abstract listedOf(userIds: readonly string[]): Promise<Map<string, CallCandidate>>;
  /**
   * The public profiles (the directory's own read: handles confirmed, counts with their dates,
   * reply time, verified) of those of these profiles that are listed, by profile id. What a call's
   * business reads of those who answered (decision 0914); never an e-mail or a phone.
   */
  abstract publicProfilesOf(profileIds: readonly string[]): Promise<Map<string, PublicCreator>>;
}
