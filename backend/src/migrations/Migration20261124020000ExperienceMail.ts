import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 13. `outbox_messages.resend_of`: an admin's resend of a delivered mail is a new row that
 * names the one it repeats (decision 0116). `creator_profiles.updated_after_rejection_at`: when
 * a rejected creator last changed the application, until an admin decides again (decision 0117).
 */
export class Migration20261124020000ExperienceMail extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "outbox_messages" add column "resend_of" uuid null;`);
    this.addSql(`alter table "creator_profiles" add column "updated_after_rejection_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "creator_profiles" drop column "updated_after_rejection_at";`);
    this.addSql(`alter table "outbox_messages" drop column "resend_of";`);
  }
}
