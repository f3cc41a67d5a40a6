import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { isReservedCitySlug } from '@local-creators/common';
import { AppConfig } from '../../../config/app-config';
import { DomainError } from '../../../shared/domain-error';
import { sql } from 'kysely';
import { Cities, type CityChanges } from '../application/cities';
import { copyOf, SLUG_PATTERN, slugOf, type City } from '../domain/city';
import { citySql, type CitySql } from './city-tables';

const COLUMNS = ['slug', 'name', 'state', 'time_zone', 'neighborhoods', 'copy', 'host'] as const;

interface Row {
  slug: string;
  name: string;
  state: string;
  time_zone: string;
  neighborhoods: string[];
  copy: Record<string, string> | null;
  host: string | null;
}

/** A city's words as jsonb (a JS object would be sent as JSON all the same; this says it). */
const jsonb = (copy: Record<string, string>) => sql<Record<string, string>>`${JSON.stringify(copy)}::jsonb`;

/** The statements (city-sql.snapshot.sql). */
export const cityStatements = {
  all: (db: CitySql) => db.selectFrom('cities').select(COLUMNS).orderBy('name'),

  bySlug: (db: CitySql, slug: string) => db.selectFrom('cities').select(COLUMNS).where('slug', '=', slug),

  byName: (db: CitySql, name: string) => db.selectFrom('cities').select(COLUMNS).where('name', '=', name),

  storedCopy: (db: CitySql, slug: string) => db.selectFrom('cities').select('copy').where('slug', '=', slug),

  /** A new city, or nothing when its name or slug is taken (no row back). */
  add: (db: CitySql, city: Row) =>
    db
      .insertInto('cities')
      .values({ ...city, copy: jsonb(city.copy ?? {}) })
      .onConflict((oc) => oc.doNothing())
      .returning(COLUMNS),

  /** The home city named by CITY, unless its name or slug is there already. */
  addHome: (db: CitySql, slug: string, name: string, timeZone: string) =>
    db
      .insertInto('cities')
      .values({ slug, name, state: 'OH', time_zone: timeZone, neighborhoods: [], copy: jsonb({}) })
      .onConflict((oc) => oc.doNothing()),

  update: (db: CitySql, slug: string, next: Omit<Row, 'slug'>) =>
    db
      .updateTable('cities')
      .set({ ...next, copy: jsonb(next.copy ?? {}) })
      .where('slug', '=', slug)
      .returning(COLUMNS),
};

const toCity = (r: Row): City => ({
  slug: r.slug,
  name: r.name,
  state: r.state,
  timeZone: r.time_zone,
  neighborhoods: r.neighborhoods,
  copy: copyOf(r.name, r.copy, r.neighborhoods),
  host: r.host,
});

const validTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** A promotion's address is a web address or nothing (decision 0654): the footer links to it. */
function checkPromoUrl(copy: Partial<City['copy']> | undefined) {
  const url = copy?.promoUrl;
  if (url && !/^https?:\/\/[^\s]+$/.test(url))
    throw DomainError.invalid('CITY.BAD_PROMO_URL', 'A promotion link is an http(s) address', 'promo_url');
}

/** The `cities` table in SQL. Its own forks of the entity manager: it is asked from requests, the worker and the CLI. */
@Injectable()
export class SqlCities extends Cities implements OnApplicationBootstrap {
  private readonly logger = new Logger('Cities');

  constructor(
    private readonly orm: MikroORM,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {
    super();
  }

  private get db() {
    return citySql(this.orm.em.fork());
  }

  /** CITY names the home city: an install whose CITY changed gets that city too, with nothing else moved. */
  async onApplicationBootstrap() {
    // Without the database the API still starts (health says so); home() adds the city later.
    await this.ensureHome().catch((error: unknown) =>
      this.logger.warn(`the home city could not be checked (${String(error)})`),
    );
  }

  async all() {
    return (await cityStatements.all(this.db).execute()).map(toCity);
  }

  async bySlug(slug: string) {
    if (typeof slug !== 'string' || !SLUG_PATTERN.test(slug)) return null;
    const row = await cityStatements.bySlug(this.db, slug).executeTakeFirst();
    return row ? toCity(row) : null;
  }

  async home() {
    const row = await cityStatements.byName(this.db, this.config.city).executeTakeFirst();
    return row ? toCity(row) : this.ensureHome();
  }

  async add(city: Pick<City, 'name' | 'state' | 'timeZone'> & Partial<City>) {
    const name = city.name?.trim() ?? '';
    const slug = city.slug ?? slugOf(name);
    if (!name || name.length > 100)
      throw DomainError.invalid('CITY.BAD_NAME', 'A city needs a name of at most 100 characters', 'name');
    if (!SLUG_PATTERN.test(slug) || slug.length > 60)
      throw DomainError.invalid('CITY.BAD_SLUG', 'A city slug is lower-case letters, digits and dashes', 'slug');
    // Its first path segment on an install of several cities: never one the site answers itself (decision 0625).
    if (isReservedCitySlug(slug))
      throw DomainError.invalid(
        'CITY.RESERVED_SLUG',
        `The slug ${slug} is one of the site's own paths (/${slug}); choose another with --slug`,
        'slug',
      );
    if (!validTimeZone(city.timeZone))
      throw DomainError.invalid('CITY.BAD_TIME_ZONE', `Unknown time zone ${city.timeZone}`, 'time_zone');
    checkPromoUrl(city.copy);
    const row = await cityStatements
      .add(this.db, {
        slug,
        name,
        state: city.state ?? '',
        time_zone: city.timeZone,
        neighborhoods: [...(city.neighborhoods ?? [])],
        copy: { ...city.copy },
        host: city.host ?? null,
      })
      .executeTakeFirst();
    if (!row) throw DomainError.conflict('CITY.TAKEN', `A city named ${name} or with the slug ${slug} already exists`);
    return toCity(row);
  }

  async update(slug: string, changes: CityChanges) {
    const current = await this.bySlug(slug);
    if (!current) throw DomainError.notFound('CITY.NOT_FOUND', `No city with the slug ${slug}`);
    if (changes.timeZone !== undefined && !validTimeZone(changes.timeZone))
      throw DomainError.invalid('CITY.BAD_TIME_ZONE', `Unknown time zone ${changes.timeZone}`, 'time_zone');
    checkPromoUrl(changes.copy);
    const next = { ...current, ...changes };
    const stored = await cityStatements.storedCopy(this.db, slug).executeTakeFirst();
    const row = await cityStatements
      .update(this.db, slug, {
        name: next.name,
        state: next.state,
        time_zone: next.timeZone,
        neighborhoods: [...next.neighborhoods],
        copy: { ...stored?.copy, ...changes.copy },
        host: next.host,
      })
      .executeTakeFirstOrThrow();
    return toCity(row);
  }

  private async ensureHome(): Promise<City> {
    const name = this.config.city;
    // Its time zone is CITY_TIME_ZONE's, the calendar the public dates are printed in (decision 0801).
    await cityStatements.addHome(this.db, slugOf(name) || 'home', name, this.config.cityTimeZone).execute();
    const row = await cityStatements.byName(this.db, name).executeTakeFirst();
    if (!row) throw new Error(`CITY=${name}: its slug ${slugOf(name)} belongs to another city in the cities table`);
    return toCity(row);
  }
}
