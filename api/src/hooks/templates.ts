import type { HookRegistry } from '@carelane/engine';
import { sanitizeFields } from './sanitize';

/** Message templates keep their HTML sanitised like every other stored HTML. */
export const registerTemplateHooks = (hooks: HookRegistry) => {
  hooks.register('templates', {
    // It only cleans the fields it is given.
    writesOnCreate: () => false,
    async beforeCreate(record) {
      return sanitizeFields(record, ['html']);
    },
    async beforeUpdate(changes) {
      return sanitizeFields(changes, ['html']);
    },
  });
};
