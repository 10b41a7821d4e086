/**
 * Bad command line or configuration: one line to stderr, exit 2. `usage` (the command's usage
 * text) is printed after that line when the mistake is in how the command was called.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  constructor(
    message: string,
    readonly usage?: string,
  ) {
    super(message);
  }
}

/** A condition the tool cannot work past (missing root, unreadable git base): one line, exit 2. */
export class FatalError extends Error {
  override readonly name = 'FatalError';
}
