import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../../components/Button';
import { requireSettingsAdmin } from '../../../staff/settings/admin.server';
import { OrganizationForm } from '../../../staff/settings/OrganizationForm';
import { createSubOrganization, loadOrganization, ownOrganizationId, saveOrganization, saveSecondFactor, type OrganizationState } from '../../../staff/settings/organization.server';
import { saveTexting } from '../../../staff/settings/texting.server';
import { TextingSettings } from '../../../staff/settings/TextingSettings';
import { SecondFactorSettings } from '../../../staff/settings/SecondFactorSettings';
import { Outcome, SettingsCard } from '../../../staff/settings/SettingsCard';
import { useResetOnSave } from '../../../staff/useResetOnSave';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Organization · Settings · Staff' }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireSettingsAdmin(request, 'manage the organization');
  return loadOrganization(authToken, user);
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken, user } = await requireSettingsAdmin(request, 'manage the organization');
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  // Each card posts its own intent; one this page does not know changes nothing.
  const saves: Record<string, () => Promise<OrganizationState>> = {
    organization: () => saveOrganization(authToken, user, form),
    'second-factor': () => saveSecondFactor(authToken, user, form),
    texting: async () => saveTexting(authToken, await ownOrganizationId(authToken, user), form),
    'sub-organization': () => createSubOrganization(authToken, form),
  };
  const save = saves[intent];
  if (!save) return data<OrganizationState>({ intent, error: 'This form is out of date: reload the page and try again.' }, { status: 400 });
  return data<OrganizationState>({ ...(await save()), intent });
};

function SubOrganizations() {
  const { subOrganizations } = useLoaderData<typeof loader>();
  const all = useActionData<typeof action>() as OrganizationState | undefined;
  const state = all?.intent === 'sub-organization' ? all : undefined;
  const busy = useNavigation().state === 'submitting';
  const formRef = useResetOnSave(state);
  return (
    <SettingsCard id="sub-organizations" title="Sub-organizations" intro="Clinics or teams inside yours. Their members see only what is theirs; yours see everything below you.">
      {subOrganizations.length === 0 ? (
        <Typography level="body-sm">No sub-organizations yet. Create one for a second clinic or a team that should keep its patients apart.</Typography>
      ) : (
        <List aria-label="Sub-organizations" sx={{ '--ListItem-paddingX': 0 }}>
          {subOrganizations.map((sub) => (
            <ListItem key={sub.id} sx={{ flexDirection: 'column', alignItems: 'flex-start', py: 1, borderBottom: '1px solid', borderColor: 'divider' }}>
              <Typography level="title-sm">{sub.name}</Typography>
              <Typography level="body-sm">
                Address: {sub.subdomain} · inside {sub.parent}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
      <Form method="post" ref={formRef} noValidate>
        <input type="hidden" name="intent" value="sub-organization" />
        <Stack gap={2}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <FormControl error={!!state?.fieldErrors?.name} sx={{ flex: '1 1 180px' }}>
              <FormLabel>Sub-organization name</FormLabel>
              <Input name="name" />
              {state?.fieldErrors?.name && <FormHelperText>{state.fieldErrors.name}</FormHelperText>}
            </FormControl>
            <FormControl error={!!state?.fieldErrors?.subdomain} sx={{ flex: '1 1 180px' }}>
              <FormLabel>Portal address</FormLabel>
              <Input name="subdomain" placeholder="e.g. northside" />
              <FormHelperText>{state?.fieldErrors?.subdomain ?? 'Letters, digits and dashes; its patients’ portal lives there.'}</FormHelperText>
            </FormControl>
          </Box>
          <Button type="submit" variant="outlined" loading={busy} sx={{ alignSelf: 'flex-start' }}>
            Create sub-organization
          </Button>
          <Outcome saved={state?.saved} error={state?.error} />
        </Stack>
      </Form>
    </SettingsCard>
  );
}

export default function Organization() {
  const { organization, secondFactor, texting } = useLoaderData<typeof loader>();
  const all = useActionData<typeof action>() as OrganizationState | undefined;
  return (
    <Stack gap={2}>
      <SettingsCard id="organization" title="Organization">
        <OrganizationForm values={organization} state={all?.intent === 'organization' ? all : undefined} />
      </SettingsCard>
      <SecondFactorSettings values={secondFactor} state={all?.intent === 'second-factor' ? all : undefined} />
      <TextingSettings values={texting} state={all?.intent === 'texting' ? all : undefined} />
      <SubOrganizations />
    </Stack>
  );
}
