import type { Cities } from '../../city';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../../config/app-config';
import type { Clock } from '../../../shared/clock';
import type { ObjectStorage } from '../../../shared/storage/object-storage';
import type { Outbox } from '../../notifications';
import type { ApprovedProfileEdits } from './approved-profile-edits';
import type { CreatorRepository } from './creator.repository';
import type { FollowerCounts } from './follower-counts';
import type { HandleChecks } from './handle-checks';
import { OwnProfileService, profileImageKey, profileImageSmallKey } from './own-profile.service';

describe('removing the profile photo', () => {
  it('answers only once both sizes are settled, so no delete lands after a failure was reported', async () => {
    // The avatar's delete fails at once; the full photo's is still on its way (the S3 SDK's retry).
    let fullPhotoDeleted = false;
    const storage = {
      delete: jest.fn(async (key: string) => {
        if (key === profileImageSmallKey('u1')) throw new Error('connect ECONNREFUSED');
        await new Promise((resolve) => setTimeout(resolve, 30));
        fullPhotoDeleted = true;
      }),
    };
    const profiles = { findByUserId: jest.fn() };
    const service = new OwnProfileService(
      {} as EntityManager,
      profiles as unknown as CreatorRepository,
      storage as unknown as ObjectStorage,
      {} as Outbox,
      {} as Clock,
      {} as AppConfig,
      {} as ApprovedProfileEdits,
      {} as HandleChecks,
      {} as FollowerCounts,
      {} as Cities,
    );

    await expect(
      service.deleteImage({ id: 'u1', email: 'maya@example.com', emailConfirmed: true, roles: [], sessionId: 's1' }),
    ).rejects.toThrow('ECONNREFUSED');
    expect(storage.delete.mock.calls.map(([key]) => key).sort()).toEqual(
      [profileImageKey('u1'), profileImageSmallKey('u1')].sort(),
    );
    expect(fullPhotoDeleted).toBe(true);
    expect(profiles.findByUserId).not.toHaveBeenCalled(); // the profile is left as it was
  });
});
