import { callApi } from '../../api.server';
import { formatIn } from '../../time/format';
import { patientName } from '../patient/patient-name';
import { decisionTitle, decisionWhy, loadDecisions } from '../patient/decision-entries.server';
import { readable } from '../timeline.server';
import type { DecisionLine } from './DecisionList';

/** The journey's decisions of the last 30 days, for the patients the staff member may read, on the viewer's clock. */
export const journeyDecisions = async (authToken: string, journeyId: string, zone: string): Promise<DecisionLine[]> => {
  const decisions = await loadDecisions(authToken, { journeyId });
  const ids = [...new Set(decisions.map((decision) => decision.enduserId))];
  const patients = ids.length
    ? await readable(() => callApi('/v1/endusers', { authToken, query: { filter: JSON.stringify({ _id: { $in: ids } }), limit: '1000' } }))
    : [];
  const names = new Map(patients.map((patient) => [patient.id, patientName(patient as Parameters<typeof patientName>[0])]));
  return decisions.map((decision) => ({
    id: decision.id,
    when: formatIn(decision.at, zone),
    iso: decision.at,
    patient: names.get(decision.enduserId) ?? 'A patient',
    enduserId: decision.enduserId,
    title: decisionTitle(decision),
    why: decisionWhy(decision),
    fired: decision.fired,
  }));
};
