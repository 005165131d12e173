import { endusers, validators } from '@carelane/db';
import { defineAction } from '../action';
import { Required, S } from '../input';
import { outboxOf } from './outbox-entries';

class EnduserOutboxInput {
  @Required(validators.id, S.id)
  enduserId!: string;
}

/**
 * GET /enduser-outbox { enduserId } (staff who may read the patient) answers { entries }: every send
 * to the patient still to go out, across journey steps, appointment reminders and scheduled messages,
 * each with its time, channel and cause in words; sends that will no longer go out stay listed a week
 * as cancelled or voided, with the reason (outbox-entries.ts). Each kind is read through the engine,
 * so a role that may not read reminders or messages sees the others.
 */
export const enduserOutbox = defineAction({
  method: 'get',
  path: '/enduser-outbox',
  auth: 'user',
  input: EnduserOutboxInput,
  readOnly: true,
  handler: async ({ services, caller }, input) => {
    // The patient first: one the caller may not read is refused (403 / 404) like the record itself.
    await services.engine.getOne(endusers, caller, input.enduserId);
    return { entries: await outboxOf(services, caller, input.enduserId) };
  },
});
