import { Migration } from '@mikro-orm/migrations';

// Foreign keys are DEFERRABLE INITIALLY DEFERRED: a unit of work inserts in any order and the
// database checks integrity at commit.

/** Accounts, roles, sessions with rotating refresh tokens, and single-use recovery grants. */
export class Migration20261122000001Identity extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "users" ("id" uuid not null, "email" varchar(255) not null, "password_hash" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "users_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`alter table "users" add constraint "users_email_lowercase" check ("email" = lower("email"));`);

    this.addSql(
      `create table "user_roles" ("user_id" uuid not null references "users" ("id") on delete cascade deferrable initially deferred, "role" varchar(20) not null check ("role" in ('admin')), "created_at" timestamptz not null, constraint "user_roles_pkey" primary key ("user_id", "role"));`,
    );

    this.addSql(
      `create table "auth_sessions" ("id" uuid not null, "user_id" uuid not null references "users" ("id") on delete cascade deferrable initially deferred, "created_at" timestamptz not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "revoked_reason" varchar(40) null, constraint "auth_sessions_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "auth_sessions_user_idx" on "auth_sessions" ("user_id");`);

    this.addSql(
      `create table "refresh_tokens" ("id" uuid not null, "session_id" uuid not null references "auth_sessions" ("id") on delete cascade deferrable initially deferred, "token_hash" varchar(64) not null, "created_at" timestamptz not null, "used_at" timestamptz null, constraint "refresh_tokens_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "refresh_tokens" add constraint "refresh_tokens_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "refresh_tokens_session_idx" on "refresh_tokens" ("session_id");`);

    this.addSql(
      `create table "recovery_tokens" ("id" uuid not null, "user_id" uuid not null references "users" ("id") on delete cascade deferrable initially deferred, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null, constraint "recovery_tokens_pkey" primary key ("id"));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `drop table if exists "recovery_tokens", "refresh_tokens", "auth_sessions", "user_roles", "users" cascade;`,
    );
  }
}
