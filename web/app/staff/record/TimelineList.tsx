import type { ReactNode } from 'react';
import { Link as RemixLink, useSearchParams } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Chip from '@mui/joy/Chip';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { ALL, chosenFilter, filtered, type TimelineFilter } from './timeline-filters';

type Color = 'primary' | 'success' | 'neutral' | 'danger' | 'warning';

/** One entry as a record's timeline draws it; every text is already in the reader's words. */
export interface TimelineItem {
  key: string;
  /** Which filter group it belongs to (TimelineFilter.kinds). */
  kind: string;
  /** When, on the reader's clock ("Nov 28, 2026, 9:30 AM PST"), and the same instant for the machine. */
  when: string;
  iso?: string;
  /** What kind of thing it is, as a word ("Email received", "Note"). */
  label: string;
  title: string;
  detail?: ReactNode;
  status?: { label: string; color: Color };
  /** Links and buttons about the entry (read the form, cancel the step ...). */
  controls?: ReactNode;
}

/**
 * A record's timeline, shared by record pages (ARCHITECTURE.md, "The staff app"): filter chips kept in
 * the address, then an ordered list, newest (or furthest ahead) first, one card-like row per entry.
 * Medplum's chart and Twenty's record pages show the same: a single list mixing every kind of event.
 */
export function TimelineList({ label, items, filters, empty, param = 'show' }: { label: string; items: TimelineItem[]; filters: readonly TimelineFilter[]; empty: string; param?: string }) {
  const [params] = useSearchParams();
  const filter = chosenFilter(filters, params.get(param));
  const shown = filtered(items, filter);
  const linkTo = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === ALL) next.delete(param);
    else next.set(param, value);
    const query = next.toString();
    return query ? `?${query}` : '.';
  };
  return (
    <Stack gap={1.5}>
      <Box component="nav" aria-label={`Filter the ${label.toLowerCase()}`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
        {[{ value: ALL, label: 'Everything' }, ...filters].map((choice) => {
          const current = (filter?.value ?? ALL) === choice.value;
          return (
            <Chip
              key={choice.value}
              variant={current ? 'solid' : 'outlined'}
              color={current ? 'primary' : 'neutral'}
              slotProps={{ action: { component: RemixLink, to: linkTo(choice.value), preventScrollReset: true, replace: true, 'aria-current': current ? 'true' : undefined } as never }}
            >
              {choice.label}
            </Chip>
          );
        })}
      </Box>
      {shown.length === 0 ? (
        <Typography level="body-sm">{filter ? `Nothing of this kind yet. Choose Everything to see the rest.` : empty}</Typography>
      ) : (
        // Laid out by the list's own width, not the screen's: beside the record's other column on a laptop the list is narrower than a phone's screen wide.
        <Box component="ol" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', containerType: 'inline-size' }}>
          {shown.map((item) => (
            <Box
              component="li"
              key={item.key}
              data-kind={item.kind}
              sx={{ py: 1.25, borderTop: '1px solid', borderColor: 'divider', display: 'grid', gap: 0.5, gridTemplateColumns: '1fr', '@container (min-width: 30rem)': { gridTemplateColumns: '11rem minmax(0, 1fr) auto' }, alignItems: 'start' }}
            >
              <Typography level="body-xs" component="p">
                <time dateTime={item.iso}>{item.when}</time>
              </Typography>
              <Box sx={{ minWidth: 0 }}>
                <Typography level="body-xs" fontWeight="lg" color="primary" component="p">
                  {item.label}
                </Typography>
                <Typography level="body-sm" component="p" sx={{ overflowWrap: 'anywhere' }}>
                  {item.title}
                </Typography>
                {item.detail}
              </Box>
              <Stack direction="row" flexWrap="wrap" alignItems="center" gap={1}>
                {item.status && (
                  <Chip size="sm" variant="soft" color={item.status.color}>
                    {item.status.label}
                  </Chip>
                )}
                {item.controls}
              </Stack>
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}
