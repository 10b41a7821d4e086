/**
 * The part of js-yaml that scripts/core/yaml-tree.ts uses, bundled as dist/bundle/js-yaml.cjs
 * (vite.build.config.ts): the event parser and the constructor, without the dumper.
 */
export { constructFromEvents, EVENT_ID, getScalarValue, parseEvents } from 'js-yaml';
