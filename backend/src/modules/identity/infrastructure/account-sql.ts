/**
 * Identity's published SQL (decision 0265): the account e-mail of a user id, as an expression
 * another module's statement may embed, so a page that shows its owners' addresses (the console's
 * creator list) is one statement instead of a second round trip for the e-mails. Only this file
 * names identity's table to other modules; `userIdColumn` is the caller's own qualified column.
 */
export const accountEmailSql = (userIdColumn: string): string =>
  `(select u.email from users u where u.id = ${userIdColumn})`;
