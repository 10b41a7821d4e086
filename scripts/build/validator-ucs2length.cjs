'use strict';
/**
 * The string length the validators precompiled by `npm run build` use for minLength and
 * maxLength: code points, as JSON Schema counts them (a surrogate pair is one, a lone surrogate
 * one). generate-validators points their `require("ajv/dist/runtime/ucs2length")` here (copied
 * to dist/validators/ucs2length.cjs), so a check run does not resolve a path inside ajv's
 * package (node's package-exports lookup costs the first bare require about 5 ms).
 */
function codePointLength(str) {
  let count = 0;
  for (let i = 0; i < str.length; i++) {
    const unit = str.charCodeAt(i);
    // A high surrogate followed by a low one is a single code point.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < str.length) {
      const next = str.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

exports.default = codePointLength;
