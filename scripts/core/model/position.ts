/** 1-based line and column; `endColumn` points just past the last character (as SARIF wants). */
export interface Range {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** Maps UTF-16 offsets of one text to lines and columns, built once per file. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(readonly text: string) {
    // indexOf runs natively; a charCodeAt loop is interpreted at startup, when it matters most.
    let i = text.indexOf('\n');
    const hasCr = text.includes('\r');
    if (!hasCr) {
      while (i !== -1) {
        this.starts.push(i + 1);
        i = text.indexOf('\n', i + 1);
      }
    } else {
      const breaks = /\r\n?|\n/g;
      for (let m = breaks.exec(text); m; m = breaks.exec(text)) this.starts.push(m.index + m[0].length);
    }
  }

  get lineCount(): number {
    return this.starts.length;
  }

  /** 1-based line and column of an offset. */
  at(offset: number): { line: number; column: number } {
    const o = this.clamp(offset);
    const line = this.lineOf(o);
    return { line, column: o - this.starts[line - 1]! + 1 };
  }

  /** The offset within the text (negative and past-the-end offsets are clamped). */
  clamp(offset: number): number {
    return Math.max(0, Math.min(offset, this.text.length));
  }

  /** 1-based line of a clamped offset; with `column()`, a point without a temporary object. */
  lineOf(o: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= o) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  /** 1-based column of a clamped offset on its 1-based line. */
  column(o: number, line: number): number {
    return o - this.starts[line - 1]! + 1;
  }

  range(start: number, end: number): Range {
    const a = this.at(start);
    const b = this.at(Math.max(start, end));
    return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  }

  /** Offset of the first character of a 1-based line. */
  lineStart(line: number): number {
    return this.starts[Math.max(0, Math.min(line - 1, this.starts.length - 1))]!;
  }

  /** Text of a 1-based line without its line break. */
  lineText(line: number): string {
    const start = this.lineStart(line);
    const next = line < this.starts.length ? this.starts[line]! : this.text.length;
    return this.text.slice(start, next).replace(/\r?\n$|\r$/, '');
  }
}
