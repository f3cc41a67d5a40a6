import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { CreatorRepository } from '../application/creator.repository';
import { CreatorProfile } from '../domain/creator-profile';

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
}
