import { Inject, Injectable } from '@nestjs/common';
import { MSG, withViewRef } from '@local-creators/common';
import { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../shared/clock';
import { DomainError } from '../../../shared/domain-error';
import { PreparedBody } from '../../../shared/http/prepared-body';
import { badgeStateOf, verifiedBadgeSvg } from '../domain/verified-badge';
import { DirectoryReads } from './directory-reads';
import { DirectoryService } from './directory.service';

/** Draws the badge's SVG as a PNG (sharp, in infrastructure). */
export abstract class BadgeRasterizer {
  abstract png(svg: string): Promise<Buffer>;
}

/** PNGs kept by their SVG's bytes, least recently used out first (each 15–25 kB: at most about 25 MB). */
const KEPT_PNGS = 1_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The live badge of a creator (decision 0802). Its bytes are forms of the creator's cached public
 * answer (DirectoryCache, under the listing version), one per state: an unlisting moves the
 * version, so the very next read draws "Not currently verified"; a check that lapses with time
 * changes the state, so the next read picks the other form. Any id that is not listed now, known
 * or not, gets "Not currently verified": the badge says nothing about who has an account.
 */
@Injectable()
export class VerifiedBadges {
  private readonly pngs = new Map<string, Promise<PreparedBody>>();

  constructor(
    private readonly directory: DirectoryService,
    private readonly reads: DirectoryReads,
    private readonly raster: BadgeRasterizer,
    private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async badge(id: string, format: 'svg' | 'png'): Promise<PreparedBody> {
    if (!UUID.test(id)) throw DomainError.notFound('CREATOR.NOT_FOUND', MSG.profileNotFound);
    const answer = await this.directory.listedProfile(id.toLowerCase());
    // Not listed: the creator's own city all the same (decision 0651); an id nobody has, the home city.
    // Read once per listing version and kept with the answer, as its badges are.
    const city = answer.value
      ? answer.value.city
      : await answer.form('badge city', () => this.cityOf(id.toLowerCase()));
    const state = badgeStateOf(answer.value, city, this.clock.now());
    const key = state.verified ? `verified ${state.checkedOn}` : 'not verified';
    const svg = answer.form(`badge svg ${key}`, () =>
      PreparedBody.svg(
        verifiedBadgeSvg(state, withViewRef(`${this.config.http.publicUrl}/creator/${id.toLowerCase()}`, 'badge')),
      ),
    );
    if (format === 'svg') return svg;
    return answer.form(`badge png ${key}`, () => this.pngOf(svg));
  }

  /** The city a profile that is not listed belongs to, by the name it shows; the home city for an id nobody has. */
  private cityOf(id: string): Promise<string> {
    return this.reads.findByIdReadOnly(id).then((profile) => profile?.city ?? this.config.city);
  }

  /**
   * The PNG of an SVG, kept by the SVG's bytes (its ETag) across listing versions: a listing change
   * elsewhere leaves most badges' bytes as they were, and drawing one costs milliseconds of sharp.
   */
  private pngOf(svg: PreparedBody): Promise<PreparedBody> {
    const kept = this.pngs.get(svg.etag);
    if (kept) {
      this.pngs.delete(svg.etag); // re-inserted last: the Map's order is the recency order
      this.pngs.set(svg.etag, kept);
      return kept;
    }
    const made = this.raster.png(svg.body.toString('utf8')).then((png) => PreparedBody.png(png));
    this.pngs.set(svg.etag, made);
    made.catch(() => this.pngs.delete(svg.etag)); // the next request tries again
    if (this.pngs.size > KEPT_PNGS) this.pngs.delete(this.pngs.keys().next().value!);
    return made;
  }
}
