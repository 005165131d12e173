import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../../components/Button';
import { EmptyState, FilterBar, RecordList, SavedViews, withParams } from '../../../staff/list';
import { PATIENT_COLUMNS } from '../../../staff/patient-list/columns';
import { patientBulkActions } from '../../../staff/patient-list/bulk-actions';
import { runBulkAction } from '../../../staff/patient-list/bulk.server';
import { patientWords } from '../../../staff/patient-list/display-name.server';
import { patientFilters } from '../../../staff/patient-list/filters';
import { loadChoices, loadPatients, readPatientState } from '../../../staff/patient-list/query.server';
import { loadViews, saveView } from '../../../staff/patient-list/views.server';
import { requireStaff } from '../../../staff/session.server';
import { loadPatientFields } from '../../../staff/patient-fields/field-definitions.server';
import { tagsInUse } from '../../../staff/journey-builder/tags.server';
import { browserTimeZone, viewerTimeZone } from '../../../time/viewer-zone.server';
import { ActionOutcome } from '../../../components/ActionOutcome';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.words.plural ?? 'Patients'} · Staff` }];

/** The organization's patients through the staff app's one list: columns, sort, filters, saved views, keyset pages, bulk actions. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const search = new URL(request.url).searchParams;
  // The clinic's patient details (its root organization's) are offered by name in the custom field filter, its tags in use in the tag filter.
  const [choices, views, words, clinic, tags] = await Promise.all([
    loadChoices(authToken),
    loadViews(authToken),
    patientWords(authToken, user.businessId),
    loadPatientFields(authToken, {}, user.businessId),
    tagsInUse(authToken),
  ]);
  const state = readPatientState(search, choices.journeys, choices.staff);
  const zone = viewerTimeZone((user as { timezone?: unknown }).timezone, browserTimeZone(request));
  const page = await loadPatients(authToken, search, state, user.id, choices.staff, zone);
  return { ...page, state, views, words, journeys: choices.journeys, staff: choices.staff, fieldNames: clinic.definitions.map((definition) => definition.name), tagNames: tags.map((tag) => tag.tag) };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const form = await request.formData();
  const words = await patientWords(authToken, user.businessId);
  if (form.get('intent') === 'saveView') {
    const saved = await saveView(authToken, form);
    if ('viewError' in saved) return saved;
    const views = await loadViews(authToken);
    const view = views.find((item) => item.id === saved.viewId);
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(view?.filter ?? {})) if (typeof value === 'string') params.set(key, value);
    if (view?.fields?.length) params.set('columns', view.fields.join(','));
    params.set('view', saved.viewId);
    return redirect(`/staff/patients?${params.toString()}`);
  }
  const choices = await loadChoices(authToken);
  return runBulkAction(authToken, form, words, {
    journeys: new Map(choices.journeys.map((journey) => [journey.id, journey.label])),
    staff: new Map(choices.staff.map((member) => [member.id, member.label])),
  });
};

export default function Patients() {
  const { rows, state, views, words, journeys, staff, nextPage, firstPage, fieldNames, tagNames } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { search } = useLocation();
  const filtered = Object.keys(state.filters).length > 0;
  const clearHref = withParams(search, Object.fromEntries(Object.keys(state.filters).map((key) => [key, undefined])));
  const viewTitle = views.find((view) => view.id === state.view)?.title;
  return (
    <Stack gap={2}>
      <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
        <Typography level="h2" component="h1" sx={{ flexGrow: 1 }}>
          {viewTitle ? `${words.plural}: ${viewTitle}` : words.plural}
        </Typography>
        <Button component={Link} to="/staff/patients/import" variant="outlined">
          Import from CSV
        </Button>
        <Button component={Link} to="/staff/patients/new">
          Add {words.one}
        </Button>
      </Stack>
      <SavedViews views={views} state={state} allHref="/staff/patients" error={result && 'viewError' in result ? result.viewError : undefined} />
      <FilterBar name={words.many} filters={patientFilters(journeys, staff, { fieldNames, tagNames })} columns={PATIENT_COLUMNS} state={state} clearHref={clearHref} />
      <ActionOutcome notice={result && 'notice' in result ? result.notice : undefined} problem={result && 'bulkError' in result ? result.bulkError : undefined} />
      <RecordList
        label={`${words.plural} list`}
        columns={PATIENT_COLUMNS}
        state={state}
        rows={rows}
        rowKey={(row) => row.id}
        rowName={(row) => row.name}
        bulkActions={patientBulkActions(words, journeys, staff)}
        noun={(count) => (count === 1 ? words.one : words.many)}
        nextPage={nextPage}
        firstPage={firstPage}
        empty={
          filtered ? (
            <EmptyState
              title={`No ${words.many} match these filters`}
              text={`Nobody matches ${Object.keys(state.filters).length === 1 ? 'this filter' : 'all of these filters'}. Clear them to see every ${words.one}, or change one.`}
              actions={
                <Button component={Link} to={clearHref} variant="outlined">
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState
              title={`No ${words.many} yet`}
              text={`Add your first ${words.one} by hand, or import a spreadsheet of them from a CSV file.`}
              actions={
                <>
                  <Button component={Link} to="/staff/patients/new">
                    Add {words.one}
                  </Button>
                  <Button component={Link} to="/staff/patients/import" variant="outlined">
                    Import from CSV
                  </Button>
                </>
              }
            />
          )
        }
      />
    </Stack>
  );
}
