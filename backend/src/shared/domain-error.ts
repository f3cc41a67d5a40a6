/**
 * Errors raised by domain and application code. They carry a stable code and the user-facing
 * message; DomainExceptionFilter maps the kind to an HTTP status. Services never throw
 * HttpException, so the same rules work from a controller, a worker or the CLI.
 */
export type DomainErrorKind =
  | 'invalid' // 400
  | 'unauthorized' // 401
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'conflict' // 409
  | 'gone' // 410
  | 'too_large' // 413
  | 'unprocessable' // 422
  | 'rate_limited'; // 429

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static invalid(code: string, message: string, field?: string) {
    return new DomainError('invalid', code, message, field);
  }
  static notFound(code: string, message: string) {
    return new DomainError('not_found', code, message);
  }
  static conflict(code: string, message: string) {
    return new DomainError('conflict', code, message);
  }
  static forbidden(code: string, message: string) {
    return new DomainError('forbidden', code, message);
  }
  static unauthorized(code: string, message: string) {
    return new DomainError('unauthorized', code, message);
  }
}

/** Turns the shared validators' result into a value or a 400 with the spec's message. */
export function unwrapValidation<T>(
  result: { ok: true; value: T } | { ok: false; error: { field: string; message: string } },
): T {
  if (result.ok) return result.value;
  throw DomainError.invalid('VALIDATION', result.error.message, result.error.field);
}
