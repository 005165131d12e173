import { callApi } from '../../api.server';
import { patientsLabel } from '../shell/sections';

export interface PatientWords {
  /** 'Patients': titles and the table's name. */
  plural: string;
  /** 'patient' / 'patients' inside sentences ('Add patient', '3 patients selected'). */
  one: string;
  many: string;
}

/**
 * The organization's word for its patients (organizations.enduserDisplayName, 'Patients' when unset
 * or unreadable), made plural as the navigation shows it ('Client' gives 'Clients'). Its singular
 * drops a final 's' ('Clients' gives 'client'); other words stay as set.
 */
export const patientWords = async (authToken: string, businessId: string | undefined): Promise<PatientWords> => {
  const organization = businessId
    ? await callApi<{ enduserDisplayName?: unknown }>(`/v1/organization/${encodeURIComponent(businessId)}`, { authToken }).catch(() => undefined)
    : undefined;
  // The navigation's own plural ('Client' reads 'Clients' there), so a page never names them otherwise.
  const plural = patientsLabel(organization?.enduserDisplayName);
  const many = plural.toLowerCase();
  return { plural, many, one: /[^s]s$/.test(many) ? many.slice(0, -1) : many };
};
