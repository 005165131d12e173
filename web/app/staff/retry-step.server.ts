import { callApi, formErrorMessage } from '../api.server';

/** The result a console page's action answers for a Retry button (RetryStepButton reads it). */
export interface RetryResult {
  retried?: string;
  retryError?: string;
}

/**
 * Asks the api to retry a failed automated action (POST /v1/retry-automated-action). The api
 * decides who may and which steps can; its refusal is shown beside the button.
 */
export const retryStep = async (authToken: string, automatedActionId: string): Promise<RetryResult> => {
  try {
    await callApi('/v1/retry-automated-action', { method: 'POST', authToken, body: { automatedActionId } });
    return { retried: automatedActionId };
  } catch (error) {
    return { retryError: formErrorMessage(error) ?? 'The step could not be retried' };
  }
};
