import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { AuthMessage, AuthScreen } from '../../components/AuthScreen';
import { appointmentOfLink, cancelByLink, type LinkOutcome, type LinkedAppointment } from '../../booking/appointment-links.server';
import { LinkedAppointmentFacts } from '../../booking/LinkedAppointmentFacts';
import { metaCatalogue } from '../../i18n/meta-texts';
import { useTranslation } from '../../i18n/I18nProvider';
import { screenTexts } from '../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: metaCatalogue(matches).patientLinks.cancelTitle }];

/** The link's token is in the address: no other site is told it. */
export const headers: HeadersFunction = () => ({ 'Referrer-Policy': 'no-referrer' });

const answer = (outcome: LinkOutcome<LinkedAppointment>) => data(outcome, { status: 'refused' in outcome ? 400 : 200 });

/**
 * /appointment/cancel?link=… (public): the confirmation email's cancel link. Opening it cancels
 * nothing (mail scanners follow links): it shows the appointment and a Cancel appointment button that
 * posts. A link of another purpose, not ours, or past the start is refused with its sentence (400).
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const outcome = await appointmentOfLink(request, 'cancel');
  return data({ ...outcome, texts: await screenTexts(request, ['auth', 'patientLinks']) }, { status: 'refused' in outcome ? 400 : 200 });
};

export const action = async ({ request }: ActionFunctionArgs) => answer(await cancelByLink(request));

export default function CancelAppointment() {
  const { t } = useTranslation('patientLinks');
  const shown = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  const submitting = useNavigation().state === 'submitting';
  const outcome = done ?? shown;

  if ('refused' in outcome) {
    return (
      <AuthMessage title={t('cancelTitle')} tone="warning">
        {outcome.refused}
      </AuthMessage>
    );
  }
  const appointment = outcome.ok;
  return (
    <AuthScreen title={t('cancelTitle')}>
      <LinkedAppointmentFacts appointment={appointment} />
      {done ? (
        <Alert color="success" role="status">
          {t('cancelled')}
        </Alert>
      ) : appointment.state !== 'booked' ? (
        <Alert color="neutral" role="status">
          {t(`state.${appointment.state}`)}
        </Alert>
      ) : (
        <Form method="post">
          <Stack gap={1.5}>
            <Typography level="body-md">{t('cancelQuestion')}</Typography>
            <Button type="submit" color="danger" loading={submitting}>
              {t('cancelButton')}
            </Button>
          </Stack>
        </Form>
      )}
    </AuthScreen>
  );
}
