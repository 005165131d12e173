import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { useTranslation } from '../../i18n/I18nProvider';
import { pageLanguage } from '../../portal/page-language.server';
import { ApiError, formErrorMessage } from '../../api.server';
import { FormError } from '../../components/AuthScreen';
import { apiMessage, fillingView, loadForm, postStep, type StepState } from '../../forms/form-filling.server';
import { FormFilling } from '../../forms/FormFilling';
import { publicFormSession, startPublicForm } from '../../forms/public-form-session.server';
import { MAX_UPLOAD_BYTES, readMultipart } from '../../portal/files.server';
import { screenTexts } from '../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/RouteErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.pageTitle ?? 'Form' }];

/** The address names the form and the clinic: no other site is told them. */
export const headers: HeadersFunction = () => ({ 'Referrer-Policy': 'same-origin' });

const ID = /^[0-9a-f]{24}$/i;
const linkOf = (request: Request, invalidLink: string) => {
  const search = new URL(request.url).searchParams;
  const businessId = search.get('businessId') ?? '';
  const formId = search.get('formId') ?? '';
  if (!ID.test(businessId) || !ID.test(formId)) throw data({ message: invalidLink }, { status: 404 });
  return { businessId, formId, here: `/public-form?${new URLSearchParams({ businessId, formId })}` };
};

/**
 * A form's public link (forms.allowPublicURL): the visitor says who they are, the api finds or adds
 * them as a patient and opens this one response (session-for-public-form), then they fill it as in
 * the portal, one step at a time, without an account.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { t } = await pageLanguage(request, 'forms');
  const { businessId, formId } = linkOf(request, t('invalidLink'));
  const pageTitle = t('publicTitle');
  const texts = await screenTexts(request, ['auth', 'forms']);
  const session = await publicFormSession(request, businessId, formId);
  if (!session) return { texts, started: false as const, pageTitle };
  const loaded = await loadForm(session.authToken, session.accessCode).catch((error: unknown) => {
    // An expired session starts again from the details.
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return undefined;
    throw error;
  });
  if (!loaded) return { texts, started: false as const, pageTitle };
  return { texts, started: true as const, pageTitle, view: fillingView(request, loaded, t) };
};

const detail = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

export const action = async ({ request }: ActionFunctionArgs) => {
  const { t } = await pageLanguage(request, 'forms');
  const { businessId, formId, here } = linkOf(request, t('invalidLink'));
  const session = await publicFormSession(request, businessId, formId);
  if (!session) {
    const form = await request.formData();
    const details = Object.fromEntries(['fname', 'lname', 'email', 'phone'].map((name) => [name, detail(form, name)]).filter(([, value]) => value));
    if (!details.email && !details.phone) return data<StepState>({ formError: t('emailOrPhone') });
    try {
      throw redirect(here, { headers: { 'Set-Cookie': await startPublicForm(businessId, formId, details) } });
    } catch (error) {
      if (error instanceof Response) throw error;
      return data<StepState>({ formError: formErrorMessage(error) });
    }
  }
  let form: FormData;
  try {
    form = await readMultipart(request, MAX_UPLOAD_BYTES, t('fileTooLarge'));
  } catch (error) {
    return data<StepState>({ formError: apiMessage(error, t) });
  }
  const result = await postStep(session.authToken, session.enduserId, session.accessCode, form, t).catch((error: unknown) => ({ state: { formError: apiMessage(error, t) } }));
  if ('submitted' in result) throw redirect(here);
  if ('goTo' in result) throw redirect(`${here}&step=${result.goTo}`);
  return data<StepState>(result.state);
};

/** Who is filling the form: a name and an email or phone number. */
function Details({ error }: { error?: string }) {
  const navigation = useNavigation();
  const { t } = useTranslation('forms');
  return (
    <Stack gap={2}>
      <div>
        <Typography level="h2" component="h1">
          {t('beforeYouStart')}
        </Typography>
        <Typography>{t('tellUsWho')}</Typography>
      </div>
      <Form method="post" noValidate>
        <Stack gap={1.5}>
          <Stack direction={{ xs: 'column', sm: 'row' }} gap={1.5}>
            <FormControl sx={{ flex: 1 }}>
              <FormLabel>{t('firstName')}</FormLabel>
              <Input name="fname" autoComplete="given-name" />
            </FormControl>
            <FormControl sx={{ flex: 1 }}>
              <FormLabel>{t('lastName')}</FormLabel>
              <Input name="lname" autoComplete="family-name" />
            </FormControl>
          </Stack>
          <FormControl>
            <FormLabel>{t('email')}</FormLabel>
            <Input name="email" type="email" autoComplete="email" />
          </FormControl>
          <FormControl>
            <FormLabel>{t('phoneNumber')}</FormLabel>
            <Input name="phone" type="tel" autoComplete="tel" />
          </FormControl>
          <FormError message={error} />
          <Button type="submit" loading={navigation.state === 'submitting'} sx={{ alignSelf: 'flex-start' }}>
            {t('start')}
          </Button>
        </Stack>
      </Form>
    </Stack>
  );
}

export default function PublicForm() {
  const loaded = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'flex', justifyContent: 'center', p: 2 }}>
      <Box sx={{ width: '100%', maxWidth: 640, pt: { xs: 1, sm: 4 } }}>{loaded.started ? <FormFilling loaded={loaded.view} state={state} postsTo="/public-form" /> : <Details error={state?.formError} />}</Box>
    </Box>
  );
}
