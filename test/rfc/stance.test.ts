import { describe, expect, it } from 'vitest';
import { stanceIn } from '../../scripts/rfc/stance.js';

describe('stanceIn: the words an open question takes a position in', () => {
  it('finds a proposal, the current behaviour, a deferral, an answer, a phrase or a capitalised RFC 2119 keyword', () => {
    expect(stanceIn(' Current proposal: optional.')).toBe('Current');
    expect(stanceIn(' Today it is host territory.')).toBe('Today');
    expect(stanceIn(' Probably yes — but it needs Phase 4.')).toBe('Probably');
    expect(stanceIn(' Add it to the enum when an adopter pulls.')).toBe('when an adopter pulls');
    expect(stanceIn(' Out of scope for v1.')).toBe('Out of scope');
    expect(stanceIn(' Hosts MAY add keys.')).toBe('MAY');
  });

  it('finds none in a trade-off weighed or a gap described', () => {
    expect(stanceIn(' Cleaner suite teardown, but raises the implementation bar.')).toBeUndefined();
    expect(stanceIn("The model already requires a handoff; §D.5 covers it but doesn't address split-brain.")).toBeUndefined();
  });

  it('reads whole words only: identifiers, dotted names, paths and hyphenated compounds are not stances', () => {
    for (const t of ['currentState is set', 'host-extensions-territory', 'the non-default path', 'packs.default.mode', 'see src/current/x', 'a yes-man', 'the may be lower'])
      expect(stanceIn(t), t).toBeUndefined();
  });
});
