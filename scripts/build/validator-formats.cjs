'use strict';
/**
 * The format checks of the validators precompiled by `npm run build`: generate-validators points
 * their `require("ajv-formats/dist/formats").fullFormats.date|uri` here (copied to
 * dist/validators/formats.cjs), so a check run neither loads all of ajv-formats nor, for
 * ordinary URLs, compiles its URI regex, which alone costs 10-15 ms on first use.
 * Results are those of ajv-formats 3 `fullFormats`.
 */

let full;
function fullFormats() {
  return (full ??= require('ajv-formats/dist/formats').fullFormats);
}

// date: as ajv-formats (RFC 3339 full-date with the days of each month).
const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year) {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function date(str) {
  const matches = DATE.exec(str);
  if (!matches) return false;
  const year = +matches[1];
  const month = +matches[2];
  const day = +matches[3];
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && isLeapYear(year) ? 29 : DAYS[month]);
}

function compareDate(d1, d2) {
  if (!(d1 && d2)) return undefined;
  if (d1 > d2) return 1;
  if (d1 < d2) return -1;
  return 0;
}

/**
 * `scheme://host[:port][/path][?query][#fragment]` without %-escapes, IP literals or userinfo:
 * each part uses the characters ajv-formats' URI regex allows there, so every string this
 * accepts the full check accepts too. Anything else is decided by the full check.
 */
const PLAIN_URL = /^[a-z][a-z0-9+\-.]*:\/\/[a-z0-9\-._~!$&'()*+,;=]*(?::\d*)?(?:\/[a-z0-9\-._~!$&'()*+,;=:@]*)*(?:\?[a-z0-9\-._~!$&'()*+,;=:@/?]*)?(?:#[a-z0-9\-._~!$&'()*+,;=:@/?]*)?$/i;

function uri(str) {
  return PLAIN_URL.test(str) || fullFormats().uri(str);
}

module.exports = { date: { validate: date, compare: compareDate }, uri };
