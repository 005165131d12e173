import { callApi, formErrorMessage } from '../../api.server';
import { createRecord, deleteRecord, listRecords, type ApiRecord } from '../../portal/resources.server';
import { billingProfileLabel, billingRecord, billingValues, missingBillingValues, postedBillingValues, type BillingValues } from './billing-profile-values';

export interface BillingProfile {
  id: string;
  label: string;
  values: BillingValues;
}

/** What Settings > Billing's forms hear back: that it worked (in words), or what to fix. */
export interface BillingState {
  intent: 'save' | 'delete';
  profileId?: string;
  saved?: string;
  formError?: string;
  fieldErrors?: Partial<Record<keyof BillingValues, string>>;
  values?: BillingValues;
}

export const toBillingProfile = (record: ApiRecord): BillingProfile => ({ id: record.id, label: billingProfileLabel(record), values: billingValues(record) });

/** The practice's billing profiles (superbill_providers), by practice name. */
export const loadBillingProfiles = async (authToken: string): Promise<BillingProfile[]> =>
  (await listRecords(authToken, 'superbill-providers', { limit: 100 })).map(toBillingProfile).sort((a, b) => a.label.localeCompare(b.label));

const ID = /^[0-9a-f]{24}$/;

/** Adds or changes one profile (every box checked first, so nothing half-filled is stored), or removes one. */
export const saveBillingProfile = async (authToken: string, form: FormData): Promise<BillingState> => {
  const profileId = String(form.get('profileId') ?? '');
  if (form.get('intent') === 'delete') {
    if (!ID.test(profileId)) return { intent: 'delete', formError: 'That billing profile could not be found. Reload the page and try again.' };
    try {
      await deleteRecord(authToken, 'superbill-provider', profileId);
      return { intent: 'delete', saved: 'Billing profile removed' };
    } catch (error) {
      return { intent: 'delete', profileId, formError: formErrorMessage(error) };
    }
  }
  const values = postedBillingValues(form);
  const fieldErrors = missingBillingValues(values);
  const existing = ID.test(profileId) ? profileId : undefined;
  if (Object.keys(fieldErrors).length) return { intent: 'save', profileId: existing, fieldErrors, values };
  try {
    if (existing) {
      // The address is replaced whole, so a cleared second line is cleared.
      await callApi(`/v1/superbill-provider/${existing}`, { method: 'PATCH', authToken, body: { updates: billingRecord(values), options: { replaceObjectFields: true } } });
      return { intent: 'save', profileId: existing, saved: 'Billing profile saved' };
    }
    await createRecord(authToken, 'superbill-provider', billingRecord(values));
    return { intent: 'save', saved: 'Billing profile added' };
  } catch (error) {
    return { intent: 'save', profileId: existing, formError: formErrorMessage(error), values };
  }
};
