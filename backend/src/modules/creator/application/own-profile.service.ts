import { Inject, Injectable } from '@nestjs/common';
import { OptimisticLockError } from '@mikro-orm/core';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import {
  MSG,
  PROFILE_IMAGE_BUCKET,
  validateContactSettings,
  validateProfile,
  type CreatorProfile as CreatorProfileDto,
  type OwnHandleCheck,
  type ProfileInput,
} from '@local-creators/common';
import { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../shared/clock';
import { DomainError, unwrapValidation } from '../../../shared/domain-error';
import { processImage } from '../../../shared/images/image-processor';
import { ObjectStorage } from '../../../shared/storage/object-storage';
import { Outbox } from '../../notifications';
import { Cities } from '../../city';
import type { Principal } from '../../../shared/auth/principal';
import { CreatorProfile } from '../domain/creator-profile';
import { ApprovedProfileEdits } from './approved-profile-edits';
import { CreatorRepository } from './creator.repository';
import { FollowerCounts } from './follower-counts';
import { HandleChecks } from './handle-checks';
import { toCreatorProfileDto } from './creator-views';

const IMAGE_MAX_SIZE = 800;
/** The avatar size of the same photo: a card's 56 px and a profile's 128 px avatar at 2x (decision 0213). */
export const PROFILE_IMAGE_SMALL_SIZE = 256;
/** processImage always answers WebP, so the key of a user's photo is fixed. */
const IMAGE_EXT = 'webp';

/** Where an account's profile photo is stored (an upload, or a demo creator's portrait). */
export const profileImageKey = (userId: string) => `${PROFILE_IMAGE_BUCKET}/${userId}/profile.${IMAGE_EXT}`;
/** ...and the same photo at avatar size. */
export const profileImageSmallKey = (userId: string) => `${PROFILE_IMAGE_BUCKET}/${userId}/avatar.${IMAGE_EXT}`;

/** A creator's own profile: read, create or update (one per account), and its photo. */
@Injectable()
export class OwnProfileService {
  constructor(
    private readonly em: EntityManager,
    private readonly profiles: CreatorRepository,
    private readonly storage: ObjectStorage,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly approvedEdits: ApprovedProfileEdits,
    private readonly handleChecks: HandleChecks,
    private readonly followerCounts: FollowerCounts,
    private readonly cities: Cities,
  ) {}

  async get(user: Principal): Promise<CreatorProfileDto | null> {
    const profile = await this.profiles.findByUserId(user.id);
    return profile ? toCreatorProfileDto(profile) : null;
  }

  /**
   * Creates the caller's profile (pending, not public, and the admins are told) or updates it
   * (status untouched). Only the fields of the spec's form are read from the body.
   */
  async save(user: Principal, body: unknown): Promise<{ created: boolean; profile: CreatorProfileDto }> {
    const input = unwrapValidation(validateProfile(body));
    const imageUrl = await this.ownImageUrl(user, (body as { profile_image_url?: unknown } | null)?.profile_image_url);
    const city = await this.cityOf(body);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.createOrUpdate(user, input, imageUrl, city);
      } catch (error) {
        // Two first saves at once (a double click, two tabs): the unique user_id lets one insert
        // win; the other, rolled back whole (outbox row included), becomes an update of it.
        // An admin's decision landing between our read and our write moves the row's version
        // on (optimistic lock): the edit is applied again to the row as it is now.
        const retry = error instanceof UniqueConstraintViolationException || error instanceof OptimisticLockError;
        if (!retry || attempt >= 3) throw error;
        this.em.clear();
      }
    }
  }

  /**
   * The city a new application joins: the body's `city` (a city's slug, e.g. from that city's own
   * pages) or the home city. A profile keeps its city: later saves ignore the field (decision 0600).
   */
  private async cityOf(body: unknown): Promise<{ name: string; slug: string }> {
    const asked = (body as { city?: unknown } | null)?.city;
    if (asked === undefined || asked === null || asked === '') return this.cities.home();
    const city = typeof asked === 'string' ? await this.cities.bySlug(asked) : null;
    if (!city) throw DomainError.invalid('CREATOR.UNKNOWN_CITY', MSG.unknownCity, 'city');
    return city;
  }

  private async createOrUpdate(
    user: Principal,
    input: ProfileInput,
    imageUrl: string | null | undefined,
    city: { name: string; slug: string },
  ) {
    const now = this.clock.now();
    const existing = await this.profiles.findByUserId(user.id);
    if (existing) {
      const edit = existing.update(input, imageUrl === undefined ? existing.profileImageUrl : imageUrl, now);
      await this.withSmallImage(user, existing);
      if (edit.approvedProfileChanged) {
        this.approvedEdits.edited({
          profile: existing,
          editor: user,
          changes: edit.changes,
          firstSinceVerification: edit.firstSinceVerification,
        });
      }
      if (edit.firstChangeSinceRejection) {
        this.outbox.add('rejected-creator-updated', {
          creatorName: existing.fullName,
          creatorEmail: user.email,
          profileId: existing.id,
          citySlug: existing.citySlug,
        });
      }
      await this.followerCounts.sync(existing, user.email, now, { newProfile: false });
      const { cleared } = await this.handleChecks.sync(existing, now);
      if (cleared.length) {
        this.outbox.add('handle-confirmation-cleared', {
          creatorName: existing.fullName,
          creatorEmail: user.email,
          profileId: existing.id,
          citySlug: existing.citySlug,
          handles: cleared,
        });
      }
      await this.em.flush();
      return { created: false, profile: toCreatorProfileDto(existing) };
    }
    // A photo uploaded before the profile existed belongs to it even when the body omits its URL.
    const photo = imageUrl === undefined ? await this.storage.urlOf(profileImageKey(user.id)) : imageUrl;
    const profile = CreatorProfile.create(user.id, input, photo, now, city);
    await this.withSmallImage(user, profile);
    this.profiles.add(profile);
    this.outbox.add('notify-new-registration', {
      creatorName: profile.fullName,
      creatorEmail: user.email,
      creatorPhone: profile.phone,
      creatorCity: profile.city,
      creatorNiches: profile.niches,
      profileId: profile.id,
      citySlug: profile.citySlug,
    });
    const { issued } = await this.handleChecks.sync(profile, now);
    this.outbox.add('creator-application-received', {
      email: user.email,
      name: profile.fullName,
      handleCodes: issued.map((c) => ({ platform: c.platform, handle: c.handle, code: c.code })),
    });
    await this.followerCounts.sync(profile, user.email, now, { newProfile: true });
    await this.em.flush();
    return { created: true, profile: toCreatorProfileDto(profile) };
  }

  /** The creator joined the affiliate crew (spec: the promo shows while has_joined_floaters_crew is false). */
  async markJoinedCrew(user: Principal): Promise<CreatorProfileDto> {
    let result: CreatorProfileDto | null = null;
    await this.onFreshRow(async () => {
      const profile = await this.profiles.findByUserId(user.id);
      if (!profile) throw DomainError.notFound('PROFILE.NOT_FOUND', 'Profile not found');
      profile.markJoinedCrew(this.clock.now());
      await this.em.flush();
      result = toCreatorProfileDto(profile);
    });
    return result!;
  }

  /** The caller's handles with the codes to put in each platform's bio, and what is confirmed (decision 0502). */
  async ownHandleChecks(user: Principal): Promise<OwnHandleCheck[]> {
    const profile = await this.profiles.findByUserId(user.id);
    return profile ? this.handleChecks.ofOwner(profile, this.clock.now()) : [];
  }

  /** The creator keeps the Contact form on, or turns it off and names links to show instead (decision 0501). */
  async setContact(user: Principal, body: unknown): Promise<CreatorProfileDto> {
    let result: CreatorProfileDto | null = null;
    await this.onFreshRow(async () => {
      const profile = await this.profiles.findByUserId(user.id);
      if (!profile) throw DomainError.notFound('PROFILE.NOT_FOUND', 'Profile not found');
      profile.setContact(unwrapValidation(validateContactSettings(body, profile.content())), this.clock.now());
      await this.em.flush();
      result = toCreatorProfileDto(profile);
    });
    return result!;
  }

  /** Re-encodes and stores the photo at profile-images/{userId}/profile.webp (overwriting). */
  async uploadImage(user: Principal, file: { buffer: Buffer } | undefined): Promise<{ profile_image_url: string }> {
    if (!file?.buffer?.length) throw DomainError.invalid('IMAGE.NOT_IMAGE', MSG.imageNotImage, 'file');
    const [image, small] = await Promise.all(
      [IMAGE_MAX_SIZE, PROFILE_IMAGE_SMALL_SIZE].map((maxSize) => processImage(file.buffer, { maxSize })),
    );
    // The avatar first: a photo whose URL is handed out always has its small size beside it.
    const smallUrl = await this.storage.put(profileImageSmallKey(user.id), small!.body, small!.contentType);
    const url = await this.storage.put(profileImageKey(user.id), image!.body, image!.contentType);
    await this.onFreshRow(async () => {
      const profile = await this.profiles.findByUserId(user.id);
      if (profile) {
        profile.setImage(url, smallUrl, this.clock.now());
        await this.em.flush();
      }
    });
    return { profile_image_url: url };
  }

  async deleteImage(user: Principal): Promise<void> {
    // Both deletes settle before the answer: a failure is reported only once nothing else can still
    // land behind it (an SDK retry of the other size).
    const deletes = await Promise.allSettled([
      this.storage.delete(profileImageKey(user.id)),
      this.storage.delete(profileImageSmallKey(user.id)),
    ]);
    const failed = deletes.find((d) => d.status === 'rejected');
    if (failed) throw failed.reason;
    await this.onFreshRow(async () => {
      const profile = await this.profiles.findByUserId(user.id);
      if (profile?.profileImageUrl) {
        profile.setImage(null, null, this.clock.now());
        await this.em.flush();
      }
    });
  }

  /** Runs a read-change-flush again when an admin's decision moved the row on in between (optimistic lock). */
  private async onFreshRow(work: () => Promise<void>) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if (!(error instanceof OptimisticLockError) || attempt >= 3) throw error;
        this.em.clear();
      }
    }
  }

  /** A profile's photo (always this user's own, see ownImageUrl) gets its avatar size when one is stored. */
  private async withSmallImage(user: Principal, profile: CreatorProfile) {
    if (!profile.profileImageUrl || profile.profileImageSmallUrl) return;
    const small = await this.storage.urlOf(profileImageSmallKey(user.id));
    if (small) profile.setImage(profile.profileImageUrl, small, profile.updatedAt);
  }

  /**
   * The wizard uploads the photo before the profile exists and sends its URL along. Only the URL
   * the upload answered for this user is accepted: its path must be exactly the one of the stored
   * photo (no `..`, `%2e`, `//` or other spelling reaching another creator's photo), followed at
   * most by the version the upload added. undefined = not sent (keep what is there).
   */
  private async ownImageUrl(user: Principal, raw: unknown): Promise<string | null | undefined> {
    if (raw === undefined) return undefined;
    if (raw === null || raw === '') return null;
    const notOwn = () => DomainError.invalid('IMAGE.NOT_OWN', MSG.imageNotOwn, 'profile_image_url');
    if (typeof raw !== 'string' || raw.length > 1_000) throw notOwn();
    const key = profileImageKey(user.id);
    const [path, version, ...rest] = raw.split('?');
    if (
      rest.length ||
      (version !== undefined && !/^v=[0-9a-z]{1,16}$/.test(version)) ||
      this.storage.keyOf(raw) !== key
    )
      throw notOwn();
    const stored = await this.storage.urlOf(key);
    if (!stored || stored.split('?')[0] !== path) throw notOwn();
    return raw;
  }
}
