import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';

/**
 * Shorthands for the answer and query classes that type the OpenAPI document (decision 0862).
 * They describe; they validate nothing: every request is checked by the shared rules of
 * `@local-creators/common`, whose exact messages the spec fixes.
 */
type Extra = Omit<ApiPropertyOptions, 'type' | 'nullable' | 'isArray' | 'enum'> & { description?: string };

export const Str = (extra: Extra = {}) => ApiProperty({ type: String, ...extra } as ApiPropertyOptions);
export const StrOrNull = (extra: Extra = {}) =>
  ApiProperty({ type: String, nullable: true, ...extra } as ApiPropertyOptions);
export const Strs = (extra: Extra = {}) => ApiProperty({ type: String, isArray: true, ...extra } as ApiPropertyOptions);
export const Int = (extra: Extra = {}) => ApiProperty({ type: 'integer', ...extra } as ApiPropertyOptions);
export const IntOrNull = (extra: Extra = {}) =>
  ApiProperty({ type: 'integer', nullable: true, ...extra } as ApiPropertyOptions);
export const Num = (extra: Extra = {}) => ApiProperty({ type: Number, ...extra } as ApiPropertyOptions);
export const NumOrNull = (extra: Extra = {}) =>
  ApiProperty({ type: Number, nullable: true, ...extra } as ApiPropertyOptions);
export const Bool = (extra: Extra = {}) => ApiProperty({ type: Boolean, ...extra } as ApiPropertyOptions);
/** An ISO 8601 time (UTC). */
export const Time = (extra: Extra = {}) =>
  ApiProperty({ type: String, format: 'date-time', ...extra } as ApiPropertyOptions);
export const TimeOrNull = (extra: Extra = {}) =>
  ApiProperty({ type: String, format: 'date-time', nullable: true, ...extra } as ApiPropertyOptions);
/** A calendar day, YYYY-MM-DD. */
export const Day = (extra: Extra = {}) => ApiProperty({ type: String, format: 'date', ...extra } as ApiPropertyOptions);
export const DayOrNull = (extra: Extra = {}) =>
  ApiProperty({ type: String, format: 'date', nullable: true, ...extra } as ApiPropertyOptions);
export const Uuid = (extra: Extra = {}) =>
  ApiProperty({ type: String, format: 'uuid', ...extra } as ApiPropertyOptions);
export const OneOf = (values: readonly string[], extra: Extra = {}) =>
  ApiProperty({ type: String, enum: [...values], ...extra } as ApiPropertyOptions);
export const OneOfOrNull = (values: readonly string[], extra: Extra = {}) =>
  ApiProperty({ type: String, enum: [...values], nullable: true, ...extra } as ApiPropertyOptions);
export const SomeOf = (values: readonly string[], extra: Extra = {}) =>
  ApiProperty({ type: String, enum: [...values], isArray: true, ...extra } as ApiPropertyOptions);
/**
 * Another answer class, or a list of them (`[Class]`), named lazily (a class declared further down).
 * The function handed on is written as a `type:` property: @nestjs/swagger knows a lazy type by
 * that function's name.
 */
export const Of = (of: () => unknown, extra: Extra = {}) =>
  ApiProperty({ type: () => of(), ...extra } as ApiPropertyOptions);
export const OfOrNull = (of: () => unknown, extra: Extra = {}) =>
  ApiProperty({ type: () => of(), nullable: true, ...extra } as ApiPropertyOptions);
/** An object whose keys are the given names, each a number. */
export const Counts = (keys: readonly string[], extra: Extra = {}) =>
  ApiProperty({
    type: 'object',
    properties: Object.fromEntries(keys.map((k) => [k, { type: 'integer' }])),
    required: [...keys],
    ...extra,
  } as ApiPropertyOptions);

/** An optional query parameter (or body field) of a documented type. */
export const Optional = (options: ApiPropertyOptions & { description: string }) => ApiPropertyOptional(options);

/** `{ status }` answers and the like. */
export class StatusAnswer {
  @Str() status: string;
}

/** The list routes of the console speak react-admin's simple REST dialect (shared/ra-list.ts). */
export class RaListQuery {
  @Optional({
    type: String,
    description: 'JSON object of filters, e.g. {"status":"pending"}; each route says which it takes',
  })
  filter?: string;
  @Optional({
    type: String,
    description: 'JSON [first, last], zero-based and inclusive, e.g. [0,24]; the answer has `Content-Range`',
  })
  range?: string;
  @Optional({ type: String, description: 'JSON [field, "ASC" | "DESC"], e.g. ["created_at","DESC"]' })
  sort?: string;
  [other: string]: unknown;
}

/** `?city=<slug>` where it is the only parameter. */
export class CityQuery {
  @Optional({
    type: String,
    description: "A city's slug (unknown: 400 'Unknown city'); without it, every city (or the admin's)",
  })
  city?: string;
  [other: string]: unknown;
}
