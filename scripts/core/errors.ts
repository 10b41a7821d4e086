/** Bad command line or configuration: one line to stderr, exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A condition the tool cannot work past (missing root, unreadable git base): one line, exit 2. */
export class FatalError extends Error {
  override readonly name = 'FatalError';
}
