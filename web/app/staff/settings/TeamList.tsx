import { Form, useNavigation } from '@remix-run/react';
import Chip from '@mui/joy/Chip';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { NativeSelect } from '../NativeSelect';
import { ConfirmAction } from '../ConfirmAction';
import { ConfirmDelete } from '../scheduling/ConfirmDelete';
import type { TeamMember } from './team.server';

/** One colleague: name, email, whether the invitation is still open or their second factor on, their role (changeable), a reset of their second factor, and removal (not of oneself). */
function MemberRow({ member, roles }: { member: TeamMember; roles: string[] }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <ListItem sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-end', py: 1.5, borderBottom: '1px solid', borderColor: 'divider' }}>
      <Stack sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography level="title-sm">
          {member.name}
          {member.you && ' (you)'}
        </Typography>
        <Typography level="body-sm" sx={{ overflowWrap: 'anywhere' }}>
          {member.email}
        </Typography>
        {member.invited && (
          <Chip size="sm" variant="soft" color="warning" sx={{ mt: 0.5 }}>
            Invitation sent
          </Chip>
        )}
        {member.secondFactor && (
          <Chip size="sm" variant="soft" color="success" sx={{ mt: 0.5 }}>
            Second factor on
          </Chip>
        )}
      </Stack>
      {member.you ? (
        <Typography level="body-sm">{member.role}</Typography>
      ) : (
        <>
          <Form method="post" style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
            <input type="hidden" name="intent" value="role" />
            <input type="hidden" name="id" value={member.id} />
            <input type="hidden" name="name" value={member.name} />
            <NativeSelect id={`role-${member.id}`} label={`Role of ${member.name}`} name="role" options={roles} defaultValue={member.role} />
            <Button type="submit" variant="outlined" loading={busy} aria-label={`Save the role of ${member.name}`}>
              Save
            </Button>
          </Form>
          {member.secondFactor && (
            <ConfirmAction
              opener="Reset second factor"
              openerName={`Reset second factor of ${member.name}`}
              title={`Reset the second factor of ${member.name}?`}
              consequence={`For when ${member.name} cannot reach their email or lost their recovery codes. They sign in with their password only until they turn it on again (unless your organization asks everyone), and their recovery codes stop working.`}
              confirm="Reset"
              intent="reset-second-factor"
              fields={{ id: member.id, name: member.name }}
            />
          )}
          <ConfirmDelete
            name={member.name}
            verb="Remove"
            intent="remove"
            consequence={`${member.name} can no longer sign in. Their past messages, notes and tasks stay.`}
            fields={{ id: member.id, name: member.name }}
          />
        </>
      )}
    </ListItem>
  );
}

export function TeamList({ members, roles }: { members: TeamMember[]; roles: string[] }) {
  return (
    <List aria-label="Team members" sx={{ '--ListItem-paddingX': 0 }}>
      {members.map((member) => (
        <MemberRow key={member.id} member={member} roles={roles} />
      ))}
    </List>
  );
}
