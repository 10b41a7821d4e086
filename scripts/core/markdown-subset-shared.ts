import type { Position } from 'unist';
import type { LineIndex } from './position.js';

/** Thrown inside the subset parser when the input leaves the subset; the caller uses micromark. */
export class Unsupported extends Error {}

/** Offsets → unist positions (1-based line and column, end exclusive). */
export class Positioner {
  constructor(private readonly lines: LineIndex) {}

  point(offset: number): { line: number; column: number; offset: number } {
    const p = this.lines.at(offset);
    return { line: p.line, column: p.column, offset };
  }

  span(start: number, end: number): Position {
    return { start: this.point(start), end: this.point(end) };
  }
}
