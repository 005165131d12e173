import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../../components/Button';
import { responseColumns, responseFilters } from '../../../staff/forms/response-columns';
import { listForms } from '../../../staff/forms/forms.server';
import { loadResponses } from '../../../staff/forms/responses.server';
import { EmptyState, FilterBar, readListState, RecordList } from '../../../staff/list';
import { patientWords } from '../../../staff/patient-list/display-name.server';
import { loadStaffChoices } from '../../../staff/patient-list/query.server';
import { staffAbilities } from '../../../staff/permissions.server';
import { requireAbility } from '../../../staff/shell/refuse.server';
import { requireStaff } from '../../../staff/session.server';
import { browserTimeZone, viewerTimeZone } from '../../../time/viewer-zone.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Form responses · Staff' }];

/** Every submitted form response the staff member may read, newest first, one form or all, each opening on its patient's record. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  requireAbility(await staffAbilities(authToken, user), 'form_responses', 'read', 'see form responses');
  const search = new URL(request.url).searchParams;
  const [forms, { staff }, words] = await Promise.all([listForms(authToken, '').catch(() => []), loadStaffChoices(authToken), patientWords(authToken, user.businessId)]);
  const formChoices = forms.map((form) => ({ id: form.id, label: String(form.title || 'Untitled form') }));
  const filters = responseFilters(formChoices);
  const state = readListState(search, responseColumns(''), filters);
  const zone = viewerTimeZone((user as { timezone?: unknown }).timezone, browserTimeZone(request));
  const page = await loadResponses(authToken, search, state, staff, zone, words.one);
  return { ...page, state, forms: formChoices, words, chosenForm: formChoices.find((form) => form.id === state.filters.form)?.label };
};

export default function FormResponses() {
  const { rows, state, forms, words, nextPage, firstPage, chosenForm } = useLoaderData<typeof loader>();
  const columns = responseColumns(words.one.charAt(0).toUpperCase() + words.one.slice(1));
  return (
    <Stack gap={2}>
      <Typography level="h2" component="h1">
        Form responses
      </Typography>
      <Typography>Forms your {words.many} and colleagues submitted, the most recent first. Open one to read it on the {words.one}’s record or download it as a PDF.</Typography>
      <FilterBar name="responses" filters={responseFilters(forms)} columns={columns} state={state} clearHref="/staff/forms/responses" />
      <RecordList
        label="Form responses"
        columns={columns}
        state={state}
        rows={rows}
        rowKey={(row) => row.id}
        rowName={(row) => `${row.form}, ${row.patient?.name ?? ''}`}
        nextPage={nextPage}
        firstPage={firstPage}
        empty={
          chosenForm ? (
            <EmptyState
              title={`No responses to ${chosenForm} yet`}
              text={`Send it from a ${words.one}’s record, or share its public link from the form’s page.`}
              actions={
                <Button component={Link} to="/staff/forms/responses" variant="outlined">
                  See every form’s responses
                </Button>
              }
            />
          ) : (
            <EmptyState
              title="No form responses yet"
              text={`Responses show here once a ${words.one} submits a form. Send one from a ${words.one}’s record, or build a form first.`}
              actions={
                <Button component={Link} to="/staff/forms" variant="outlined">
                  Go to forms
                </Button>
              }
            />
          )
        }
      />
    </Stack>
  );
}
