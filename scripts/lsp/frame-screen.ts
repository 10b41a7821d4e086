import { Transform } from 'node:stream';
import type { TransformCallback } from 'node:stream';
import { MAX_FILE_BYTES } from '../core/io/source.js';

/** A header block (all `Name: value` lines of one message) longer than this is not LSP. */
export const MAX_HEADER_BYTES = 8 * 1024;
/**
 * One message's body: the CLI reads no file over MAX_FILE_BYTES, and a document's text in JSON
 * is at most a few times longer (escapes); a bigger message (a 200 MB didOpen) is skipped unread
 * as it streams by, so it costs its bytes in transit only, never a buffer.
 */
export const MAX_FRAME_BYTES = 2 * MAX_FILE_BYTES;

const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * A guard in front of the server's stdin, before vscode-jsonrpc's reader, which buffers whatever
 * `Content-Length` says (4,000,000,000 grew to 1.5 GB), waits forever on a negative one, and on a
 * header it cannot read logs an error and reads on from a broken position. Frames pass through
 * byte for byte; the guard reads only the headers (LSP's base protocol: ASCII lines
 * `Name: value`, ended by an empty line, one decimal Content-Length). A frame over
 * MAX_FRAME_BYTES is dropped as it streams by, with a log line, and the server reads the next
 * one; a header that is not the protocol's ends the input: the connection closes and the server
 * exits, as on a closed pipe.
 */
export function frameScreen(log: (line: string) => void): Transform {
  let header: Buffer = Buffer.alloc(0);
  /** Body bytes still to pass (`pass`) or drop (`skip`) before the next header. */
  let remaining = 0;
  let mode: 'header' | 'pass' | 'skip' | 'closed' = 'header';

  return new Transform({
    transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
      let at = 0;
      while (at < chunk.length && mode !== 'closed') {
        if (mode === 'pass' || mode === 'skip') {
          const n = Math.min(remaining, chunk.length - at);
          if (mode === 'pass') this.push(chunk.subarray(at, at + n));
          at += n;
          remaining -= n;
          if (remaining === 0) mode = 'header';
          continue;
        }
        // Looking for the end of the header block, which may span chunks.
        const joined = header.length ? Buffer.concat([header, chunk.subarray(at)]) : chunk.subarray(at);
        const end = joined.indexOf(HEADER_END);
        if (end === -1) {
          if (joined.length > MAX_HEADER_BYTES) return close(this, `a header block longer than ${MAX_HEADER_BYTES} bytes`, done);
          header = Buffer.from(joined);
          at = chunk.length;
          break;
        }
        if (end > MAX_HEADER_BYTES) return close(this, `a header block longer than ${MAX_HEADER_BYTES} bytes`, done);
        const consumed = end + HEADER_END.length - header.length;
        const block = joined.subarray(0, end + HEADER_END.length);
        header = Buffer.alloc(0);
        at += consumed;
        const length = contentLength(block.subarray(0, end).toString('latin1'));
        if (typeof length === 'string') return close(this, length, done);
        if (length > MAX_FRAME_BYTES) {
          log(`specgate: skipped a message of ${length} bytes (at most ${MAX_FRAME_BYTES}; a document over the file cap is not checked)`);
          mode = length === 0 ? 'header' : 'skip';
          remaining = length;
          continue;
        }
        this.push(block);
        mode = length === 0 ? 'header' : 'pass';
        remaining = length;
      }
      done();
    },
  });

  function close(stream: Transform, why: string, done: TransformCallback): void {
    mode = 'closed';
    log(`specgate: closing the connection: ${why}`);
    stream.push(null);
    done();
  }
}

/** The Content-Length of a header block, or why the block is not LSP's base protocol. */
function contentLength(block: string): number | string {
  let length: number | undefined;
  for (const line of block.split('\r\n')) {
    const m = /^([!#-'*+\-.^_`|~0-9A-Za-z]+):[ \t]*([\x20-\x7e]*?)[ \t]*$/.exec(line);
    if (!m) return `a header line that is not "Name: value" (${JSON.stringify(line.slice(0, 80))})`;
    if (m[1]!.toLowerCase() !== 'content-length') continue;
    if (length !== undefined) return 'two Content-Length headers';
    if (!/^\d{1,15}$/.test(m[2]!)) return `Content-Length ${JSON.stringify(m[2]!.slice(0, 40))} is not a byte count`;
    length = Number(m[2]);
  }
  return length ?? 'a message without Content-Length';
}
