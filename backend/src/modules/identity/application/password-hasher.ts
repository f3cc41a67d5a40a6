/** Port: how passwords are hashed. The adapter is argon2id; tests may swap in a cheaper one. */
export abstract class PasswordHasher {
  abstract hash(password: string): Promise<string>;
  abstract verify(passwordHash: string, password: string): Promise<boolean>;
}
