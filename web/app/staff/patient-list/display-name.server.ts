import { callApi } from '../../api.server';

export interface PatientWords {
  /** 'Patients': titles and the table's name. */
  plural: string;
  /** 'patient' / 'patients' inside sentences ('Add patient', '3 patients selected'). */
  one: string;
  many: string;
}

/**
 * The organization's word for its patients (organizations.enduserDisplayName, 'Patients' when unset
 * or unreadable). Its singular drops a final 's' ('Clients' gives 'client'); other words stay as set.
 */
export const patientWords = async (authToken: string, businessId: string | undefined): Promise<PatientWords> => {
  const organization = businessId
    ? await callApi<{ enduserDisplayName?: unknown }>(`/v1/organization/${encodeURIComponent(businessId)}`, { authToken }).catch(() => undefined)
    : undefined;
  const raw = typeof organization?.enduserDisplayName === 'string' ? organization.enduserDisplayName.trim() : '';
  const plural = raw || 'Patients';
  const many = plural.toLowerCase();
  return { plural, many, one: /[^s]s$/.test(many) ? many.slice(0, -1) : many };
};
