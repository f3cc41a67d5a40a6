import { Injectable, Logger } from '@nestjs/common';
import type { AreaPageResponse, CreatorPage, DirectoryResponse } from '@local-creators/common';
import type { Principal } from '../../../shared/auth/principal';
import { ViewGate, isKnownBot } from '../../../shared/views/view-gate';
import { visitSource } from '../domain/visit';
import { CreatorRepository } from './creator.repository';
import { ProfileCounter } from './profile-counter';

/**
 * What a public read tells about its visitor, read and forgotten: the User-Agent, the address
 * (only for the day's hash, decision 0850) and the `ref` the site's own link put in the address.
 */
export interface VisitHeaders {
  userAgent?: string;
  ip?: string;
  ref?: unknown;
}

/**
 * Turns public reads into the creator's numbers (decision 0820): a listed profile read is a view
 * (with where the visitor came from), each creator in a directory answer an appearance. Known
 * robots are not counted, nor a signed-in creator reading their own profile. Counting is in
 * memory (ProfileCounter); nothing here waits for the database on the request's way.
 */
@Injectable()
export class ProfileVisits {
  private readonly logger = new Logger(ProfileVisits.name);
  private readonly shown = new WeakMap<object, readonly string[]>();

  constructor(
    private readonly counter: ProfileCounter,
    private readonly profiles: CreatorRepository,
    private readonly gate: ViewGate,
  ) {}

  /**
   * A listed profile was read, as JSON or as its drawn page: a view when a person's client reads
   * it for the first time today, from the source its `ref` names (decision 0850). Whether it is
   * the first needs Redis, and whose profile it is (signed in) a read: both after the answer,
   * off the request's way.
   */
  viewed(profileId: string, visit: VisitHeaders, viewer?: Principal) {
    const userAgent = visit.userAgent;
    if (isKnownBot(userAgent) || !userAgent) return;
    const source = visitSource(visit.ref);
    const day = this.counter.day();
    void (async () => {
      if (viewer && (await this.profiles.findByUserId(viewer.id))?.id === profileId) return;
      if (await this.gate.admits(profileId, day, { ip: visit.ip ?? '', userAgent }))
        this.counter.count('views', profileId, source);
    })().catch((error: unknown) => this.logger.warn(`a view was not counted: ${(error as Error).message}`));
  }

  /** The directory's overview was answered: each creator shown on it appeared once. */
  overviewShown(answer: DirectoryResponse, visit: VisitHeaders) {
    if (isKnownBot(visit.userAgent)) return;
    this.counter.countList(
      'appearances',
      this.shownOn(answer, () => [...answer.recent, ...answer.niches.flatMap((group) => group.creators)]),
    );
  }

  /** A page of a search or a list was answered: each creator on it appeared once. */
  pageShown(answer: CreatorPage, visit: VisitHeaders) {
    if (isKnownBot(visit.userAgent)) return;
    this.counter.countList(
      'appearances',
      this.shownOn(answer, () => answer.items),
    );
  }

  /** A niche's or neighbourhood's page (decision 0640): its newest and most followed cards appeared. */
  areaShown(answer: AreaPageResponse, visit: VisitHeaders) {
    if (isKnownBot(visit.userAgent)) return;
    this.counter.countList(
      'appearances',
      this.shownOn(answer, () => [...answer.newest, ...answer.most_followed]),
    );
  }

  /**
   * The distinct creators an answer shows, worked out once per answer: a cached answer is the same
   * object on every read, so reading it again counts without going through its cards.
   */
  private shownOn(answer: object, cards: () => readonly { id: string }[]): readonly string[] {
    let ids = this.shown.get(answer);
    if (!ids) this.shown.set(answer, (ids = [...new Set(cards().map((c) => c.id))]));
    return ids;
  }
}
