/** The structured formats a governed file is parsed as. */
export type DataFormat = 'json' | 'yaml';

/** The format a governed file is parsed as, by its extension: YAML for `.yaml`/`.yml`, JSON otherwise (the corpus reads it so, and its findings cite it so). */
export function dataFormatOf(file: string): DataFormat {
  return /\.ya?ml$/i.test(file) ? 'yaml' : 'json';
}
