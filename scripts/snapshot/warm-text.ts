/**
 * A made-up RFC in the shape RFC documents take (a header table, sections, lists, task boxes,
 * links, code, a table, emphasis): the snapshot's build reads it once, so the parser's and the
 * reader's functions are compiled in the blob and a run's first parse does not compile them.
 * Nothing of it is kept: the reading is dropped.
 */
export const WARM_RFC = `# RFC 9999: A warm-up document

| Field | Value |
| --- | --- |
| Status | Draft |
| Authors | Someone <someone@example.invalid> |
| Created | 2026-01-01 |
| Updated | 2026-01-02 |
| Affects | \`spec/v2/example.json\`, [RFC 0001](0001-example.md) |

## Summary

A paragraph with *emphasis*, **strong text**, \`code\`, ~~struck~~ words, a [link](https://example.invalid/a "title")
and a reference [to RFC 0002 §3](0002-other.md#3-details). A line break follows\\
here. Another paragraph cites RFC 0003 and RFC-0004.

## Motivation

1. First item, with a [link][ref].
2. Second item:
   - nested bullet with \`inline\`
   - another one

> A quotation, with a line that goes on
> over two lines.

[ref]: https://example.invalid/ref

## Specification

\`\`\`json
{ "name": "example", "values": [1, 2, 3] }
\`\`\`

| Requirement | Observable | Test |
| :--- | :---: | ---: |
| MUST answer | the response | \`conformance/a.test.ts\` |
| SHOULD log | a line | — |

<!-- a comment -->

---

## Acceptance

- [x] The schema is updated.
- [ ] The conformance test exists.
- [ ] The SDK follows.

## Unresolved questions

- Whether the second field is needed?

## Errata

1. In §Specification, replace "MUST answer" with "MUST answer once".

## Security

No new surface.
`;
