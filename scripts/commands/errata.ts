import { UsageError } from '../core/errors.js';

export async function run(_argv: string[]): Promise<number> {
  throw new UsageError('the errata command is not implemented yet');
}
