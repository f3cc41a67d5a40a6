import { EntitySchema } from '@mikro-orm/core';

/** A `cities` row as stored; read and written in SQL (sql-cities.ts), mapped so the table's owner is known. */
export class CityRow {
  slug!: string;
  name!: string;
  state!: string;
  timeZone!: string;
  neighborhoods!: string[];
  copy!: Record<string, string>;
  host!: string | null;
  createdAt!: Date;
}

export const CityRowSchema = new EntitySchema<CityRow>({
  class: CityRow,
  tableName: 'cities',
  properties: {
    slug: { type: 'string', length: 60, primary: true },
    name: { type: 'string', length: 100 },
    state: { type: 'string', length: 60 },
    timeZone: { type: 'string', length: 64, fieldName: 'time_zone' },
    neighborhoods: { type: 'string[]', columnType: 'text[]' },
    copy: { type: 'json' },
    host: { type: 'string', length: 255, nullable: true },
    createdAt: { type: 'Date', fieldName: 'created_at' },
  },
});
