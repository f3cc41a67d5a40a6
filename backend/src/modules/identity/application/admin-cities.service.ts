import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../../shared/clock';
import { DomainError } from '../../../shared/domain-error';
import { Cities } from '../../city';
import { Account, AdminCityGrant, UserRole } from '../domain/account';

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
  ) {}

  async reachOf(email: string): Promise<AdminReach> {
    const account = await this.account(email);
    return this.reach(account.id);
  }

  /** `cities` null: an admin of every city (the grants go). Otherwise adds those cities, unless already an admin of every city. */
  async grant(email: string, cities: string[] | null): Promise<{ before: AdminReach; after: AdminReach }> {
    const account = await this.account(email);
    const slugs = cities ? await this.known(cities) : null;
    return this.em.transactional(async (tx) => {
      const before = await this.reach(account.id, tx);
      const now = this.clock.now();
      if (!before) tx.persist(UserRole.grant(account.id, 'admin', now));
      if (slugs === null) await tx.nativeDelete(AdminCityGrant, { userId: account.id });
      else if (!before?.everyCity) {
        const have = new Set(before?.cities ?? []);
        for (const slug of slugs) if (!have.has(slug)) tx.persist(Object.assign(new AdminCityGrant(), { userId: account.id, citySlug: slug, createdAt: now }));
      }
      await tx.flush();
      return { before, after: await this.reach(account.id, tx) };
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
        if (!before.cities.some((c) => !cities.includes(c))) await tx.nativeDelete(UserRole, { userId: account.id, role: 'admin' });
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
      throw DomainError.invalid('AUTH.UNKNOWN_CITY', `Unknown city ${unknown.join(', ')} (the cities are: ${known})`, 'city');
    }
    return [...new Set(slugs)];
  }
}
