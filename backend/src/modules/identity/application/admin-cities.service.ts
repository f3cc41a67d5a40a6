import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { firstEmailError } from '@local-creators/common';
import { AppConfig } from '../../../config/app-config';
import { Outbox } from '../../notifications';
import { Clock } from '../../../shared/clock';
import { DomainError } from '../../../shared/domain-error';
import { Cities } from '../../city';
import { Account, AdminCityGrant, UserRole } from '../domain/account';
import { AuthService } from './auth.service';

/** Who an invitation names when the operator does not say (`--by`). */
export const DEFAULT_INVITER = 'The Local Creators team';

/** An admin's reach: every city, or the cities (slugs) they were given; null for no admin at all. */
export type AdminReach = { everyCity: true } | { everyCity: false; cities: string[] } | null;

/**
 * Which cities an admin may see and decide (decision 0601), for the operator's CLI. An admin with
 * no grants is an admin of every city; giving cities to an account that is not an admin yet makes
 * it an admin of those only. Taking away an admin's last city takes the admin role too, so an
 * admin never widens to every city by losing cities.
 */
@Injectable()
export class AdminCities {
  constructor(
    private readonly em: EntityManager,
    private readonly cities: Cities,
    private readonly clock: Clock,
    private readonly auth: AuthService,
    private readonly outbox: Outbox,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async reachOf(email: string): Promise<AdminReach> {
    const account = await this.account(email);
    return this.reach(account.id);
  }

  /**
   * `cities` null: an admin of every city (the grants go). Otherwise adds those cities, unless
   * already an admin of every city. An address with no account is invited (decision 0662): an
   * account without a password is made with the role, and a mail through the outbox, in the same
   * transaction, says who invited and for which cities and holds a link that sets the password
   * (a reset link, dying as one does). An invited account that has not set its password yet is
   * mailed a new invitation (its older link dies). `invited` says whether a mail went out.
   */
  async grant(
    email: string,
    cities: string[] | null,
    { invitedBy = DEFAULT_INVITER }: { invitedBy?: string } = {},
  ): Promise<{ before: AdminReach; after: AdminReach; invited: boolean; linkHours: number }> {
    const slugs = cities ? await this.known(cities) : null;
    // The hash is a lazy property: loaded here to tell an invited account without a password yet.
    const existing = await this.em.findOne(
      Account,
      { email: Account.normalizeEmail(email) },
      { populate: ['passwordHash'] },
    );
    if (!existing) {
      const problem = firstEmailError(email);
      if (problem) throw DomainError.invalid('AUTH.INVITE_EMAIL', `${problem}: ${email}`, 'email');
    }
    const linkHours = this.config.auth.recoveryTtlSeconds / 3600;
    return this.em.transactional(async (tx) => {
      const now = this.clock.now();
      const account = existing ?? Account.invite(email, now);
      // The account's row first: the grants below refer to it.
      if (!existing) await tx.persist(account).flush();
      const before = existing ? await this.reach(account.id, tx) : null;
      if (!before) tx.persist(UserRole.grant(account.id, 'admin', now));
      if (slugs === null) await tx.nativeDelete(AdminCityGrant, { userId: account.id });
      else if (!before?.everyCity) {
        const have = new Set(before?.cities ?? []);
        for (const slug of slugs)
          if (!have.has(slug))
            tx.persist(Object.assign(new AdminCityGrant(), { userId: account.id, citySlug: slug, createdAt: now }));
      }
      await tx.flush();
      const after = await this.reach(account.id, tx);
      const invited = !account.hasPassword();
      if (invited) {
        const link = await this.auth.newRecoveryLink(tx, account, now);
        const names =
          after && !after.everyCity
            ? await Promise.all(after.cities.map(async (slug) => (await this.cities.bySlug(slug))?.name ?? slug))
            : null;
        this.outbox.add('admin-invitation', { email: account.email, link, invitedBy, cities: names, linkHours }, tx);
      }
      return { before, after, invited, linkHours };
    });
  }

  /** `cities` null: no longer an admin. Otherwise takes those cities away (and the role with the last one). */
  async revoke(email: string, cities: string[] | null): Promise<{ before: AdminReach; after: AdminReach }> {
    const account = await this.account(email);
    return this.em.transactional(async (tx) => {
      const before = await this.reach(account.id, tx);
      if (before && cities === null) {
        await tx.nativeDelete(AdminCityGrant, { userId: account.id });
        await tx.nativeDelete(UserRole, { userId: account.id, role: 'admin' });
      } else if (before && !before.everyCity && cities) {
        await tx.nativeDelete(AdminCityGrant, { userId: account.id, citySlug: { $in: cities } });
        if (!before.cities.some((c) => !cities.includes(c)))
          await tx.nativeDelete(UserRole, { userId: account.id, role: 'admin' });
      } else if (before?.everyCity && cities) {
        throw DomainError.conflict(
          'AUTH.EVERY_CITY_ADMIN',
          `${account.email} is an admin of every city; to keep only some, revoke the admin role and grant those cities with --city.`,
        );
      }
      return { before, after: await this.reach(account.id, tx) };
    });
  }

  private async reach(userId: string, em: EntityManager = this.em): Promise<AdminReach> {
    if (!(await em.count(UserRole, { userId, role: 'admin' }))) return null;
    const grants = await em.find(AdminCityGrant, { userId }, { orderBy: { citySlug: 'asc' } });
    return grants.length ? { everyCity: false, cities: grants.map((g) => g.citySlug) } : { everyCity: true };
  }

  private async account(email: string) {
    const account = await this.em.findOne(Account, { email: Account.normalizeEmail(email) });
    if (!account) throw DomainError.notFound('AUTH.NO_ACCOUNT', `No account with e-mail ${email}`);
    return account;
  }

  private async known(slugs: string[]) {
    const unknown: string[] = [];
    for (const slug of slugs) if (!(await this.cities.bySlug(slug))) unknown.push(slug);
    if (unknown.length) {
      const known = (await this.cities.all()).map((c) => c.slug).join(', ');
      throw DomainError.invalid(
        'AUTH.UNKNOWN_CITY',
        `Unknown city ${unknown.join(', ')} (the cities are: ${known})`,
        'city',
      );
    }
    return [...new Set(slugs)];
  }
}
