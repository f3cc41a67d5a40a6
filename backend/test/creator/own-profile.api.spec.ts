import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { MSG } from '@local-creators/common';
import { bearer, createTestApp, signUp, signUpAdmin, TestApp } from '../helpers/test-app';
import { validProfile } from './fixtures';

const readdirOrEmpty = (dir: string) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

describe('own profile API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ worker: true });
  });
  afterAll(() => t.close());

  it('answers null before the first application, 401 signed out', async () => {
    const s = await signUp(t);
    const res = await t.http().get('/api/me/profile').set(bearer(s)).expect(200);
    expect(res.body).toBeNull();
    const anon = await t.http().get('/api/me/profile').expect(401);
    expect(anon.body.message).toBe(MSG.notAuthenticated);
    for (const call of [
      t.http().put('/api/me/profile').send(validProfile()),
      t.http().put('/api/me/profile/image').attach('file', Buffer.from('x'), 'me.png'),
      t.http().delete('/api/me/profile/image'),
    ]) {
      expect((await call.expect(401)).body.message).toBe(MSG.notAuthenticated);
    }
    expect(await t.sql('select 1 from creator_profiles')).toHaveLength(0);
  });

  it("refuses a body that is not a profile object with the first rule's message", async () => {
    const s = await signUp(t);
    for (const body of [[1, 2], {}]) {
      const res = await t.http().put('/api/me/profile').set(bearer(s)).send(body).expect(400);
      expect(res.body).toMatchObject({ message: MSG.nameRequired, field: 'full_name' });
    }
  });

  it.each([
    [{ full_name: '   ' }, MSG.nameRequired],
    [{ full_name: 'x'.repeat(101) }, MSG.nameTooLong],
    [{ phone: '216-555-CALL' }, MSG.phoneFormat],
    [{ phone: '555-0101' }, MSG.phoneTooShort],
    [{ phone: '+1 (216) 555-0101 ext 12'.replace(/[a-z]/g, '9') }, MSG.phoneTooLong],
    [{ bio: 'Too short' }, MSG.bioTooShort],
    [{ bio: 'x'.repeat(241) }, MSG.bioTooLong],
    [{ neighborhood: 'x'.repeat(101) }, MSG.neighborhoodTooLong],
    [{ media_kit_url: 'not a url' }, MSG.mediaKitUrlInvalid],
    [{ media_kit_url: 'javascript:alert(1)' }, MSG.mediaKitUrlInvalid],
    [{ link_hub_url: 'ftp://files.example.com' }, MSG.linkHubUrlInvalid],
    [{ niches: [] }, MSG.nicheRequired],
    [{ niches: ['Knitting'] }, MSG.nicheUnknown],
    [{ platforms: [] }, MSG.platformRequired],
    [{ content_types: [] }, MSG.contentTypeRequired],
    [{ collab_types: [] }, MSG.collabTypeRequired],
    [{ platforms: [{ name: '', handle: 'a', url: '', followers: 1 }] }, MSG.platformNameRequired],
    [
      { platforms: [{ name: 'Instagram', handle: 'a', url: 'javascript:alert(1)', followers: 1 }] },
      MSG.platformUrlInvalid,
    ],
    [{ platforms: [{ name: 'Instagram', handle: 'a', url: '', followers: -1 }] }, MSG.followersNegative],
    [{ platforms: [{ name: 'Instagram', handle: 'a', url: '', followers: 1_000_000_001 }] }, MSG.followersTooLarge],
  ])('refuses %j with its message and writes nothing', async (override, message) => {
    const s = await signUp(t);
    const res = await t
      .http()
      .put('/api/me/profile')
      .set(bearer(s))
      .send(validProfile(override as never))
      .expect(400);
    expect(res.body.message).toBe(message);
    const rows = await t.sql('select 1 from creator_profiles where user_id = $1', [s.user.id]);
    expect(rows).toHaveLength(0);
  });

  it('creates a pending, private profile with trimmed text, and mails the admins once', async () => {
    const s = await signUp(t);
    const res = await t
      .http()
      .put('/api/me/profile')
      .set(bearer(s))
      .send(validProfile({ full_name: '  Maya Brooks  ', bio: '  Food and family adventures around Cleveland.  ' }))
      .expect(201);
    expect(res.body).toMatchObject({
      full_name: 'Maya Brooks',
      bio: 'Food and family adventures around Cleveland.',
      approval_status: 'pending',
      is_public: false,
      phone_verified: false,
      city: 'Cleveland',
      user_id: s.user.id,
    });
    const outbox = await t.sql<{ payload: Record<string, unknown> }>(
      `select payload from outbox_messages where kind = 'notify-new-registration' and payload->>'profileId' = $1`,
      [res.body.id],
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.payload).toMatchObject({
      creatorName: 'Maya Brooks',
      creatorEmail: s.user.email,
      creatorPhone: '(216) 555-0101',
      creatorCity: 'Cleveland',
      creatorNiches: ['Food', 'Family'],
    });
    const mail = await t.mailbox.waitFor((m) => m.subject.includes('New creator application: Maya Brooks'));
    expect(mail.to).toEqual(['founder@localcreators.test']);

    // A second save updates the same profile and writes no second notification.
    await t
      .http()
      .put('/api/me/profile')
      .set(bearer(s))
      .send(validProfile({ bio: 'An updated bio about Cleveland food.' }))
      .expect(200);
    const again = await t.sql(
      `select 1 from outbox_messages where kind = 'notify-new-registration' and payload->>'profileId' = $1`,
      [res.body.id],
    );
    expect(again).toHaveLength(1);
  });

  it('turns two simultaneous first saves into one profile, one notification and no error', async () => {
    const s = await signUp(t);
    const [a, b] = await Promise.all([
      t
        .http()
        .put('/api/me/profile')
        .set(bearer(s))
        .send(validProfile({ bio: 'First tab, about Cleveland food.' })),
      t
        .http()
        .put('/api/me/profile')
        .set(bearer(s))
        .send(validProfile({ bio: 'Second tab, about Cleveland food.' })),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect(await t.sql('select 1 from creator_profiles where user_id = $1', [s.user.id])).toHaveLength(1);
    expect(
      await t.sql(
        `select 1 from outbox_messages where kind = 'notify-new-registration' and payload->>'profileId' = $1`,
        [a.body.id],
      ),
    ).toHaveLength(1);
  });

  it('keeps the approval status on update and ignores attempts to set status fields', async () => {
    const s = await signUp(t);
    const created = (await t.http().put('/api/me/profile').set(bearer(s)).send(validProfile()).expect(201)).body;
    await t.sql(
      `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true where id = $1`,
      [created.id],
    );
    const res = await t
      .http()
      .put('/api/me/profile')
      .set(bearer(s))
      .send({
        ...validProfile({ bio: 'Edited bio, still about Cleveland.' }),
        approval_status: 'pending',
        is_public: false,
        phone_verified: false,
        user_id: '00000000-0000-4000-8000-000000000000',
        approval_notes: 'x',
      })
      .expect(200);
    expect(res.body).toMatchObject({
      approval_status: 'approved',
      is_public: true,
      phone_verified: true,
      user_id: s.user.id,
      approval_notes: null,
      bio: 'Edited bio, still about Cleveland.',
    });

    const sneaky = await signUp(t);
    const own = await t
      .http()
      .put('/api/me/profile')
      .set(bearer(sneaky))
      .send({ ...validProfile(), approval_status: 'approved', is_public: true, phone_verified: true })
      .expect(201);
    expect(own.body).toMatchObject({ approval_status: 'pending', is_public: false, phone_verified: false });
  });

  it("only ever touches the caller's own profile", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const profileA = (
      await t
        .http()
        .put('/api/me/profile')
        .set(bearer(a))
        .send(validProfile({ full_name: 'Alice A' }))
        .expect(201)
    ).body;
    await t
      .http()
      .put('/api/me/profile')
      .set(bearer(b))
      .send({ ...validProfile({ full_name: 'Bob B' }), id: profileA.id })
      .expect(201);
    const [rowA] = await t.sql<{ full_name: string }>('select full_name from creator_profiles where id = $1', [
      profileA.id,
    ]);
    expect(rowA!.full_name).toBe('Alice A');
    expect((await t.http().get('/api/me/profile').set(bearer(b))).body.full_name).toBe('Bob B');
    // An unlisted profile is invisible to another creator, visible to its owner and to admins (preview).
    await t.http().get(`/api/creators/${profileA.id}`).set(bearer(b)).expect(404);
    await t.http().get(`/api/creators/${profileA.id}`).set(bearer(a)).expect(200);
    await t
      .http()
      .get(`/api/creators/${profileA.id}`)
      .set(bearer(await signUpAdmin(t)))
      .expect(200);
  });

  describe('profile image', () => {
    // A phone photo: JPEG with EXIF, GPS included.
    const photo = () =>
      sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 120, g: 60, b: 200 } } })
        .withExif({
          IFD0: { Artist: 'Maya', Make: 'PhoneCo' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '41/1 29/1 0/1',
            GPSLongitudeRef: 'W',
            GPSLongitude: '81/1 41/1 0/1',
          },
        })
        .jpeg()
        .toBuffer();

    it('refuses a non-image renamed .png and a 6 MB image with the spec messages', async () => {
      const s = await signUp(t);
      const fake = await t
        .http()
        .put('/api/me/profile/image')
        .set(bearer(s))
        .attach('file', Buffer.from('%PDF-1.4 definitely not a picture'), {
          filename: 'me.png',
          contentType: 'image/png',
        })
        .expect(400);
      expect(fake.body.message).toBe(MSG.imageNotImage);
      const big = await t
        .http()
        .put('/api/me/profile/image')
        .set(bearer(s))
        .attach('file', Buffer.alloc(6 * 1024 * 1024, 1), { filename: 'big.jpg', contentType: 'image/jpeg' });
      expect(big.status).toBe(413);
      expect(big.body.message).toBe(MSG.imageTooLarge);
    });

    it('refuses an exactly 5 MB file, another file field and two files with the spec messages', async () => {
      const s = await signUp(t);
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
        .png()
        .toBuffer();
      const exact = await t
        .http()
        .put('/api/me/profile/image')
        .set(bearer(s))
        .attach('file', Buffer.alloc(5 * 1024 * 1024, 1), 'exact.png')
        .expect(413);
      expect(exact.body.message).toBe(MSG.imageTooLarge);
      const wrongField = await t
        .http()
        .put('/api/me/profile/image')
        .set(bearer(s))
        .attach('photo', png, 'me.png')
        .expect(400);
      expect(wrongField.body).toMatchObject({ message: MSG.imageNotImage, field: 'file' });
      const two = await t
        .http()
        .put('/api/me/profile/image')
        .set(bearer(s))
        .attach('file', png, 'a.png')
        .attach('file', png, 'b.png')
        .expect(400);
      expect(two.body.message).toBe(MSG.imageNotImage);
      const none = await t.http().put('/api/me/profile/image').set(bearer(s)).field('note', 'no file').expect(400);
      expect(none.body.message).toBe(MSG.imageNotImage);
      expect(readdirOrEmpty(join(t.env.STORAGE_DIR!, 'profile-images', s.user.id))).toEqual([]);
    });

    it('accepts a real PNG carrying EXIF and GPS, and stores it stripped', async () => {
      const s = await signUp(t);
      const png = await sharp({
        create: { width: 640, height: 480, channels: 4, background: { r: 20, g: 160, b: 90, alpha: 1 } },
      })
        .withExif({
          IFD0: { Artist: 'Maya', Copyright: 'Maya' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '41/1 28/1 55/1',
            GPSLongitudeRef: 'W',
            GPSLongitude: '81/1 40/1 12/1',
          },
        })
        .png()
        .toBuffer();
      expect((await sharp(png).metadata()).exif).toBeDefined();
      const up = await t
        .http()
        .put('/api/me/profile/image')
        .set(bearer(s))
        .attach('file', png, { filename: 'me.png', contentType: 'image/png' })
        .expect(200);
      const stored = readFileSync(join(t.env.STORAGE_DIR!, 'profile-images', s.user.id, 'profile.webp'));
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 640, height: 480 });
      expect(meta.exif).toBeUndefined();
      expect(stored.includes(Buffer.from('GPS'))).toBe(false);
      expect(up.body.profile_image_url).toMatch(/^\/storage\/profile-images\/.+\/profile\.webp\?v=/);
    });

    it('stores the photo at avatar size too: cards show it, the profile offers both, deleting removes both (issue 12)', async () => {
      const s = await signUp(t);
      await t
        .http()
        .put('/api/me/profile/image')
        .set(bearer(s))
        .attach('file', await photo(), { filename: 'me.jpg', contentType: 'image/jpeg' })
        .expect(200);
      const dir = join(t.env.STORAGE_DIR!, 'profile-images', s.user.id);
      expect(readdirOrEmpty(dir).sort()).toEqual(['avatar.webp', 'profile.webp']);
      expect(await sharp(readFileSync(join(dir, 'avatar.webp'))).metadata()).toMatchObject({
        format: 'webp',
        width: 256,
        height: 192,
      });
      expect(await sharp(readFileSync(join(dir, 'profile.webp'))).metadata()).toMatchObject({
        width: 800,
        height: 600,
      });

      const { id } = (
        await t
          .http()
          .put('/api/me/profile')
          .set(bearer(s))
          .send(validProfile({ full_name: 'Avery Avatar' }))
          .expect(201)
      ).body;
      await t.sql(
        `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true where id = $1`,
        [id],
      );
      const profile = (await t.http().get(`/api/creators/${id}`).expect(200)).body;
      expect(profile.profile_image_url).toMatch(/\/profile\.webp\?v=/);
      expect(profile.profile_image_small_url).toMatch(/\/avatar\.webp\?v=/);
      await t.http().get(profile.profile_image_small_url).expect(200);
      const card = (await t.http().get('/api/creators?q=Avery').expect(200)).body.items[0];
      expect(card.profile_image_url).toBe(profile.profile_image_small_url);
      const overview = (await t.http().get('/api/directory').expect(200)).body;
      expect(overview.recent.find((c: { id: string }) => c.id === id).profile_image_url).toBe(
        profile.profile_image_small_url,
      );

      // A photo stored before avatar sizes existed: the card keeps the full photo.
      await t.sql(`update creator_profiles set profile_image_small_url = null where id = $1`, [id]);
      expect((await t.http().get('/api/creators?q=Avery').expect(200)).body.items[0].profile_image_url).toBe(
        profile.profile_image_url,
      );

      await t.http().delete('/api/me/profile/image').set(bearer(s)).expect(204);
      expect(readdirOrEmpty(dir)).toEqual([]);
      expect((await t.http().get(`/api/creators/${id}`).expect(200)).body).toMatchObject({
        profile_image_url: null,
        profile_image_small_url: null,
      });
    });

    it('gives a profile created later the photo uploaded before it, unless the body says otherwise', async () => {
      const s = await signUp(t);
      const up = await t
        .http()
        .put('/api/me/profile/image')
        .set(bearer(s))
        .attach('file', await photo(), 'me.jpg')
        .expect(200);
      const created = await t.http().put('/api/me/profile').set(bearer(s)).send(validProfile()).expect(201);
      expect(created.body.profile_image_url).toMatch(
        new RegExp(`^/storage/profile-images/${s.user.id}/profile\\.webp\\?v=`),
      );
      await t.http().get(created.body.profile_image_url).expect(200);
      // An edit that does not mention the photo keeps it; an explicit null removes it.
      expect(
        (await t.http().put('/api/me/profile').set(bearer(s)).send(validProfile()).expect(200)).body.profile_image_url,
      ).toBe(created.body.profile_image_url);
      expect(
        (
          await t
            .http()
            .put('/api/me/profile')
            .set(bearer(s))
            .send({ ...validProfile(), profile_image_url: null })
            .expect(200)
        ).body.profile_image_url,
      ).toBeNull();
      expect(up.body.profile_image_url).toBeTruthy();

      const removedFirst = await signUp(t);
      await t
        .http()
        .put('/api/me/profile/image')
        .set(bearer(removedFirst))
        .attach('file', await photo(), 'me.jpg')
        .expect(200);
      await t.http().delete('/api/me/profile/image').set(bearer(removedFirst)).expect(204);
      expect(
        (await t.http().put('/api/me/profile').set(bearer(removedFirst)).send(validProfile()).expect(201)).body
          .profile_image_url,
      ).toBeNull();
    });

    it('stores a re-encoded copy without EXIF or GPS, bounded in size, and links it to the profile', async () => {
      const s = await signUp(t);
      const source = await photo();
      expect((await sharp(source).metadata()).exif).toBeDefined();
      const up = await t
        .http()
        .put('/api/me/profile/image')
        .set(bearer(s))
        .attach('file', source, { filename: 'me.jpg', contentType: 'image/jpeg' })
        .expect(200);
      const url: string = up.body.profile_image_url;
      expect(url).toMatch(new RegExp(`^/storage/profile-images/${s.user.id}/profile\\.webp\\?v=`));

      const stored = await t.http().get(url.split('?')[0]!).expect(200);
      const meta = await sharp(stored.body).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(800);

      // The wizard sends the URL with the profile; someone else's URL is refused.
      const created = await t
        .http()
        .put('/api/me/profile')
        .set(bearer(s))
        .send({ ...validProfile(), profile_image_url: url })
        .expect(201);
      expect(created.body.profile_image_url).toBe(url);
      const other = await signUp(t);
      await t
        .http()
        .put('/api/me/profile')
        .set(bearer(other))
        .send({ ...validProfile(), profile_image_url: url })
        .expect(400);
      await t
        .http()
        .put('/api/me/profile')
        .set(bearer(other))
        .send({ ...validProfile(), profile_image_url: 'https://evil.example.com/x.png' })
        .expect(400);

      await t.http().delete('/api/me/profile/image').set(bearer(s)).expect(204);
      expect((await t.http().get('/api/me/profile').set(bearer(s))).body.profile_image_url).toBeNull();
      await t.http().get(url.split('?')[0]!).expect(404);
    });

    it("accepts only the caller's own photo path: no ../ or encoded way to another creator's photo", async () => {
      const victim = await signUp(t);
      const theirs = (
        await t
          .http()
          .put('/api/me/profile/image')
          .set(bearer(victim))
          .attach('file', await photo(), 'them.jpg')
          .expect(200)
      ).body.profile_image_url as string;
      const s = await signUp(t);
      const mine = (
        await t
          .http()
          .put('/api/me/profile/image')
          .set(bearer(s))
          .attach('file', await photo(), 'me.jpg')
          .expect(200)
      ).body.profile_image_url as string;
      await t
        .http()
        .put('/api/me/profile')
        .set(bearer(s))
        .send({ ...validProfile(), profile_image_url: mine })
        .expect(201);
      const own = `/storage/profile-images/${s.user.id}`;
      const them = `profile-images/${victim.user.id}/profile.webp`;
      for (const sneaky of [
        `${own}/../../${them}?v=1`,
        `${own}/%2e%2e/%2e%2e/${them}`,
        `${own}%2F..%2F..%2F${them}`,
        `${own}/profile.webp/../../../${them}`,
        `${own}/../${victim.user.id}/profile.webp`,
        `${own}/./profile.webp`,
        `${own}//profile.webp`,
        `${own}/other.webp`,
        `${own}/profile.webp?v=1&x=<script>`,
        `${own}/profile.webp#../../${them}`,
        theirs,
      ]) {
        const res = await t
          .http()
          .put('/api/me/profile')
          .set(bearer(s))
          .send({ ...validProfile(), profile_image_url: sneaky });
        expect({ sneaky, status: res.status, body: res.body }).toEqual({
          sneaky,
          status: 400,
          body: { statusCode: 400, message: MSG.imageNotOwn, field: 'profile_image_url', code: 'IMAGE.NOT_OWN' },
        });
      }
      expect((await t.http().get('/api/me/profile').set(bearer(s))).body.profile_image_url).toBe(mine);
      // The URL the upload answered, with or without its version, is still accepted.
      expect(
        (
          await t
            .http()
            .put('/api/me/profile')
            .set(bearer(s))
            .send({ ...validProfile(), profile_image_url: mine.split('?')[0] })
            .expect(200)
        ).body.profile_image_url,
      ).toBe(mine.split('?')[0]);
      expect(
        (
          await t
            .http()
            .put('/api/me/profile')
            .set(bearer(s))
            .send({ ...validProfile(), profile_image_url: mine })
            .expect(200)
        ).body.profile_image_url,
      ).toBe(mine);
    });
  });
});
