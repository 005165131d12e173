import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import LinearProgress from '@mui/joy/LinearProgress';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Table from '@mui/joy/Table';
import Typography from '@mui/joy/Typography';
import Button from '../../../components/Button';
import { useRevalidateWhile } from '../../../components/useRevalidateWhile';
import { IMPORT_COLUMNS, planImport } from '../../../staff/patient-list/csv';
import { patientWords } from '../../../staff/patient-list/display-name.server';
import { importProgress, startImport } from '../../../staff/patient-list/import.server';
import { requireStaff } from '../../../staff/session.server';
import { FormButtons } from '../../../staff/FormButtons';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Import ${data?.words.many ?? 'patients'} · Staff` }];

/** 2 MB of CSV is some 20,000 patients: more belongs in several files. */
const MAX_BYTES = 2_000_000;

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const job = new URL(request.url).searchParams.get('job');
  return { words: await patientWords(authToken, user.businessId), progress: job ? (importProgress(job, user.id) ?? null) : null, jobAsked: !!job };
};

/** Reads the file, refuses it whole when its columns cannot be read, else starts the import and shows its progress. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const form = await request.formData();
  const file = form.get('file');
  if (!(file instanceof File) || !file.size) return { fileError: 'Choose a CSV file to import.' };
  if (file.size > MAX_BYTES) return { fileError: 'The file is larger than 2 MB. Split it into smaller files and import each.' };
  const plan = planImport(await file.text());
  if ('fileError' in plan) return plan;
  return redirect(`/staff/patients/import?job=${startImport(authToken, user.id, file.name, plan.rows)}`);
};

export default function ImportPatients() {
  const { words, progress, jobAsked } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  useRevalidateWhile(progress?.state === 'running', 500);
  return (
    <Stack gap={2} sx={{ maxWidth: 880 }}>
      <Typography level="h2" component="h1">
        Import {words.many} from CSV
      </Typography>
      {progress ? (
        <Sheet variant="outlined" sx={{ borderRadius: 'md', p: { xs: 2, sm: 3 } }}>
          <Stack gap={1.5}>
            <Typography level="title-md" component="h2">
              {progress.fileName}
            </Typography>
            <LinearProgress determinate value={progress.total ? (100 * progress.done) / progress.total : 0} aria-label="Import progress" />
            <Typography role="status" aria-live="polite">
              {progress.state === 'running'
                ? `Imported ${progress.done} of ${progress.total} rows…`
                : progress.state === 'failed'
                  ? `The import stopped after ${progress.done} of ${progress.total} rows: ${progress.error}`
                  : `Done: ${progress.added} ${progress.added === 1 ? words.one : words.many} added, ${progress.refused.length} ${progress.refused.length === 1 ? 'row' : 'rows'} refused.`}
            </Typography>
            {progress.refused.length > 0 && (
              <>
                <Typography level="title-sm" component="h3">
                  Rows refused (nothing was written for them)
                </Typography>
                <Table aria-label="Rows refused" sx={{ '& td': { overflowWrap: 'anywhere' } }}>
                  <thead>
                    <tr>
                      <th scope="col" style={{ width: 70 }}>
                        Row
                      </th>
                      <th scope="col">{words.one.charAt(0).toUpperCase() + words.one.slice(1)}</th>
                      <th scope="col">Why</th>
                    </tr>
                  </thead>
                  <tbody>
                    {progress.refused.map((row) => (
                      <tr key={row.line}>
                        <td>{row.line}</td>
                        <td>{row.who}</td>
                        <td>{row.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
                <Typography level="body-sm">Correct these rows in the file, remove the others, and import it again.</Typography>
              </>
            )}
            {progress.state !== 'running' && (
              <Stack direction="row" gap={1} flexWrap="wrap">
                <Button component={Link} to="/staff/patients">
                  See {words.many}
                </Button>
                <Button component={Link} to="/staff/patients/import" variant="outlined">
                  Import another file
                </Button>
              </Stack>
            )}
          </Stack>
        </Sheet>
      ) : (
        <Sheet variant="outlined" sx={{ borderRadius: 'md', p: { xs: 2, sm: 3 } }}>
          <Form method="post" encType="multipart/form-data">
            <Stack gap={2}>
              {jobAsked && <Alert color="warning">That import's report is no longer kept. Import the file again to see one.</Alert>}
              <Typography>
                The first line names the columns: {IMPORT_COLUMNS.map((column) => column.heading).join(', ')}. Separate several tags with semicolons. Each row is checked as if
                added by hand; a row that is refused adds nothing, and the report says why.
              </Typography>
              <FormControl error={!!result?.fileError}>
                <FormLabel htmlFor="import-file">CSV file</FormLabel>
                <input id="import-file" name="file" type="file" accept=".csv,text/csv" required />
                {result?.fileError && <FormHelperText role="alert">{result.fileError}</FormHelperText>}
              </FormControl>
              <FormButtons submit="Import" cancelTo="/staff/patients" busy={busy} />
            </Stack>
          </Form>
        </Sheet>
      )}
    </Stack>
  );
}
