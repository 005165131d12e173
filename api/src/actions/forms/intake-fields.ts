import { endusers } from '@carelane/db';
import { systemCaller } from '../../auth/caller';
import { ApiError } from '../../errors';
import type { TransactionEngine } from '@carelane/engine';

/** Profile fields a question may fill in directly; any other intakeField names a custom field. */
const PROFILE_FIELDS = new Set(['fname', 'lname', 'dateOfBirth']);

type Answered = { fieldId: string; answer: { value?: unknown } };

/**
 * A submitted answer to a question with an `intakeField` is copied onto the enduser
 * (docs/contract/entities.md#forms, form_fields: intakeField): their custom field of that name, or
 * fname, lname or dateOfBirth. Written by the server in the submission's transaction, each through
 * the engine's validation; an answer the enduser's field would refuse (a reserved key, a value too
 * long) is left on the response only.
 */
export const copyIntakeAnswers = async (tx: TransactionEngine, businessId: string, enduserId: unknown, fields: Record<string, unknown>[], responses: Answered[]) => {
  if (typeof enduserId !== 'string') return;
  const intakeOf = new Map(fields.map((field) => [String(field._id), field.intakeField]));
  for (const { fieldId, answer } of responses) {
    const key = intakeOf.get(fieldId);
    if (typeof key !== 'string' || !key || answer.value === undefined || answer.value === null || answer.value === '') continue;
    const updates = PROFILE_FIELDS.has(key) ? { [key]: answer.value } : { fields: { [key]: answer.value } };
    try {
      await tx.updateOne(endusers, systemCaller(businessId), enduserId, updates);
    } catch (error) {
      // Validation answers come before any SQL, so the transaction is still good.
      if (error instanceof ApiError && error.status === 400) continue;
      throw error;
    }
  }
};
