import type { Type } from '@nestjs/common';
import { AmplifyModule } from './modules/amplify/amplify.module';
import { CreatorModule } from './modules/creator/creator.module';
import { ModerationModule } from './modules/moderation/moderation.module';
import { StorageModule } from './shared/storage/storage.module';

/** The product modules mounted next to identity and notifications. */
export const FEATURE_MODULES: Type[] = [StorageModule, CreatorModule, ModerationModule, AmplifyModule];
