/**
 * Every name a plain object answers without owning it (Object.prototype's properties), and
 * `prototype`: keys that have slipped past checks which look names up in an object.
 */
export const PROTOTYPE_NAMES: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'toLocaleString',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'valueOf',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
];

/** Whether a key a test sent has reached Object.prototype. */
export const objectPrototypePolluted = (): boolean => 'polluted' in Object.prototype;
