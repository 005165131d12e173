import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, NavLink, Outlet, useLoaderData } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Button from '../../../components/Button';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import { requireStaff } from '../../../staff/session.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../../components/RouteErrorBoundary';

/** Every console page requires a staff session (the API still decides what each call may do). */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { user } = await requireStaff(request);
  const name = [user.fname, user.lname].filter(Boolean).join(' ') || user.email || 'Staff';
  return { name };
};

const SECTIONS = [
  { to: '/staff/journeys', label: 'Journeys' },
  { to: '/staff/endusers', label: 'Endusers' },
  { to: '/staff/analytics', label: 'Analytics' },
  { to: '/staff/errors', label: 'Errors' },
] as const;

/** The console frame: a top bar (title, sections, who is signed in, log out) that wraps on a phone. */
export default function StaffConsole() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Sheet
        component="header"
        variant="outlined"
        sx={{ borderWidth: '0 0 1px 0', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: { xs: 1, sm: 2 }, px: { xs: 1.5, sm: 3 }, py: 1 }}
      >
        <Typography level="title-lg" component="p" sx={{ mr: { sm: 2 } }}>
          Staff console
        </Typography>
        <Box component="nav" aria-label="Console" sx={{ display: 'flex', gap: 0.5, order: { xs: 3, sm: 0 }, width: { xs: '100%', sm: 'auto' } }}>
          {SECTIONS.map((section) => (
            <NavLink key={section.to} to={section.to} prefetch="intent" style={{ textDecoration: 'none' }}>
              {({ isActive }) => (
                <Button component="span" variant={isActive ? 'soft' : 'plain'} color={isActive ? 'primary' : 'neutral'} size="sm" aria-current={isActive ? 'page' : undefined}>
                  {section.label}
                </Button>
              )}
            </NavLink>
          ))}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <Typography level="body-sm" sx={{ display: { xs: 'none', sm: 'block' } }}>
          {name}
        </Typography>
        <Form method="post" action="/staff/logout">
          <Button type="submit" size="sm" variant="outlined">
            Log out
          </Button>
        </Form>
      </Sheet>
      <Box component="main" sx={{ flexGrow: 1, p: { xs: 1.5, sm: 3 }, width: '100%', maxWidth: 1200, mx: 'auto' }}>
        <Outlet />
      </Box>
    </Box>
  );
}
