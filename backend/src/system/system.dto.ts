import type { PublicConfig } from '@local-creators/common';
import { Bool, Of, OneOf, Str } from '../shared/http/api-schema';

// The system routes' answers, for the OpenAPI document (decision 0862).

export class FeaturesDto {
  @Bool() googleAuth: boolean;
  @Bool() newsletter: boolean;
}

export class PublicConfigDto implements PublicConfig {
  @Str({ description: "The home city's name" }) city: string;
  @Of(() => FeaturesDto) features: FeaturesDto;
}

export class HealthDto {
  @OneOf(['ok', 'unavailable', 'migrations pending', 'draining'], { description: '503 unless ok' }) status: string;
  @OneOf(['up', 'down']) database: string;
  @OneOf(['up', 'down']) redis: string;
}
