import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { isReservedCitySlug } from '@local-creators/common';
import { AppConfig } from '../../../config/app-config';
import { DomainError } from '../../../shared/domain-error';
import { textArray } from '../../../shared/sql';
import { Cities, type CityChanges } from '../application/cities';
import { copyOf, SLUG_PATTERN, slugOf, type City } from '../domain/city';

interface Row {
  slug: string;
  name: string;
  state: string;
  time_zone: string;
  neighborhoods: string[];
  copy: Record<string, string> | null;
  host: string | null;
}

const toCity = (r: Row): City => ({
  slug: r.slug,
  name: r.name,
  state: r.state,
  timeZone: r.time_zone,
  neighborhoods: r.neighborhoods,
  copy: copyOf(r.name, r.copy, r.neighborhoods),
  host: r.host,
});

const COLUMNS = 'slug, name, state, time_zone, neighborhoods, copy, host';
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

  private get conn() {
    return this.orm.em.fork().getConnection();
  }

  /** CITY names the home city: an install whose CITY changed gets that city too, with nothing else moved. */
  async onApplicationBootstrap() {
    // Without the database the API still starts (health says so); home() adds the city later.
    await this.ensureHome().catch((error: unknown) =>
      this.logger.warn(`the home city could not be checked (${String(error)})`),
    );
  }

  async all() {
    return (await this.conn.execute<Row[]>(`select ${COLUMNS} from cities order by name`)).map(toCity);
  }

  async bySlug(slug: string) {
    if (typeof slug !== 'string' || !SLUG_PATTERN.test(slug)) return null;
    const [row] = await this.conn.execute<Row[]>(`select ${COLUMNS} from cities where slug = ?`, [slug]);
    return row ? toCity(row) : null;
  }

  async home() {
    const [row] = await this.conn.execute<Row[]>(`select ${COLUMNS} from cities where name = ?`, [this.config.city]);
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
    const rows = await this.conn.execute<Row[]>(
      `insert into cities (slug, name, state, time_zone, neighborhoods, copy, host) values (?, ?, ?, ?, ?::text[], ?::jsonb, ?)
         on conflict do nothing returning ${COLUMNS}`,
      [
        slug,
        name,
        city.state ?? '',
        city.timeZone,
        textArray(city.neighborhoods ?? []),
        JSON.stringify(city.copy ?? {}),
        city.host ?? null,
      ],
    );
    if (!rows[0])
      throw DomainError.conflict('CITY.TAKEN', `A city named ${name} or with the slug ${slug} already exists`);
    return toCity(rows[0]);
  }

  async update(slug: string, changes: CityChanges) {
    const current = await this.bySlug(slug);
    if (!current) throw DomainError.notFound('CITY.NOT_FOUND', `No city with the slug ${slug}`);
    if (changes.timeZone !== undefined && !validTimeZone(changes.timeZone))
      throw DomainError.invalid('CITY.BAD_TIME_ZONE', `Unknown time zone ${changes.timeZone}`, 'time_zone');
    checkPromoUrl(changes.copy);
    const next = { ...current, ...changes };
    const [row] = await this.conn.execute<Row[]>(
      `update cities set name = ?, state = ?, time_zone = ?, neighborhoods = ?::text[], copy = ?::jsonb, host = ? where slug = ? returning ${COLUMNS}`,
      [
        next.name,
        next.state,
        next.timeZone,
        textArray(next.neighborhoods),
        JSON.stringify({ ...(await this.storedCopy(slug)), ...(changes.copy ?? {}) }),
        next.host,
        slug,
      ],
    );
    return toCity(row!);
  }

  private async storedCopy(slug: string) {
    const [row] = await this.conn.execute<{ copy: Record<string, string> }[]>(
      'select copy from cities where slug = ?',
      [slug],
    );
    return row?.copy ?? {};
  }

  private async ensureHome(): Promise<City> {
    const name = this.config.city;
    // Its time zone is CITY_TIME_ZONE's, the calendar the public dates are printed in (decision 0801).
    await this.conn.execute(
      `insert into cities (slug, name, state, time_zone) values (?, ?, 'OH', ?) on conflict do nothing`,
      [slugOf(name) || 'home', name, this.config.cityTimeZone],
    );
    const [row] = await this.conn.execute<Row[]>(`select ${COLUMNS} from cities where name = ?`, [name]);
    if (!row) throw new Error(`CITY=${name}: its slug ${slugOf(name)} belongs to another city in the cities table`);
    return toCity(row);
  }
}
