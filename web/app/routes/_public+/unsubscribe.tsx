import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Button from '../../components/Button';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/I18nProvider';
import { ApiError, callApi } from '../../api.server';
import { AuthScreen } from '../../components/AuthScreen';
import { useHydrated } from '../../components/useHydrated';
import { screenTexts } from '../../i18n/screen-texts.server';
import type { ScreenTexts } from '../../i18n/types';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/RouteErrorBoundary';

/** The API refuses longer channel names; enduser ids are far shorter. */
const MAX_PARAM_LENGTH = 100;

/** The link's enduserId and type (the channel, as the message's link names it), or undefined (docs/contract/validation.md#portal-forms). */
const linkOf = (enduserId: unknown, type: unknown) => {
  const id = typeof enduserId === 'string' ? enduserId.trim() : '';
  const channel = typeof type === 'string' ? type.trim() : '';
  if (!id || !channel || id.length > MAX_PARAM_LENGTH || channel.length > MAX_PARAM_LENGTH) return undefined;
  return { enduserId: id, type: channel };
};

type UnsubscribeState = { step: 'ready'; enduserId: string; type: string } | { step: 'invalid' };

/** The link's address names the enduser: no other site (an organization's logo host) is told it. */
export const headers: HeadersFunction = () => ({ 'Referrer-Policy': 'same-origin' });

/**
 * Public (docs/contract/portal.md#routes): no session is required or changed. Opening the link does not unsubscribe
 * anyone: mail scanners follow links with GET, so the page posts (docs/decisions.md).
 */
export const loader = async ({ request }: LoaderFunctionArgs): Promise<UnsubscribeState & { texts: ScreenTexts }> => {
  const params = new URL(request.url).searchParams;
  const link = linkOf(params.get('enduserId'), params.get('type'));
  const texts = await screenTexts(request, ['auth', 'patientLinks']);
  return link ? { texts, step: 'ready', ...link } : { texts, step: 'invalid' };
};

/**
 * unsubscribe-enduser with the link's enduser and a list holding its type. The API answers the
 * same for unknown ids. A failure is only logged (docs/contract/portal.md#unsubscribe, #errors): the page shows no message and
 * offers the button again.
 */
export const action = async ({ request }: ActionFunctionArgs) => {
  const form = await request.formData();
  const link = linkOf(form.get('enduserId'), form.get('type'));
  if (!link) return { step: 'invalid' as const };
  try {
    await callApi('/v1/unsubscribe-enduser', { method: 'POST', body: { enduserId: link.enduserId, unsubscribeFrom: [link.type] } });
    return { step: 'done' as const };
  } catch (error) {
    const reason = error instanceof ApiError ? `${error.status} ${error.message}` : String(error);
    console.error(`Unsubscribing from ${link.type} failed: ${reason}`);
    return { step: 'failed' as const };
  }
};

export default function Unsubscribe() {
  // Texts: docs/contract/portal.md#unsubscribe and #errors (catalogue 'patientLinks', unsubscribe).
  const { t } = useTranslation('patientLinks');
  const view = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const step = result?.step ?? view.step;

  return (
    <AuthScreen title={t('unsubscribe.title')}>
      {step === 'done' ? (
        <Alert color="success" role="status">
          {t('unsubscribe.done')}
        </Alert>
      ) : step === 'invalid' || view.step !== 'ready' ? (
        <Typography level="body-md">{t('unsubscribe.invalid')}</Typography>
      ) : (
        <UnsubscribeForm enduserId={view.enduserId} type={view.type} retry={step === 'failed'} />
      )}
    </AuthScreen>
  );
}

/**
 * The spinner of docs/contract/portal.md#unsubscribe: once scripts run, the form posts itself and its button spins until the
 * answer. Without scripts the button posts it. After a failure it waits for a click.
 */
function UnsubscribeForm({ enduserId, type, retry }: { enduserId: string; type: string; retry: boolean }) {
  const { t } = useTranslation('patientLinks');
  const hydrated = useHydrated();
  const submit = useSubmit();
  const submitting = useNavigation().state === 'submitting';
  const formRef = useRef<HTMLFormElement>(null);
  const posted = useRef(false);

  useEffect(() => {
    if (!hydrated || retry || posted.current || !formRef.current) return;
    posted.current = true;
    submit(formRef.current);
  }, [hydrated, retry, submit]);

  const spinning = submitting || (hydrated && !retry);
  return (
    <Form method="post" ref={formRef}>
      <Stack gap={2}>
        <input type="hidden" name="enduserId" value={enduserId} />
        <input type="hidden" name="type" value={type} />
        <Typography level="body-md">{t('unsubscribe.confirm')}</Typography>
        <Button type="submit" loading={spinning} loadingPosition="center">
          {t('unsubscribe.button')}
        </Button>
      </Stack>
    </Form>
  );
}
