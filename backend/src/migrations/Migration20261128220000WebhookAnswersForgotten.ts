import { Migration } from '@mikro-orm/migrations';

/**
 * Of a receiver's answer only the HTTP status is kept (decision 0830): the first 200 characters
 * of its body, kept until now after "HTTP <status>:" in the attempt's error and the delivery's
 * last error, let an admin read whatever an internal address answered. They are cut off here.
 */
export class Migration20261128220000WebhookAnswersForgotten extends Migration {
  override async up(): Promise<void> {
    const cut = (column: string) =>
      `regexp_replace("${column}", '^(HTTP [0-9]+( \\(redirects are not followed\\))?): .*$', '\\1', 's')`;
    this.addSql(`update "webhook_attempts" set "error" = ${cut('error')} where "error" ~ '^HTTP [0-9]+.*: ';`);
    this.addSql(
      `update "outbox_messages" set "last_error" = ${cut('last_error')} where "kind" = 'webhook' and "last_error" ~ '^HTTP [0-9]+.*: ';`,
    );
  }

  override async down(): Promise<void> {
    // What was cut off is gone.
  }
}
