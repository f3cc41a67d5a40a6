import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { ModerationModule } from '../moderation';
import { NotificationsModule } from '../notifications';
import { DirectoryModule } from '../directory';
import { CallDigestSchedule, CallMail } from './application/call-mail.service';
import { CallMailController } from './http/call-mail.controller';
import { AnswerCalls } from './application/answer-calls.service';
import { CallAnswersController } from './http/call-answers.controller';
import { CallRepository } from './application/call.repository';
import { CallStats } from './application/call-stats.service';
import { CallStatsReads } from './application/call-stats-reads';
import { CallViewStore, CallVisits } from './application/call-visits';
import { SqlCallStatsReads, SqlCallViewStore } from './infrastructure/sql-call-stats';
import { ModerateCalls } from './application/moderate-calls.service';
import { PostCalls } from './application/post-calls.service';
import { PublicCalls } from './application/public-calls.service';
import { AdminCallsController } from './http/admin-calls.controller';
import { CallsController } from './http/calls.controller';
import { CALL_TABLES } from './infrastructure/call-tables';
import { MikroOrmCallRepository } from './infrastructure/mikro-orm-call.repository';
import { CallMatchReads } from './application/call-match-reads';
import { SqlCallMatchReads } from './infrastructure/sql-call-matches';
import { CallAnswerLimits } from './application/call-answer-limits';
import { SqlCallAnswerLimits } from './infrastructure/sql-call-answer-limits';

/**
 * Open calls (issue 40): a business with a proven address posts a call in one city, the city's
 * admins review it (in moderation's audit trail), approved calls are public pages of the city,
 * partners hear call.approved and call.closed through the outbox (decision 0810), and the listed
 * creators an approved call matches get one mail, or the next day's digest (decisions 0910–0913);
 * listed creators answer, and the business picks and tells the others (decisions 0914–0917);
 * each call's views, creators mailed, answers and picks, and a city's totals (decisions 0920–0922).
 */
@Module({
  imports: [
    MikroOrmModule.forFeature(Object.values(CALL_TABLES)),
    NotificationsModule,
    ModerationModule,
    DirectoryModule,
  ],
  controllers: [CallsController, AdminCallsController, CallMailController, CallAnswersController],
  providers: [
    PostCalls,
    PublicCalls,
    ModerateCalls,
    CallMail,
    CallDigestSchedule,
    AnswerCalls,
    CallStats,
    CallVisits,
    { provide: CallRepository, useClass: MikroOrmCallRepository },
    { provide: CallStatsReads, useClass: SqlCallStatsReads },
    { provide: CallViewStore, useClass: SqlCallViewStore },
    { provide: CallMatchReads, useClass: SqlCallMatchReads },
    { provide: CallAnswerLimits, useClass: SqlCallAnswerLimits },
  ],
  // A city's call pages are drawn by the server's pages (web/call-pages.ts), and counted as views there.
  exports: [PublicCalls, CallVisits],
})
export class CallsModule {}
