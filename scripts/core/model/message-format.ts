/*
 * A rule's message template filled with a report's data (`{{name}}` → data.name), as ESLint fills
 * `meta.messages`. Its own module, below the rule model: the corpus words its read and parse
 * findings (the reading rules) with it, and the rule model reads the corpus.
 */

/** What formatting needs of a rule: its id (for the error) and its templates. */
export interface MessageSource {
  id: string;
  messages?: Readonly<Record<string, string>>;
}

/**
 * A message template filled with a report's data. Throws on an id the rule does not declare and on
 * a placeholder the data leaves empty: a typo in a rule is a failed test, never a garbled message.
 */
export function formatMessage(rule: MessageSource, messageId: string, data: Readonly<Record<string, string | number>> = {}): string {
  const template = rule.messages?.[messageId];
  if (template === undefined) throw new Error(`${rule.id} reported messageId "${messageId}", which its meta.messages does not declare`);
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const v = data[name];
    if (v === undefined) throw new Error(`${rule.id} message "${messageId}" needs data.${name}`);
    return String(v);
  });
}
