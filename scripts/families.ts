import { FAMILIES } from './checks/registry.js';
import type { Rule } from './core/engine/rule.js';
import type { CommandFamily } from './core/engine/rule-tester.js';

/*
 * The families of rules that commands other than `check <family>` report, listed once: each lives
 * beside its command's code (`<command>/family.ts`: its rules, its page of docs/rules/, and its run
 * on in-memory inputs). `list-rules`, the rule pages and the config's rule ids take their groups
 * from these and the check families (checks/registry.ts); the rule harness (core/engine/rule-tester.ts)
 * runs every rule's examples through its family's `run`. A new command's family is one module and
 * one line here. Loaded lazily: a family's module holds its rules, its run loads the rest.
 */

/** The reading rules: every command reports them (listed first). */
export async function readingFamily(): Promise<CommandFamily> {
  return (await import('./core/engine/reading-family.js')).READING_FAMILY;
}

const COMMAND_FAMILIES: ReadonlyArray<() => Promise<CommandFamily>> = [
  async () => (await import('./core/config/exceptions-family.js')).exceptionsFamily(checkRules),
  async () => (await import('./wire/family.js')).WIRE_FAMILY,
  async () => (await import('./probe/family.js')).PROBE_FAMILY,
  async () => (await import('./errata/family.js')).ERRATA_FAMILY,
  async () => (await import('./compat/family.js')).COMPAT_FAMILY,
];

/** The families of the other commands, in the order the rule list shows them (after the check families). */
export function commandFamilies(): Promise<CommandFamily[]> {
  return Promise.all(COMMAND_FAMILIES.map((load) => load()));
}

/** Every check family's rules: the ones an exception may name. */
async function checkRules(): Promise<Rule[]> {
  return (await Promise.all(Object.values(FAMILIES).map((load) => load()))).flatMap((f) => f.rules);
}
