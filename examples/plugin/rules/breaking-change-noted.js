/*
 * A rule beside `specgate compat` (a family with `command: 'compat'`): it is given the base side
 * (`ctx.given.base`, read like the corpus), how the base is named (`ctx.given.ref`) and every change
 * compat classified (`ctx.given.changes`); the head is `ctx.corpus`. Here: each file with a
 * breaking change is named by a line the changelog gained since the base.
 */

const CHANGELOG = 'CHANGELOG.md';
const SCHEMA = 'schemas/v2/example.schema.json';
const schema = (required) => JSON.stringify({ $id: 'https://example.org/example', type: 'object', required, properties: { a: { type: 'string' }, b: { type: 'string' } } }, null, 2) + '\n';

/** @type {import('specgate/rules').Rule} */
export const breakingChangeNoted = {
  id: 'release-notes/breaking-change-noted',
  rfc: 'RFC 0001 §E',
  description: 'Every file with a breaking change since the base is named by a line CHANGELOG.md gained since the base.',
  docs: 'https://example.org/specgate-plugin-example#release-notes-breaking-change-noted',
  // A change with nothing breaking has nothing to look at.
  mayVisitNothing: true,
  messages: { unnoted: '{{file}} changes in a breaking way since {{ref}}, but no line {{changelog}} gained since {{ref}} names it' },
  examples: {
    valid: [
      {
        name: 'the breaking change is noted in the changelog',
        base: { [SCHEMA]: schema(['a']), [CHANGELOG]: '# Changelog\n' },
        files: { [SCHEMA]: schema(['a', 'b']), [CHANGELOG]: `# Changelog\n\n- ${SCHEMA}: "b" is now required.\n` },
      },
    ],
    invalid: [
      {
        name: 'a property made required, and the changelog unchanged (reported at the change)',
        base: { [SCHEMA]: schema(['a']), [CHANGELOG]: `# Changelog\n\n- ${SCHEMA}: first version.\n` },
        files: { [SCHEMA]: schema(['a', 'b']), [CHANGELOG]: `# Changelog\n\n- ${SCHEMA}: first version.\n` },
        errors: [{ messageId: 'unnoted', file: SCHEMA, line: 4, data: { file: SCHEMA, ref: 'base', changelog: CHANGELOG } }],
      },
    ],
  },
  run(ctx) {
    /** @type {import('specgate/rules/testing').CompatGiven} */
    const { base, ref, changes } = ctx.given;
    const firstBreaking = new Map();
    for (const c of changes) if (c.class === 'breaking' && !firstBreaking.has(c.file)) firstBreaking.set(c.file, c);
    if (firstBreaking.size === 0) return;
    const before = new Set((base.exists(CHANGELOG) ? (base.text(CHANGELOG) ?? '') : '').split('\n'));
    const gained = (ctx.corpus.exists(CHANGELOG) ? (ctx.corpus.text(CHANGELOG) ?? '') : '').split('\n').filter((line) => !before.has(line));
    for (const [file, c] of firstBreaking) {
      ctx.visit();
      if (gained.some((line) => line.includes(file))) continue;
      ctx.report({ at: { file, range: c, pointer: c.pointer }, messageId: 'unnoted', data: { file, ref, changelog: CHANGELOG } });
    }
  },
};
