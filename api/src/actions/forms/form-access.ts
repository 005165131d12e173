import { randomBytes } from 'node:crypto';
import { form_fields, form_responses, forms, serialize } from '@carelane/db';
import type { Caller } from '../../auth/caller';
import { badRequest, forbidden, notFound } from '../../errors';
import type { Services } from '../action';
import { orderFields } from './field-order';

/** 32 characters from 24 random bytes: unguessable, URL-safe, never derived from user input. */
export const newAccessCode = () => randomBytes(24).toString('base64url');

export const formFillingPath = (accessCode: string) => `/documents/forms/${accessCode}`;

/**
 * The stored response behind an access code, for a caller allowed to fill it: staff of the same
 * business, or the enduser it was prepared for.
 */
export const responseForAccessCode = async (services: Services, caller: Caller, accessCode: unknown) => {
  if (typeof accessCode !== 'string' || !accessCode) throw badRequest('Value not provided for required field: accessCode');
  // The server's read within the caller's business; the checks below decide who may use the code (403 for another enduser).
  const [row] = await services.engine.system(caller.businessId).rows(form_responses, { filter: { accessCode }, limit: 1 });
  if (!row) throw notFound();
  if (caller.type === 'enduser' && row.enduserId !== caller.id) throw forbidden();
  if (caller.type === 'enduser' && caller.formResponseId && caller.formResponseId !== row._id) throw forbidden();
  if (typeof row.submissionExpiresAt === 'number' && row.submissionExpiresAt < Date.now() && !row.submittedAt) {
    throw badRequest('This form link has expired');
  }
  return row as Record<string, unknown>;
};

/** The form and its questions in answering order (the questions as the engine stores them). */
export const formWithFields = async (services: Services, businessId: string, formId: string) => {
  // The server's read: an enduser filling a form may not read forms and questions through the generic calls.
  const system = services.engine.system(businessId);
  const [form] = await system.rows(forms, { filter: { _id: formId }, limit: 1 });
  if (!form) throw notFound();
  const fields = await system.rows(form_fields, { filter: { formId } });
  return { form, fields: orderFields(fields as (Record<string, unknown> & { _id: string })[]) };
};

export const serializeFormInfo = (form: Record<string, unknown>, fields: Record<string, unknown>[], response: Record<string, unknown>) => ({
  form: serialize(forms, form),
  fields: fields.map((field) => serialize(form_fields, field)),
  response: serialize(form_responses, response),
});
