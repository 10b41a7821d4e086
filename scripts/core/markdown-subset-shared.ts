import type { Position } from 'unist';
import type { LineIndex } from './position.js';

/** Thrown inside the subset parser when the input leaves the subset; the caller uses micromark. */
export class Unsupported extends Error {}

/** Offsets → unist positions (1-based line and column, end exclusive). */
export class Positioner {
  constructor(private readonly lines: LineIndex) {}

  point(offset: number): { line: number; column: number; offset: number } {
    const o = this.lines.clamp(offset);
    const line = this.lines.lineOf(o);
    return { line, column: this.lines.column(o, line), offset };
  }

  span(start: number, end: number): Position {
    return { start: this.point(start), end: this.point(end) };
  }
}
