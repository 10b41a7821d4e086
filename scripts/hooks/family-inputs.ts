import { FAMILY_DECLARATIONS } from '../checks/registry.js';
import { familyInputs as declaredInputs, pathFollowingFamilies } from '../core/engine/family.js';
import type { Layout } from '../core/preset/layout.js';

/**
 * The files each check family reads, as globs relative to the repository root (each family's
 * declaration says): the pre-commit hook runs a family only when one of these is staged.
 */
export function familyInputs(layout: Layout): Record<string, string[]> {
  return declaredInputs(FAMILY_DECLARATIONS, layout);
}

/** Families that follow references by path, so a staged deletion or rename anywhere can break them. */
export const PATH_REFERENCE_FAMILIES = pathFollowingFamilies(FAMILY_DECLARATIONS);
