import { ApiError, formErrorMessage } from '../api.server';

/**
 * Splits an API refusal into the field it names ('Error parsing field title: …', the API's own
 * wording, or a record rule's message starting with the field's name) and the message, so a form shows the API's message on that field; anything else is the
 * form's message.
 */
export const apiProblem = (error: unknown, fields: readonly string[]): { field?: string; message: string } => {
  const message = formErrorMessage(error);
  if (!(error instanceof ApiError)) return { message };
  const match = /^Error parsing field ([\w.]+): /.exec(message);
  // A record rule's message names its field first ('defaultState does not exist in states').
  const field = match?.[1]?.split('.')[0] ?? fields.find((name) => message.startsWith(`${name} `));
  return field && fields.includes(field) ? { field, message } : { message };
};
