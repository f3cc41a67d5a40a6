import type { Type } from '@nestjs/common';
import { AmplifyModule } from './modules/amplify';
import { CallsModule } from './modules/calls';
import { CreatorModule } from './modules/creator';
import { DirectoryModule } from './modules/directory';
import { ModerationModule } from './modules/moderation';
import { StorageModule } from './shared/storage/storage.module';

/** The product modules mounted next to identity and notifications. */
export const FEATURE_MODULES: Type[] = [
  StorageModule,
  CreatorModule,
  DirectoryModule,
  ModerationModule,
  AmplifyModule,
  CallsModule,
];
