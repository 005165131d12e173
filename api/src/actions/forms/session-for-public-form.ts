import { IsMongoId } from 'class-validator';
import { endusers, form_responses, forms, newId, validators } from '@carelane/db';
import { resolvePublicBusiness } from '../../auth/public-tenant';
import { issueFormSessionToken } from '../../auth/tokens';
import { badRequest, forbidden, notFound } from '../../errors';
import { defineAction } from '../action';
import { PublicVisitorFields } from '../input/public-visitor';
import { CheckedByHandler, emailThen, Optional, S } from '../input';
import { formFillingPath, newAccessCode } from './form-access';

class PublicFormSessionInput extends PublicVisitorFields {
  @IsMongoId({ message: 'Invalid id' })
  formId!: string;

  @IsMongoId({ message: 'Invalid id' })
  businessId!: string;

  // Accepted from the reference client and not used: a public form's new enduser starts at the root.
  @CheckedByHandler(S.listOf(S.id))
  organizationIds?: unknown;

  @Optional(emailThen('Invalid email', validators.email), S.email)
  email?: string;
}

export const FORM_NOT_PUBLIC = 'This form is not available through a public link';
export const FORM_WITHOUT_QUESTIONS = 'This form has no questions yet';

/**
 * POST /session-for-public-form: someone opens a form's public link. The enduser is found by email
 * (or phone) within the business, or created; the answer's token may fill this one response and
 * nothing else, so knowing a patient's email never opens their records.
 */
export const sessionForPublicForm = defineAction({
  method: 'post',
  path: '/session-for-public-form',
  auth: 'public',
  input: PublicFormSessionInput,
  handler: async ({ services }, input) => {
    const businessId = await resolvePublicBusiness(services.dataSource, input.businessId);
    const [form] = await services.engine.system(businessId).rows(forms, { filter: { _id: input.formId }, limit: 1 });
    if (!form) throw notFound();
    if (!form.allowPublicURL) throw forbidden(FORM_NOT_PUBLIC);
    // Nothing to fill in: no session, and no enduser made for it.
    if (!Number(form.numFields ?? 0)) throw badRequest(FORM_WITHOUT_QUESTIONS);
    const { email, phone } = input;
    if (form.intakePhone === 'required' && !phone) throw badRequest('Value not provided for required field: phone');

    const { fname, lname } = input;

    const system = services.engine.system(businessId);
    // Through the engine: a new enduser fires 'Contact Created' and endusers.create webhooks, the response its own create.
    const { enduser, response } = await services.engine.transaction(async (tx) => {
      const identity = email ? { email } : phone ? { phone } : undefined;
      // Serialise sessions for one identity so two tabs cannot create two endusers.
      // raw SQL: an advisory lock is not a query on records.
      if (identity) await tx.manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${businessId}:${email ?? phone}`]);
      let enduser = identity ? await tx.row(endusers, system.caller, identity) : undefined;
      if (!enduser) {
        const id = newId();
        await tx.createOne(
          endusers,
          system.caller,
          { email, phone, fname, lname, dateOfBirth: input.dateOfBirth, source: 'Public form' },
          { sessionVersion: 0 },
          { id, organizationIds: [], creator: id, actor: { type: 'enduser', id } },
        );
        enduser = (await tx.row(endusers, system.caller, { _id: id }))!;
      }
      const responseId = newId();
      await tx.createOne(
        form_responses,
        system.caller,
        { formId: form._id, enduserId: enduser._id, formTitle: form.title },
        { accessCode: newAccessCode(), publicSubmit: true, userEmail: email },
        { id: responseId, organizationIds: (enduser.organizationIds as string[] | null) ?? [], creator: String(enduser._id), actor: { type: 'enduser', id: String(enduser._id) } },
      );
      const response = (await tx.row(form_responses, system.caller, { _id: responseId }))! as Record<string, unknown> & { _id: string; accessCode: string };
      return { enduser, response };
    });
    const path = formFillingPath(response.accessCode);
    return {
      accessCode: response.accessCode,
      authToken: issueFormSessionToken(services.config, enduser, response._id),
      url: `${services.config.portalUrl}${path}`,
      path,
      enduserId: enduser._id,
    };
  },
});
