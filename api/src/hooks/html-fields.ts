import { RESOURCES, type ResourceDefinition } from '@carelane/db';
import type { HookRegistry } from '@carelane/engine';
import { sanitizeFields } from './sanitize';

/** The fields of a resource marked `html` in its definition. */
export const htmlFields = (definition: ResourceDefinition) =>
  Object.entries(definition.fields)
    .filter(([, field]) => field.html === true)
    .map(([name]) => name);

/**
 * Every HTML field of every resource goes through the one sanitiser when it is written, by staff or
 * endusers, on create and on update (forum posts, comments, managed content, forms, products, care
 * plans ... as well as the messaging fields their own hooks already clean).
 */
export const registerHtmlSanitizing = (hooks: HookRegistry, resources: ResourceDefinition[] = RESOURCES) => {
  for (const definition of resources) {
    const fields = htmlFields(definition);
    if (!fields.length) continue;
    hooks.register(definition.name, {
      beforeCreate: async (record) => sanitizeFields(record, fields),
      // It only cleans the fields it is given.
      writesOnCreate: () => false,
      beforeUpdate: async (changes) => sanitizeFields(changes, fields),
    });
  }
};
