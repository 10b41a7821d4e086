/**
 * The nine A2A-specific errors of A2A 1.0.1 §3.3.2, as the `a2a-1.0` profile pins them.
 * A map row for anything else is written in parentheses, e.g. `(invalid parameters)`.
 */
export const A2A_ERRORS: readonly string[] = [
  'TaskNotFoundError',
  'TaskNotCancelableError',
  'PushNotificationNotSupportedError',
  'UnsupportedOperationError',
  'ContentTypeNotSupportedError',
  'InvalidAgentResponseError',
  'ExtendedAgentCardNotConfiguredError',
  'ExtensionSupportRequiredError',
  'VersionNotSupportedError',
];

export const A2A_ERROR_PROFILE = 'A2A 1.0.1 §3.3.2';

/** A row that is not an A2A error: its whole name is in parentheses. */
export function isParenthesized(name: string): boolean {
  return /^\(.*\)$/s.test(name);
}

/**
 * UPPER_SNAKE: split before each capital that follows a lower-case letter or a digit, join
 * with `_`, upper-case. `TaskNotFound` → `TASK_NOT_FOUND`.
 */
export function upperSnake(name: string): string {
  return name.replace(/([a-z0-9])(?=[A-Z])/g, '$1_').toUpperCase();
}

/** RFC 0211 §A: the ErrorInfo `reason` of a named row — UPPER_SNAKE of the name minus `Error`. */
export function expectedReason(name: string): string {
  return upperSnake(name.replace(/Error$/, ''));
}
