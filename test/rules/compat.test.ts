import { describe, expect, it } from 'vitest';
import { CHANGE_RULES, ruleFor } from '../../scripts/compat/rules.js';
describe('compat rule metadata', () => {
  it('every kind rule has a class, and breaking ones are errors by default (buf FILE), the others off', () => {
    // oasdiff's WARN level: a breaking kind that only may break a client.
    const warnings = new Set(['compat/openapi-optional-response-header-removed', 'compat/request-property-removed', 'compat/response-optional-property-removed']);
    for (const r of CHANGE_RULES) {
      expect(r.class, r.id).toBeDefined();
      expect(r.defaultSeverity, r.id).toBe(r.class === 'breaking' ? (warnings.has(r.id) ? 'warning' : 'error') : 'off');
    }
  });

  it('a change is reported under a rule of its own class; a kind no rule covers is an error', () => {
    expect(ruleFor({ kind: 'minLength-tightened', class: 'breaking' }).id).toBe('compat/bound-tightened');
    expect(ruleFor({ kind: 'row-changed', class: 'additive' }).id).toBe('compat/row-extended');
    expect(ruleFor({ kind: 'file-moved', class: 'editorial' }).id).toBe('compat/file-moved');
    expect(ruleFor({ kind: 'file-renamed', class: 'breaking' }).id).toBe('compat/file-renamed');
    expect(() => ruleFor({ kind: 'file-renamed', class: 'editorial' })).toThrow(/no compat rule/);
    expect(() => ruleFor({ kind: 'property-added', class: 'breaking' })).toThrow(/no compat rule/);
    expect(() => ruleFor({ kind: 'teleported', class: 'breaking' })).toThrow(/no compat rule/);
  });
});
