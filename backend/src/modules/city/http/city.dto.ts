import type { AdminCity } from '@local-creators/common';
import { Bool, Str, Strs } from '../../../shared/http/api-schema';

/** A city as the console lists it (decision 0601), for the OpenAPI document (decision 0862). */
export class AdminCityDto implements AdminCity {
  @Str({ description: "The city's slug" }) id: string;
  @Str() name: string;
  @Str() state: string;
  @Str() time_zone: string;
  @Strs() neighborhoods: string[];
  @Bool({ description: 'The signed-in admin is an admin of every city' }) every_city: boolean;
}
