// The city module's public surface: nothing else of it is imported from outside.
export { CityModule } from './city.module';
export { Cities, type CityChanges } from './application/cities';
export { slugOf, defaultCopy, type City, type CityCopy } from './domain/city';
