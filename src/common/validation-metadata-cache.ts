import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type Rules = ReturnType<Storage['getTargetValidationMetadatas']>;
type ValidatedClass = Parameters<Storage['getTargetValidationMetadatas']>[0];

const installed = new WeakSet<Storage>();

/**
 * class-validator finds a class's rules on every validation by testing the class against every
 * decorated class with `instanceof` (about 30 µs a request with this API's DTOs). Rules are added
 * only while classes are declared, so each answer is remembered per class and options, and all are
 * forgotten when a rule is added. The number of entries is bounded by the classes and groups in the code.
 */
export function rememberValidationRules(storage: Storage = getMetadataStorage()): void {
  if (installed.has(storage)) return;
  installed.add(storage);
  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  const addRule = storage.addValidationMetadata.bind(storage);
  let remembered = new Map<ValidatedClass, Map<string, Rules>>();
  storage.addValidationMetadata = (metadata) => {
    remembered = new Map();
    addRule(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const options = JSON.stringify([schema, always, strictGroups, groups]);
    let byOptions = remembered.get(target);
    if (!byOptions) remembered.set(target, (byOptions = new Map()));
    let rules = byOptions.get(options);
    if (!rules) byOptions.set(options, (rules = lookUp(target, schema, always, strictGroups, groups)));
    return rules;
  };
}
