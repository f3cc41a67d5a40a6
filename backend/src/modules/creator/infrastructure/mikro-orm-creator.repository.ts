import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { CreatorRepository } from '../application/creator.repository';
import { CreatorProfile } from '../domain/creator-profile';
import { PROFILE_SQL, readOnlyProfile } from './profile-rows';

/** The aggregate's repository: profiles in the caller's unit of work (MikroORM's identity map). */
@Injectable()
export class MikroOrmCreatorRepository extends CreatorRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  add(profile: CreatorProfile) {
    this.em.persist(profile);
  }

  findById(id: string) {
    return this.em.findOne(CreatorProfile, { id });
  }

  findByUserId(userId: string) {
    return this.em.findOne(CreatorProfile, { userId });
  }

  async loadPublicFacts(profile: CreatorProfile) {
    const [row] = await this.em.getConnection().execute(PROFILE_SQL.replace('$1', '?'), [profile.id]);
    if (!row) return;
    const facts = readOnlyProfile(row);
    // Only the read side: the row's own columns stay as the caller's unit of work has them.
    profile.confirmedHandles = facts.confirmedHandles;
    profile.handlesConfirmed = facts.handlesConfirmed;
    profile.replyDays = facts.replyDays;
    profile.replyRarely = facts.replyRarely;
    profile.followerDates = facts.followerDates;
    profile.localAudience = facts.localAudience;
  }
}
