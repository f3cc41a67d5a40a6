/** Port: what health asks of the database (decision 0321). */
export abstract class DatabaseHealth {
  /** Resolves while the database answers; rejects when it does not. */
  abstract ping(): Promise<void>;
  /** The names of the migrations applied; null while the migrations table does not exist (a new database). */
  abstract appliedMigrations(): Promise<Set<string> | null>;
}
