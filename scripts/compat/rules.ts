import type { RuleClass, RuleExamples, RuleMeta } from '../core/engine/rule.js';
import type { SeveritySetting } from '../core/model/findings.js';
import { defineRule } from '../core/engine/rule.js';
import type { Change, RawChange } from './types.js';
import { CLASS_ORDER } from './types.js';
import { kindExamples, runExamples } from './rule-examples.js';

/*
 * One rule per kind of change, as buf has one per kind (FIELD_NO_DELETE, ENUM_VALUE_NO_DELETE, …),
 * each of one class. As in buf's strictest category (FILE), every breaking kind is an error by
 * default: removing or renaming anything, newly required, narrowing, an enum value removed, an
 * object closed. A breaking change that an RFC of the compared range declares (`Compatibility:
 * breaking`, the file named in `Affects`) is reported as a notice instead (compare.ts). Additive
 * and editorial kinds are off (the classification table shows them either way); configuration can
 * set any of them. The differs tag each change with a finer `kind` (`minLength-tightened`);
 * `ruleFor` maps a change to its rule.
 */

const RFC = 'RFC 0001 §B';
const DEFAULT_SEVERITY = { breaking: 'error', additive: 'off', editorial: 'off' } as const;
const OPENAPI_RFC = RFC;
/**
 * Upstream's process: a change goes through an RFC by its class (RFC 0001 §4: the comment window
 * of an additive, safety-fix or breaking change), and the RFC states that class in its
 * Compatibility row and section (§6, the template, "per COMPATIBILITY.md").
 */
const OPENWOP_CHANGE = 'RFC 0001 §4, §6';
const OPENWOP_CLAIM = 'RFC 0001 §6, template';

/**
 * A rule of one kind of change. It declares the differs' kinds it reports (`kinds`: its own id's
 * kind, and finer ones such as `minLength-tightened`, added with `covering`); a directed rule also
 * declares the undirected kinds it takes over in its direction (`directs`).
 */
export interface CompatRule extends RuleMeta {
  class: RuleClass;
  kinds: readonly string[];
  direction?: Direction;
  directs?: readonly string[];
}

/** How a change reads: its class and the range it was found in; a declared breaking one names the RFC that declares it. */
const CHANGE_MESSAGES = {
  undeclared: 'undeclared breaking change since {{ref}}: {{reason}}; no RFC added or changed since {{ref}} declares it (Compatibility: breaking, the file in Affects)',
  declared: 'declared breaking change since {{ref}}: {{reason}}; RFC {{number}} declares it ({{rfc}}:{{line}}, Compatibility: breaking)',
  changed: '{{class}} change since {{ref}}: {{reason}}',
};

function kind(id: string, cls: RuleClass, description: string, rfc = RFC, severity: SeveritySetting = DEFAULT_SEVERITY[cls]): CompatRule {
  return { ...defineRule({ id: `compat/${id}`, rfc, description, class: cls, defaultSeverity: severity, rfcByPreset: { openwop: OPENWOP_CHANGE }, messages: CHANGE_MESSAGES }), class: cls, kinds: [id] };
}

/**
 * A kind rule's `examples` (compat/rule-examples.ts), made when first read (list-rules, the rule
 * tests) rather than each time the compat command loads its rules: a few hundred small files.
 * Not enumerable, so copying the rule (`ruleUnderPreset`) does not make them.
 */
function withExamples(rule: CompatRule): CompatRule {
  let examples: RuleExamples | undefined | null = null;
  Object.defineProperty(rule, 'examples', { get: () => (examples === null ? (examples = kindExamples(rule.kinds[0]!, rule.class)) : examples), enumerable: false, configurable: true });
  return rule;
}

/** The rule also reports these finer kinds of the differs. */
function covering(rule: CompatRule, ...kinds: string[]): CompatRule {
  return { ...rule, kinds: [...rule.kinds, ...kinds] };
}

/** `subject-verb` for every pair: the finer kinds one rule covers (`minLength-tightened`, …). */
function each(subjects: readonly string[], ...verbs: string[]): string[] {
  return subjects.flatMap((s) => verbs.map((v) => `${s}-${v}`));
}

const BOUND_KEYWORDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains', 'maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains', 'multipleOf'];
const CONTENT_KEYWORDS = ['contentMediaType', 'contentEncoding'];

/** An OpenAPI kind; `severity` only where the class's default would overstate it (oasdiff's WARN level). */
function api(id: string, cls: RuleClass, description: string, severity?: SeveritySetting): CompatRule {
  return kind(`openapi-${id}`, cls, description, OPENAPI_RFC, severity);
}

const B = 'breaking';
const A = 'additive';
const E = 'editorial';

/**
 * A schema inside the OpenAPI document has a direction. In a REQUEST (what the client sends:
 * parameters, request bodies; inside a callback or webhook, the responses the client's receiver
 * answers with) the server reads the value, so the classes above hold: narrowing breaks a client
 * whose request was valid. In a RESPONSE (what the API sends: responses, response headers; inside a
 * callback or webhook, its request) the client reads the value, so widening breaks a client that
 * handled every value the base promised, and narrowing is safe (oasdiff's `response-…` checks). A
 * kind whose class is the same either way keeps its one id; these are the ids where it differs.
 */
function directedRules(undirected: readonly CompatRule[]): CompatRule[] {
  const base = (id: string) => undirected.find((r) => r.kinds[0] === id)!;
  /** A directed rule takes over its undirected rule's kinds in its direction (a `-changed` kind is breaking either way). */
  const directing = (rule: CompatRule, direction: Direction, directs: readonly string[]): CompatRule => ({ ...rule, direction, directs });
  const res = (id: string, cls: RuleClass, description: string, severity?: SeveritySetting) =>
    directing(kind(`response-${id}`, cls, `In a response: ${description}`, OPENAPI_RFC, severity), 'response', id === 'optional-property-removed' ? [id] : base(id).kinds.filter((k) => !k.endsWith('-changed')));
  const widens = 'the API may send values a client written against the base does not handle.';
  const narrows = 'the API sends a subset of what it promised; every client still reads it.';
  return [
    directing(
      kind(
        'request-property-removed',
        B,
        'In a request: a property was removed; the server no longer reads what a client sends in it (the request is still valid unless the object is closed), a warning by default, as oasdiff\'s request-property-removed.',
        OPENAPI_RFC,
        'warning',
      ),
      'request',
      base('property-removed').kinds,
    ),
    res('optional-property-removed', B, `an OPTIONAL property was removed: the API was allowed to omit it, but a client that read it when sent gets nothing (a warning by default, as oasdiff's response-optional-property-removed; a REQUIRED one is \`compat/property-removed\`).`, 'warning'),
    res('property-added-required', A, 'a new property was added and made REQUIRED: the API always sends it; clients that do not know it ignore it.'),
    res('required-added', A, 'an existing property became REQUIRED: the API now always sends it.'),
    res('required-removed', B, 'a property is no longer REQUIRED: a client that relied on it may not get it.'),
    res('schema-unconstrained', B, `a schema became \`true\` or stopped being \`false\`: ${widens}`),
    res('type-added', A, `a \`type\` restriction was added: ${narrows}`),
    res('type-removed', B, `a \`type\` restriction was lifted: ${widens}`),
    res('type-widened', B, `\`type\` allows more types than before: ${widens}`),
    res('type-narrowed', A, `\`type\` allows fewer types than before: ${narrows}`),
    res('enum-added', A, `an \`enum\` was added: ${narrows}`),
    res('enum-removed', B, `an \`enum\` was removed: ${widens}`),
    res('enum-value-added', B, `a value was added to an \`enum\`: ${widens}`),
    res('enum-value-removed', A, `a value was removed from an \`enum\`: ${narrows}`),
    res('const-added', A, `a \`const\` was added: ${narrows}`),
    res('const-removed', B, `a \`const\` was removed: ${widens}`),
    res('bound-added', A, `a bound (\`minimum\`, \`maxLength\`, …) was added: ${narrows}`),
    res('bound-removed', B, `a bound (\`minimum\`, \`maxLength\`, …) was removed: ${widens}`),
    res('bound-tightened', A, `a bound was tightened: ${narrows}`),
    res('bound-loosened', B, `a bound was loosened: ${widens}`),
    res('pattern-added', A, `a \`pattern\` was added: ${narrows}`),
    res('pattern-removed', B, `a \`pattern\` was removed: ${widens}`),
    res('format-added', A, `a \`format\` was added: ${narrows}`),
    res('format-removed', B, `a \`format\` was removed: ${widens}`),
    res('content-added', A, `a \`contentMediaType\` or \`contentEncoding\` was added: ${narrows}`),
    res('content-removed', B, `a \`contentMediaType\` or \`contentEncoding\` was removed: ${widens}`),
    res('unique-items-added', A, `\`uniqueItems: true\` was added: ${narrows}`),
    res('unique-items-removed', B, `\`uniqueItems: true\` was removed: ${widens}`),
    res('additional-properties-closed', A, `an object was closed: ${narrows}`),
    res('additional-properties-opened', B, `an object was opened (\`additionalProperties: false\` dropped): ${widens}`),
    res('dependent-schema-added', A, `a \`dependentSchemas\` entry was added: ${narrows}`),
    res('dependent-schema-removed', B, `a \`dependentSchemas\` entry was removed: ${widens}`),
    res('dependent-required-added', A, `a property became required when another is present: ${narrows}`),
    res('dependent-required-removed', B, `a property is no longer required when another is present: ${widens}`),
    res('prefix-item-added', A, `a \`prefixItems\` entry was added: ${narrows}`),
    res('prefix-item-removed', B, `a \`prefixItems\` entry was removed: ${widens}`),
    res('all-of-branch-added', A, `an \`allOf\` branch was added: ${narrows}`),
    res('all-of-branch-removed', B, `an \`allOf\` branch was removed: ${widens}`),
    res('any-of-branch-added', B, `an \`anyOf\` branch was added: ${widens}`),
    res('any-of-branch-removed', A, `an \`anyOf\` branch was removed: ${narrows}`),
    res('one-of-branch-added', B, `a \`oneOf\` branch was added: ${widens}`),
    res('one-of-branch-removed', A, `a \`oneOf\` branch was removed: ${narrows}`),
  ];
}

/** The kinds of change, undirected. */
const UNDIRECTED: CompatRule[] = [
  // files
  kind('schema-file-removed', B, 'A JSON Schema file was removed.'),
  kind('schema-file-added', A, 'A JSON Schema file was added.'),
  kind('data-file-removed', B, 'A data file governed by a compared schema was removed, with every row in it.'),
  kind('data-file-added', A, 'A data file governed by a compared schema was added.'),
  kind('file-renamed', B, 'A schema or data file moved and its `$id` changed (or it has none): references by path break.'),
  kind('file-moved', E, 'A schema or data file moved and kept its `$id`.'),
  // whole schemas
  kind('schema-rejects-all', B, 'A schema became `false`: it rejects every value.'),
  covering(kind('schema-unconstrained', A, 'A schema became `true` or stopped being `false`: it accepts every value.'), 'schema-accepts'),
  kind('unclassified', B, 'A keyword this tool does not classify (or `not`, `if`) changed; counted as breaking.'),
  // annotations
  covering(kind('title-changed', E, '`title` added, removed or changed.'), 'title-added', 'title-removed'),
  covering(kind('description-changed', E, '`description` added, removed or changed.'), 'description-added', 'description-removed'),
  covering(kind('comment-changed', E, '`$comment` added, removed or changed.'), 'comment-added', 'comment-removed'),
  covering(kind('examples-changed', E, '`examples` added, removed or changed.'), 'examples-added', 'examples-removed'),
  covering(kind('deprecated-changed', E, '`deprecated` added, removed or changed.'), 'deprecated-added', 'deprecated-removed'),
  // references
  kind('ref-unresolved', B, 'A `$ref` no longer resolves in the corpus.'),
  kind('ref-resolved', A, 'A `$ref` that did not resolve at the base resolves now.'),
  kind('ref-changed', B, 'A `$ref` changed from a target that did not resolve at the base.'),
  kind('ref-retargeted', E, 'A `$ref` points elsewhere, at an equal schema.'),
  // types and values
  kind('type-added', B, 'A `type` restriction was added.'),
  kind('type-removed', A, 'A `type` restriction was lifted.'),
  kind('type-widened', A, '`type` allows more types than before (every base type still allowed).'),
  kind('type-narrowed', B, '`type` allows fewer types than before.'),
  kind('type-changed', B, '`type` changed to types that neither contain nor are contained in the base ones.'),
  kind('enum-added', B, 'An `enum` was added: values restricted.'),
  kind('enum-removed', A, 'An `enum` was removed: the value restriction lifted.'),
  kind('enum-value-removed', B, 'A value was removed from an `enum`.'),
  kind('enum-value-added', A, 'A value was added to an `enum`.'),
  kind('const-added', B, 'A `const` was added: values restricted.'),
  kind('const-removed', A, 'A `const` was removed: the value restriction lifted.'),
  kind('const-changed', B, 'A `const` changed.'),
  kind('default-added', A, 'A `default` was added.'),
  kind('default-changed', B, 'A `default` changed: a reader that omits the value gets another meaning.'),
  // bounds and assertions
  covering(kind('bound-added', B, 'A bound (`minimum`, `maxLength`, `minItems`, `multipleOf`, …) was added.'), ...each(BOUND_KEYWORDS, 'added')),
  covering(kind('bound-removed', A, 'A bound (`minimum`, `maxLength`, `minItems`, `multipleOf`, …) was removed.'), ...each(BOUND_KEYWORDS, 'removed')),
  covering(kind('bound-tightened', B, 'A bound was tightened (or changed to a value that is not simply looser).'), ...each(BOUND_KEYWORDS, 'tightened', 'changed')),
  covering(kind('bound-loosened', A, 'A bound was loosened.'), ...each(BOUND_KEYWORDS, 'loosened')),
  kind('pattern-added', B, 'A `pattern` was added.'),
  kind('pattern-removed', A, 'A `pattern` was removed.'),
  kind('pattern-changed', B, 'A `pattern` changed (a changed pattern counts as narrowed).'),
  kind('format-added', B, 'A `format` was added.'),
  kind('format-removed', A, 'A `format` was removed.'),
  kind('format-changed', B, 'A `format` changed.'),
  covering(kind('content-added', B, 'A `contentMediaType` or `contentEncoding` was added.'), ...each(CONTENT_KEYWORDS, 'added')),
  covering(kind('content-removed', A, 'A `contentMediaType` or `contentEncoding` was removed.'), ...each(CONTENT_KEYWORDS, 'removed')),
  covering(kind('content-changed', B, 'A `contentMediaType` or `contentEncoding` changed.'), ...each(CONTENT_KEYWORDS, 'changed')),
  covering(kind('unique-items-added', B, '`uniqueItems: true` was added.'), 'uniqueItems-added'),
  covering(kind('unique-items-removed', A, '`uniqueItems: true` was removed.'), 'uniqueItems-removed'),
  // objects
  covering(kind('property-removed', B, 'A property was removed from `properties`.'), 'optional-property-removed'),
  kind('property-renamed', B, 'A property was renamed (removed, and an equal one added under another name).'),
  kind('property-added-required', B, 'A new property was added and made REQUIRED.'),
  kind('property-added', A, 'A new OPTIONAL property was added.'),
  kind('required-added', B, 'An existing property became REQUIRED.'),
  kind('required-removed', A, 'A property is no longer REQUIRED.'),
  covering(kind('additional-properties-closed', B, 'An object was closed (`additionalProperties` or `unevaluatedProperties` became `false`).'), 'object-closed'),
  covering(kind('additional-properties-opened', A, 'An object was opened (`additionalProperties` or `unevaluatedProperties` is no longer `false`).'), 'object-opened'),
  kind('definition-removed', B, 'A definition (`$defs`, `definitions`) was removed.'),
  kind('definition-added', A, 'A definition (`$defs`, `definitions`) was added.'),
  kind('pattern-property-removed', B, 'A `patternProperties` entry was removed.'),
  kind('pattern-property-added', A, 'A `patternProperties` entry was added.'),
  kind('dependent-schema-removed', A, 'A `dependentSchemas` entry was removed.'),
  kind('dependent-schema-added', B, 'A `dependentSchemas` entry was added.'),
  kind('dependent-required-added', B, 'A property became required when another is present (`dependentRequired`).'),
  kind('dependent-required-removed', A, 'A property is no longer required when another is present (`dependentRequired`).'),
  // arrays and combinators
  kind('prefix-item-added', B, 'A `prefixItems` entry was added.'),
  kind('prefix-item-removed', A, 'A `prefixItems` entry was removed.'),
  covering(kind('all-of-branch-added', B, 'An `allOf` branch was added.'), 'allOf-branch-added'),
  covering(kind('all-of-branch-removed', A, 'An `allOf` branch was removed.'), 'allOf-branch-removed'),
  covering(kind('any-of-branch-added', A, 'An `anyOf` branch was added.'), 'anyOf-branch-added'),
  covering(kind('any-of-branch-removed', B, 'An `anyOf` branch was removed.'), 'anyOf-branch-removed'),
  covering(kind('one-of-branch-added', A, 'A `oneOf` branch was added.'), 'oneOf-branch-added'),
  covering(kind('one-of-branch-removed', B, 'A `oneOf` branch was removed.'), 'oneOf-branch-removed'),
  // identity
  kind('id-added', A, 'An `$id` was added.'),
  kind('id-changed', B, 'An `$id` changed or was removed: references by `$id` break.'),
  kind('dialect-changed', B, '`$schema` (the dialect) changed.'),
  // data files (rows of the interop map and other governed tables)
  // A kind whose class depends on what changed (`row-changed` that only adds fields) is covered by the rule of that class.
  kind('row-removed', B, 'A row of a governed data table was removed (rows are matched by their natural key).'),
  kind('row-added', A, 'A row was added to a governed data table.'),
  kind('row-changed', B, 'A row of a governed data table lost a field or had a value changed.'),
  covering(kind('row-extended', A, 'A row of a governed data table gained fields and lost or changed none.'), 'row-changed'),
  covering(kind('row-reworded', E, 'Only prose fields (`note`, `description`, `rule`, …) of a row changed.'), 'row-changed'),
  kind('field-removed', B, 'A field of a governed data file was removed.'),
  kind('field-added', A, 'A field was added to a governed data file.'),
  kind('value-changed', B, 'A value of a governed data file changed.'),
  covering(kind('prose-changed', E, 'A prose field (`note`, `description`, `rule`, …) of a governed data file changed or was removed.'), 'field-removed', 'value-changed'),
  covering(kind('list-item-removed', B, 'An entry was removed from a list of values in a governed data file.'), 'item-removed'),
  covering(kind('list-item-added', A, 'An entry was added to a list of values in a governed data file.'), 'item-added'),
  covering(kind('list-reordered', E, 'A list of values in a governed data file has the same entries in another order.'), 'items-reordered'),
  // the OpenAPI document (operations matched by operationId, then by method + path template)
  api('document-removed', B, 'The OpenAPI document was removed, with every operation in it.'),
  api('document-added', A, 'An OpenAPI document was added.'),
  api('operation-removed', B, 'An operation was removed (reported at its nearest surviving parent: the path item, or `paths`).'),
  api('operation-added', A, 'An operation was added.'),
  api('operation-id-changed', B, 'An operation kept its method and path but its `operationId` changed or was removed: generated clients lose the method.'),
  api('operation-id-added', A, 'An operation that had no `operationId` got one.'),
  api('operation-path-changed', B, 'An operation (same `operationId`) moved to another path.'),
  api('operation-method-changed', B, 'An operation (same `operationId`) changed its HTTP method.'),
  api('parameter-removed', B, 'A parameter was removed.'),
  api('parameter-added-required', B, 'A new REQUIRED parameter was added.'),
  api('parameter-added', A, 'A new OPTIONAL parameter was added.'),
  api('parameter-required-added', B, 'An existing parameter became REQUIRED.'),
  api('parameter-required-removed', A, 'A parameter is no longer REQUIRED.'),
  api('parameter-location-changed', B, 'A parameter moved to another location (`in`: query, header, path, cookie).'),
  api('parameter-type-changed', B, "A parameter's schema `type` changed, was added or narrowed."),
  api('request-body-added-required', B, 'A REQUIRED request body was added to an operation that had none.'),
  api('request-body-added', A, 'An OPTIONAL request body was added to an operation that had none.'),
  api('request-body-removed', B, 'The request body was removed.'),
  api('request-body-required-added', B, 'The request body became REQUIRED.'),
  api('request-body-required-removed', A, 'The request body is no longer REQUIRED.'),
  api('request-media-type-removed', B, 'A media type of the request body was removed.'),
  api('request-media-type-added', A, 'A media type was added to the request body.'),
  api('response-removed', B, 'A response status code was removed from an operation.'),
  api('response-added', A, 'A response status code was added to an operation.'),
  api('response-media-type-removed', B, 'A media type of a response was removed.'),
  api('response-media-type-added', A, 'A media type was added to a response.'),
  api('response-header-removed', B, 'A REQUIRED response header was removed (`Content-Type` is ignored, as OpenAPI says): a client that read it gets nothing.'),
  api(
    'optional-response-header-removed',
    B,
    'An optional response header was removed: the server was allowed to omit it, but a client that read it when sent gets nothing (a warning by default, as oasdiff\'s optional-response-header-removed).',
    'warning',
  ),
  api('response-header-added', A, 'A response header was added.'),
  api('response-header-required-added', A, 'A response header became REQUIRED: the server now always sends it.'),
  api('response-header-required-removed', B, 'A response header is no longer REQUIRED: a client that relied on it may not get it.'),
  api('callback-removed', B, "An operation of a callback (`paths.*.*.callbacks.<name>.<expression>.<method>`) was removed, or its method or expression changed: the client's receiver no longer gets it. A paired one's schemas are compared with the direction reversed."),
  api('callback-added', A, 'An operation was added to the callbacks of an existing operation.'),
  api('webhook-removed', B, "A webhook operation (`webhooks.<name>.<method>`) was removed or changed its method: the client's receiver no longer gets it. Matched by `operationId`, then by name and method; a paired one's schemas are compared with the direction reversed."),
  api('webhook-added', A, 'A webhook operation was added.'),
  api('content-media-type-changed', B, 'A parameter or header described with `content` (a media type and its schema) changed its media type, or switched between `schema` and `content`: the value is serialised another way.'),
  api('too-complex', B, 'The comparison of the OpenAPI document passed its work cap (components shared through `$ref` used from very many places): it cannot be classified, so it counts as breaking.'),
  api('schema-removed', B, 'A component schema (`components.schemas`) was removed.'),
  api('schema-added', A, 'A component schema (`components.schemas`) was added.'),
  api('security-added', B, 'A security requirement was added or tightened: a request that was authorised may not be now.'),
  api('security-relaxed', A, 'A security requirement was removed or an alternative added: every request that was authorised still is.'),
  kind(
    'one-way-property-changed',
    E,
    'In an OpenAPI document: a change to a property sent one way only (`readOnly`: only the API sends it; `writeOnly`: only clients do), or that flag set or dropped, in a schema sent only the other way: the property is not on the wire there, so nothing changes.',
    OPENAPI_RFC,
  ),
];

/** The kinds of change: the undirected ones, then the schemas inside the OpenAPI document by direction (directed() picks these where the class differs). */
export const CHANGE_RULES: CompatRule[] = [...UNDIRECTED.slice(0, -1), ...directedRules(UNDIRECTED), UNDIRECTED.at(-1)!].map(withExamples);

/** The findings about the run itself, not about one change. */
export const RULES = {
  claim: defineRule({
    id: 'compat/claim-contradicted',
    rfc: RFC,
    rfcByPreset: { openwop: OPENWOP_CLAIM },
    description: 'An RFC added or changed in the compared range claims `additive` or `safety-fix` in its Compatibility row, but a file its Affects row names has a breaking change.',
    messages: { contradicted: 'RFC {{number}} claims "{{claim}}", but `{{file}}` has a breaking change since {{ref}}:{{through}} {{reason}} at {{pointer}}{{more}}' },
    examples: runExamples('claim'),
  }),
  baseUnreadable: defineRule({
    id: 'compat/base-unreadable',
    rfc: RFC,
    // Upstream's process says nothing about an unreadable base: the rule is this project's.
    rfcByPreset: { openwop: `specgate's ${RFC}` },
    description: 'A file at the base is not readable JSON, so its changes cannot be classified.',
    defaultSeverity: 'warning',
    messages: { unreadable: 'the base version cannot be read ({{where}}: {{problem}}); its changes are not classified' },
    examples: runExamples('baseUnreadable'),
  }),
} as const;

export const RULE_INFOS: RuleMeta[] = [...CHANGE_RULES, ...Object.values(RULES)];

/**
 * Ids that are no longer reported, and the ids configuring them sets. `compat/breaking-change`
 * was the one id of every breaking change before each kind got its own.
 */
export const COMPAT_ALIASES: Record<string, string[]> = {
  'compat/breaking-change': CHANGE_RULES.filter((r) => r.class === 'breaking').map((r) => r.id),
};

/** Each kind of change, in its class, to the rule that declares it. */
const COVERS = new Map<string, CompatRule>();
/** Each undirected kind, in a direction, to the directed rule that takes it over. */
const DIRECTED = new Map<string, CompatRule>();
for (const rule of CHANGE_RULES) {
  for (const k of rule.kinds) {
    const key = `${k}\0${rule.class}`;
    if (COVERS.has(key)) throw new Error(`two compat rules cover a ${rule.class} change of kind "${k}": ${COVERS.get(key)!.id} and ${rule.id}`);
    COVERS.set(key, rule);
  }
  for (const k of rule.directs ?? []) DIRECTED.set(`${rule.direction}\0${k}`, rule);
}

/** The rule a classified change is reported under. Throws on a kind no rule covers (a differ and the rules disagree). */
export function ruleFor(change: Pick<Change, 'kind' | 'class'>): CompatRule {
  const rule = COVERS.get(`${change.kind}\0${change.class}`);
  if (!rule) throw new Error(`no compat rule for a ${change.class} change of kind "${change.kind}"`);
  return rule;
}

/** Who sends the value a schema describes: the client (`request`) or the API (`response`). */
export type Direction = 'request' | 'response';

const SEVERITY_ORDER: Record<string, number> = { off: 0, warning: 1, error: 2 };

/** A change's kind and class in one direction: the directed rule's where one takes it over, else unchanged. */
function variant(c: RawChange, dir: Direction): RawChange {
  const rule = DIRECTED.get(`${dir}\0${c.kind}`);
  return rule ? { ...c, kind: rule.kinds[0]!, class: rule.class } : c;
}

/**
 * A schema change classed by the direction of its schema; `both` (a component sent and received)
 * takes the worse of the two, and no direction (a schema file of its own) keeps the classes above.
 * A change to a property sent one way only (`only`: a `readOnly` or `writeOnly` one, or that flag
 * set or dropped) is classed in that direction, and is no change on the wire in a schema sent only
 * the other way.
 */
export function directed(c: RawChange, dir: Direction | 'both' | undefined): RawChange {
  const { only, ...change } = c;
  if (only) {
    if (dir === undefined || dir === 'both' || dir === only) return variant(change, only);
    const sent = dir === 'request' ? 'clients send' : 'the API sends';
    return { ...change, class: 'editorial', kind: 'one-way-property-changed', reason: `${change.reason}; the property is not sent where ${sent} this schema, so nothing on the wire changes` };
  }
  if (dir !== 'both') return dir ? variant(change, dir) : change;
  const rank = (x: RawChange) => CLASS_ORDER[x.class] * 3 + SEVERITY_ORDER[ruleFor(x).defaultSeverity ?? 'off']!;
  const [req, res] = [variant(change, 'request'), variant(change, 'response')];
  return rank(res) > rank(req) ? res : req;
}
