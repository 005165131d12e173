import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link as RemixLink, useLoaderData } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Table from '@mui/joy/Table';
import Typography from '@mui/joy/Typography';
import { ApiError } from '../../../api.server';
import { formatDate } from '../../../portal/format';
import { getRecord, optionalText } from '../../../portal/resources.server';
import { displayNameOf, signedInEnduser } from '../../../portal/signed-in.server';
import { portalTimeZone } from '../../../time/portal-zone.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../../components/RouteErrorBoundary';

/** 002 §4 Form response view. */
export const RESPONSE_TEXTS = {
  submittedBy: 'Submitted by',
  from: 'From',
  awaiting: 'Awaiting Response',
  noValue: 'No value provided',
  unsigned: 'Unsigned',
  // Ours: the spec gives no text for a response that cannot be found.
  missing: 'This form response could not be found.',
} as const;

type Shown = { kind: 'text'; text: string } | { kind: 'table'; rows: { label: string; entry: string }[][] };

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length) || (typeof value === 'object' && !Array.isArray(value) && !Object.keys(value as object).length);

/** An answer as the enduser reads it. */
const shownAnswer = (type: string, value: unknown, timeZone?: string): Shown => {
  if (type === 'signature') {
    const signature = (value ?? {}) as { signed?: boolean; fullName?: string };
    return { kind: 'text', text: signature.signed ? `Signed by ${signature.fullName ?? ''}`.trim() : RESPONSE_TEXTS.unsigned };
  }
  if (isEmpty(value)) return { kind: 'text', text: RESPONSE_TEXTS.noValue };
  switch (type) {
    case 'Address': {
      const address = value as Record<string, string | undefined>;
      const line = [address.addressLineOne, address.addressLineTwo, address.city, [address.state, address.zipCode].filter(Boolean).join(' ')].filter((part) => part && part.trim());
      return { kind: 'text', text: line.join(', ') };
    }
    case 'file':
      return { kind: 'text', text: String((value as { name?: string }).name ?? 'File') };
    case 'date': {
      const ms = Date.parse(String(value));
      return { kind: 'text', text: Number.isFinite(ms) ? formatDate(ms, timeZone) : String(value) };
    }
    case 'Table Input':
      return { kind: 'table', rows: (value as { label: string; entry?: string }[][]).map((row) => row.map((cell) => ({ label: cell.label, entry: cell.entry ?? '' }))) };
    default:
      return { kind: 'text', text: Array.isArray(value) ? value.map(String).join(', ') : String(value) };
  }
};

/** A form response as a read-only page: title, who, each question with its answer (002 §4). */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken, enduser } = await signedInEnduser(request);
  let response;
  try {
    response = await getRecord(authToken, 'form-response', String(params.id));
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return { missing: true as const };
    throw error;
  }
  const timeZone = await portalTimeZone(request, enduser);
  const answers = ((response.responses as { fieldId: string; fieldTitle?: string; answer?: { type?: string; value?: unknown } }[] | undefined) ?? []).map((answer) => ({
    fieldId: answer.fieldId,
    title: answer.fieldTitle ?? '',
    shown: shownAnswer(answer.answer?.type ?? 'string', answer.answer?.value, timeZone),
  }));
  const submittedAt = optionalText(response.submittedAt);
  return {
    missing: false as const,
    title: optionalText(response.formTitle) ?? 'Form',
    // The enduser sees their own responses: the person is them.
    person: displayNameOf(enduser),
    submittedAt: submittedAt ? formatDate(Date.parse(submittedAt), timeZone) : undefined,
    answers,
  };
};

export default function FormResponseView() {
  const view = useLoaderData<typeof loader>();
  if (view.missing) {
    return (
      <Card variant="outlined" sx={{ maxWidth: 640 }}>
        <Typography level="h1" fontSize="lg">
          {RESPONSE_TEXTS.missing}
        </Typography>
        <Link component={RemixLink} to="/documents">
          Back to Documents
        </Link>
      </Card>
    );
  }
  return (
    <Card variant="outlined" sx={{ maxWidth: 720, width: '100%', gap: 2 }}>
      <Stack gap={0.5}>
        <Typography level="h1" fontSize="xl">
          {view.title}
        </Typography>
        <Typography level="body-sm">
          {view.submittedAt ? `${RESPONSE_TEXTS.submittedBy} ${view.person} on ${view.submittedAt}` : `${RESPONSE_TEXTS.from} ${view.person}`}
        </Typography>
      </Stack>
      {view.answers.length === 0 ? (
        <Typography>{RESPONSE_TEXTS.awaiting}</Typography>
      ) : (
        <Box component="dl" sx={{ m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {view.answers.map((answer) => (
            <div key={answer.fieldId}>
              <Typography component="dt" level="title-sm">
                {answer.title}
              </Typography>
              <Box component="dd" sx={{ m: 0 }}>
                {answer.shown.kind === 'text' ? (
                  <Typography sx={{ whiteSpace: 'pre-line' }}>{answer.shown.text}</Typography>
                ) : (
                  <Table size="sm" aria-label={answer.title}>
                    <thead>
                      <tr>
                        {(answer.shown.rows[0] ?? []).map((cell) => (
                          <th key={cell.label} scope="col">
                            {cell.label}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {answer.shown.rows.map((row, index) => (
                        <tr key={index}>
                          {row.map((cell) => (
                            <td key={cell.label}>{cell.entry}</td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </Table>
                )}
              </Box>
            </div>
          ))}
        </Box>
      )}
    </Card>
  );
}
