import { callApi } from '../../api.server';

type Patient = { id: string; fields?: Record<string, unknown> };

/** How long one save may spend moving values; a larger clinic moves the rest with its next save. */
const BUDGET_MS = 20_000;
const PAGE = 200;

/**
 * Moves what patients have under a renamed detail to its new name (each patient's own fields,
 * PATCHed whole: the api has no call that renames a key), so a renamed detail keeps its values on
 * every record. A patient who already has a value under the new name keeps it; the old one goes
 * either way. Patients are the ones the staff member's token reads; it stops after BUDGET_MS and says
 * whether some are left.
 */
export const moveDetailValues = async (authToken: string, from: string, to: string) => {
  const started = Date.now();
  let moved = 0;
  for (;;) {
    const page = await callApi<Patient[]>('/v1/endusers', { authToken, query: { filter: JSON.stringify({ [`fields.${from}`]: { _exists: true } }), limit: String(PAGE) } });
    if (page.length === 0) return { moved, more: false };
    for (const patient of page) {
      const { [from]: value, ...rest } = patient.fields ?? {};
      const fields = to in rest ? rest : { ...rest, [to]: value };
      // replaceObjectFields: the fields sent are the patient's fields (a merge would keep the old name).
      await callApi(`/v1/enduser/${encodeURIComponent(patient.id)}`, { method: 'PATCH', authToken, body: { updates: { fields }, options: { replaceObjectFields: true } } });
      moved += 1;
      if (Date.now() - started > BUDGET_MS) return { moved, more: true };
    }
  }
};
