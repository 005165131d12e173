import { useEffect, useState, type FormEvent } from 'react';
import { useActionData, useNavigation, useSubmit } from '@remix-run/react';
import { useForm, type Control } from 'react-hook-form';
import Box from '@mui/joy/Box';
import Divider from '@mui/joy/Divider';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import { ActionOutcome } from '../../components/ActionOutcome';
import Button from '../../components/Button';
import { UnsavedChangesGuard } from '../UnsavedChanges';
import { DraftColour, DraftImage, DraftSwitch, DraftText, FieldGroup } from './DraftFields';
import { HomeBlocksEditor } from './HomeBlocksEditor';
import { PagesEditor } from './PagesEditor';
import { draftProblems, type PortalDraft } from './portal-draft';
import { PreviewFrames } from './PreviewFrames';

type MessageFor = (path: string) => string | undefined;

/** The value at a react-hook-form path ('pages.2.title') of the draft. */
const valueAt = (draft: PortalDraft, path: string) => path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], draft);
interface Section {
  control: Control<PortalDraft>;
  canEdit: boolean;
  messageFor: MessageFor;
}

function BrandingFields({ control, canEdit, messageFor }: Section) {
  return (
    <FieldGroup title="Colours and logo" id="branding-heading">
      {!canEdit && <Typography level="body-sm">Only an Admin can change the portal's colours, logo and sign-in screens.</Typography>}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        <DraftColour control={control} name="themeColor" label="Theme colour" hint="Buttons, links and the selected page" message={messageFor('themeColor')} disabled={!canEdit} />
        <DraftColour control={control} name="themeColorSecondary" label="Second colour" hint="Accents" message={messageFor('themeColorSecondary')} disabled={!canEdit} />
      </Box>
      <DraftImage control={control} name="logoURL" label="Logo" hint="At the top of the menu and on the sign-in screens" message={messageFor('logoURL')} disabled={!canEdit} />
      <DraftImage control={control} name="faviconURL" label="Browser tab icon" hint="The small icon beside the portal's name in the tab" message={messageFor('faviconURL')} disabled={!canEdit} />
    </FieldGroup>
  );
}

function SignInFields({ control, canEdit, messageFor }: Section) {
  const text = (name: `authentication.${string}`, label: string, placeholder?: string) => (
    <DraftText control={control} name={name as never} label={label} placeholder={placeholder} message={messageFor(name)} disabled={!canEdit} />
  );
  const image = (name: `authentication.${string}`, label: string) => <DraftImage control={control} name={name as never} label={label} message={messageFor(name)} disabled={!canEdit} />;
  return (
    <FieldGroup title="Sign-in screens" id="sign-in-heading">
      <Typography level="title-sm" component="h3">Landing</Typography>
      {text('authentication.landingTitle', 'Landing title', 'Your Portal')}
      {image('authentication.landingLogo', 'Landing logo')}
      {image('authentication.landingGraphic', 'Landing graphic')}
      <Typography level="title-sm" component="h3">Log in</Typography>
      {text('authentication.loginTitle', 'Log in title', 'Welcome back!')}
      {text('authentication.loginDescription', 'Log in description', 'Log in to your account.')}
      {image('authentication.loginGraphic', 'Log in graphic')}
      <Typography level="title-sm" component="h3">Sign up</Typography>
      {text('authentication.registerTitle', 'Sign up title', 'Getting Started')}
      {text('authentication.registerDescription', 'Sign up description', "Let's create your account.")}
      {image('authentication.registerGraphic', 'Sign up graphic')}
    </FieldGroup>
  );
}

/** The save's outcome from the route's action. */
interface SaveResult {
  saved?: boolean;
  problem?: { message: string; field?: string };
}

/**
 * The Portal page's form: branding, sign-in screens, conversations, pages and Home, with the live
 * preview beside it. The spec's checks run in the browser and show on their fields once Save was
 * tried; the api's refusal shows on the field it names; what was typed stays after a failed save,
 * and leaving with unsaved changes asks first.
 */
export function PortalSettingsEditor({ saved, canEditBranding, canEditPages }: { saved: PortalDraft; canEditBranding: boolean; canEditPages: boolean }) {
  const form = useForm<PortalDraft>({ defaultValues: saved });
  const submit = useSubmit();
  const busy = useNavigation().state === 'submitting';
  const result = useActionData<SaveResult>();
  const [attempted, setAttempted] = useState(false);
  // What was sent last: the api's refusal stays on its field only while the field still holds what was refused.
  const [sent, setSent] = useState<PortalDraft>();
  const draft = form.watch();
  const problems = draftProblems(draft);
  const refused = (path: string) => result?.problem?.field === path && sent && JSON.stringify(valueAt(draft, path)) === JSON.stringify(valueAt(sent, path));
  const messageFor: MessageFor = (path) => (attempted ? problems[path] : undefined) ?? (refused(path) ? result?.problem?.message : undefined);
  const dirty = form.formState.isDirty;

  useEffect(() => {
    // Saved: what is on screen is now what is stored.
    if (result?.saved) form.reset(form.getValues());
  }, [result, form]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const values = form.getValues();
    if (Object.keys(draftProblems(values)).length) return;
    setSent(structuredClone(values));
    submit({ draft: values } as never, { method: 'post', encType: 'application/json' });
  };
  const section = { control: form.control, messageFor };
  const formProblem = result?.problem && !result.problem.field ? result.problem.message : undefined;
  const unsavedProblems = attempted && Object.keys(problems).length > 0;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 420px' }, alignItems: 'start' }}>
      <UnsavedChangesGuard dirty={dirty && !busy} />
      <Sheet variant="outlined" sx={{ borderRadius: 'md', p: { xs: 2, sm: 3 } }}>
        <form method="post" noValidate onSubmit={onSubmit} aria-label="Portal settings">
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
            <BrandingFields {...section} canEdit={canEditBranding} />
            <Divider />
            <SignInFields {...section} canEdit={canEditBranding} />
            <Divider />
            <FieldGroup title="Conversations" id="conversations-heading">
              <DraftSwitch control={form.control} name="allowEnduserInitiatedChat" label="Patients can start conversations" hint="Shows Start Conversation in the portal's Communications; new conversations reach your inbox." disabled={!canEditBranding} />
            </FieldGroup>
            <Divider />
            <FieldGroup title="Pages" id="pages-heading">
              <PagesEditor pages={draft.pages} {...section} canEdit={canEditPages} />
            </FieldGroup>
            <Divider />
            <FieldGroup title="Home" id="home-heading">
              <HomeBlocksEditor {...section} canEdit={canEditPages} />
            </FieldGroup>
            <SaveBar busy={busy} dirty={dirty} saved={!!result?.saved && !dirty} problem={formProblem ?? (unsavedProblems ? 'Some fields need your attention before saving.' : undefined)} onUndo={() => form.reset()} canEdit={canEditBranding || canEditPages} />
          </Box>
        </form>
      </Sheet>
      <PreviewFrames draft={draft} />
    </Box>
  );
}

function SaveBar({ busy, dirty, saved, problem, onUndo, canEdit }: { busy: boolean; dirty: boolean; saved: boolean; problem?: string; onUndo: () => void; canEdit: boolean }) {
  if (!canEdit) return null;
  return (
    <Sheet sx={{ position: 'sticky', bottom: 0, py: 1.5, display: 'flex', flexDirection: 'column', gap: 1, borderTop: '1px solid', borderColor: 'divider' }}>
      <ActionOutcome notice={saved ? 'Portal settings saved. Patients see them now.' : undefined} problem={problem} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button type="submit" loading={busy}>
          Save portal settings
        </Button>
        <Button variant="plain" color="neutral" disabled={!dirty || busy} onClick={onUndo}>
          Undo changes
        </Button>
        {dirty && <Typography level="body-sm">You have unsaved changes.</Typography>}
      </Box>
    </Sheet>
  );
}
