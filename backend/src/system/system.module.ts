import { Module } from '@nestjs/common';
import { ShutdownState } from './shutdown';
import { SystemController } from './system.controller';

/** What the API says about itself: the public configuration and health (draining on SIGTERM). */
@Module({ controllers: [SystemController], providers: [ShutdownState], exports: [ShutdownState] })
export class SystemModule {}
