import type { ActionFunctionArgs } from '@remix-run/node';
import { requireStaff } from '../session.server';
import { deleteSetupRecord, readSubmission, saveSetupRecord, type SetupResource } from './records.server';

type SetupValues = Record<string, unknown>;

/**
 * The action of a setup record's edit page (/staff/scheduling/<kind>/:id, 'new' for none): the delete
 * dialog deletes it; a save turns the form's values into the record and creates or updates it, then
 * returns to the list saying "Saved <title>.".
 */
export const setupRecordAction =
  (resource: SetupResource, deletedNotice: string, toRecord: (values: SetupValues, context: { authToken: string; id?: string }) => SetupValues | Promise<SetupValues>) =>
  async ({ request, params }: ActionFunctionArgs) => {
    const { authToken } = await requireStaff(request);
    const id = params.id === 'new' ? undefined : params.id;
    const submission = await readSubmission(request);
    if (submission.intent === 'delete') return id ? deleteSetupRecord(authToken, resource, id, deletedNotice) : null;
    const record = await toRecord(submission.values, { authToken, id });
    return saveSetupRecord(authToken, resource, id, record, `Saved ${String(record.title ?? '')}.`);
  };
