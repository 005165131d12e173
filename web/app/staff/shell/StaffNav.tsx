import { Form, Link as RemixLink } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Link from '@mui/joy/Link';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import ListItemButton from '@mui/joy/ListItemButton';
import ListItemContent from '@mui/joy/ListItemContent';
import ListItemDecorator from '@mui/joy/ListItemDecorator';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { InboxBadge } from '../inbox/InboxBadge';
import { StaffIcon } from './icons';
import type { Section, SectionGroup, SectionKey } from './sections';

const GROUPS: SectionGroup[] = ['Work', 'Automation', 'Builders', 'Organization'];

/**
 * The sections the role may see, grouped (Twenty's sidebar: a few labelled groups), the current one
 * marked for the eye and for screen readers (aria-current), the inbox with its unread count. Used by
 * the sidebar and by the phone's menu alike.
 */
export function StaffNav({ sections, current, unread, idPrefix, onChoose }: { sections: Section[]; current?: SectionKey; unread: number; idPrefix: string; onChoose?: () => void }) {
  return (
    <>
      {GROUPS.map((group) => {
        const entries = sections.filter((section) => section.group === group);
        if (entries.length === 0) return null;
        const headingId = `${idPrefix}-${group.toLowerCase()}`;
        return (
          <Box key={group} sx={{ px: 1, pt: 1 }}>
            <Typography id={headingId} level="body-xs" sx={{ px: 1.5, pb: 0.5, fontWeight: 'lg', textTransform: 'uppercase', color: 'text.secondary' }}>
              {group}
            </Typography>
            <List size="sm" aria-labelledby={headingId} sx={{ '--ListItem-radius': '6px', '--List-gap': '2px', flexGrow: 0, p: 0 }}>
            {entries.map((section) => {
              const isCurrent = section.key === current;
              return (
                <ListItem key={section.key}>
                  <ListItemButton
                    component={RemixLink}
                    to={section.path}
                    prefetch={section.document ? 'none' : 'intent'}
                    reloadDocument={section.document}
                    selected={isCurrent}
                    // Solid when current: the theme's primary with its own text colour keeps the contrast axe asks for.
                    variant={isCurrent ? 'solid' : 'plain'}
                    color={isCurrent ? 'primary' : 'neutral'}
                    aria-current={isCurrent ? 'page' : undefined}
                    onClick={onChoose}
                    sx={{ minHeight: 40 }}
                  >
                    <ListItemDecorator>
                      <StaffIcon name={section.key} />
                    </ListItemDecorator>
                    <ListItemContent>{section.label}</ListItemContent>
                    {/* The inbox's own live count (web/app/staff/inbox/InboxBadge.tsx), first drawn from the layout's. */}
                    {section.key === 'inbox' && <InboxBadge initial={unread} />}
                  </ListItemButton>
                </ListItem>
              );
            })}
            </List>
          </Box>
        );
      })}
    </>
  );
}

/** The staff member's own page (their second factor): not a section, every role has it. */
export const ACCOUNT_PATH = '/staff/account';

/** Who is signed in, their own page, and the way out. */
export function StaffAccount({ name, current = false, onChoose }: { name: string; current?: boolean; onChoose?: () => void }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5, borderTop: '1px solid', borderColor: 'divider' }}>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Typography level="body-sm" noWrap>
          {name}
        </Typography>
        <Link component={RemixLink} to={ACCOUNT_PATH} level="body-sm" aria-current={current ? 'page' : undefined} onClick={onChoose} sx={{ alignSelf: 'flex-start', fontWeight: current ? 'lg' : undefined }}>
          Your account
        </Link>
      </Box>
      <Form method="post" action="/staff/logout">
        <Button type="submit" size="sm" variant="outlined" color="neutral" startDecorator={<StaffIcon name="logout" />}>
          Log out
        </Button>
      </Form>
    </Box>
  );
}
