'use strict';
/**
 * ajv's compiler, ajv-formats and ajv's standalone code generator, in one CommonJS module that
 * core/engine/schema.ts requires when a schema is first compiled (required, not imported, so
 * compiling stays synchronous for the config). The build (scripts/build/bundle.ts) replaces this
 * file in dist/ with one esbuild bundle of them: ajv is about 60 small CommonJS files, and a cold
 * run loaded them one by one (figures in docs/decisions/module-loading.md). What cached
 * validators ask for (ajv's runtime, ajv-formats' formats) is required apart, from the packages.
 */
module.exports = {
  Ajv2020: require('ajv/dist/2020.js').default,
  addFormats: require('ajv-formats').default,
  standaloneCode: require('ajv/dist/standalone/index.js').default,
};
