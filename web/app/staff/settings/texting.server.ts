import { callApi, formErrorMessage } from '../../api.server';
import type { OrganizationState } from './organization-state';

/** settings.sms as the api keeps it (README "Two-way messages"). */
export type SmsSettings = { phoneNumbers?: string[]; phoneNumber?: string; helpText?: string; optOutText?: string; optInText?: string };

/** What the Text messages card shows: the numbers one a line, and the organization's own keyword replies ('' for ours). */
export const textingValues = (sms: SmsSettings | undefined) => ({
  phoneNumbers: [...(sms?.phoneNumbers ?? []), ...(sms?.phoneNumber ? [sms.phoneNumber] : [])].join('\n'),
  helpText: sms?.helpText ?? '',
  optOutText: sms?.optOutText ?? '',
  optInText: sms?.optInText ?? '',
});

export type TextingValues = ReturnType<typeof textingValues>;

const WRITE_NUMBERS = 'Write each number with its area code, for example +1 415 555 0100, one a line.';

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** The api's refusals, said where they apply: under the numbers or under the replies. */
const fieldOf = (message: string): 'phoneNumbers' | 'replies' | undefined => {
  if (/phone number/i.test(message)) return 'phoneNumbers';
  if (/^Error parsing field settings: String must not exceed/.test(message)) return 'replies';
  return undefined;
};

/**
 * Saves the organization's texting numbers (one a line, as people write them: the api stores each as
 * +<country><number>) and its own replies to HELP, STOP and START; an empty reply means ours. The rest
 * of the settings is kept as it is.
 */
export const saveTexting = async (authToken: string, organizationId: string, form: FormData): Promise<OrganizationState> => {
  const phoneNumbers = [...new Set(text(form, 'phoneNumbers').split(/[\n,;]+/).map((line) => line.trim()).filter(Boolean))];
  const notANumber = phoneNumbers.find((line) => !/^\+?\d{10,15}$/.test(line.replace(/[\s().-]/g, '')));
  if (notANumber) return { textingErrors: { phoneNumbers: `“${notANumber}” is not a phone number. ${WRITE_NUMBERS}` } };
  const replies = Object.fromEntries((['helpText', 'optOutText', 'optInText'] as const).map((key) => [key, text(form, key)]).filter(([, value]) => value));
  try {
    const current = await callApi<{ settings?: Record<string, unknown> & { sms?: SmsSettings } }>(`/v1/organization/${encodeURIComponent(organizationId)}`, { authToken });
    // The card owns these keys (the single phoneNumber of older settings is folded into the list); others stay.
    const otherSms: Record<string, unknown> = { ...(current.settings?.sms ?? {}) };
    for (const key of ['phoneNumber', 'phoneNumbers', 'helpText', 'optOutText', 'optInText']) delete otherSms[key];
    const settings = { ...(current.settings ?? {}), sms: { ...otherSms, phoneNumbers, ...replies } };
    await callApi(`/v1/organization/${encodeURIComponent(organizationId)}`, { method: 'PATCH', authToken, body: { updates: { settings }, options: { replaceObjectFields: true } } });
    return { saved: 'Text message settings saved.' };
  } catch (error) {
    const message = formErrorMessage(error);
    const field = fieldOf(message);
    if (field === 'phoneNumbers') {
      return { textingErrors: { phoneNumbers: message.startsWith('Error parsing') ? WRITE_NUMBERS : message } };
    }
    return field === 'replies' ? { textingErrors: { replies: 'Keep each reply to 320 characters (two text messages).' } } : { error: message };
  }
};
