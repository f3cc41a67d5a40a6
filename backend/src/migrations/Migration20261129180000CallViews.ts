import { Migration } from '@mikro-orm/migrations';

/**
 * A call's views per day of its city (issue 40 point 5, decision 0920): totals only, one a person's
 * client a day, after the kernel's view gate. Nothing about a visitor is kept.
 */
export class Migration20261129180000CallViews extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "call_daily_views" (
      "call_id" uuid not null references "calls" ("id") on delete cascade,
      "day" date not null,
      "n" int not null check ("n" > 0),
      primary key ("call_id", "day")
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "call_daily_views";`);
  }
}
