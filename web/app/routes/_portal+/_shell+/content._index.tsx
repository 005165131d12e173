import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link as RemixLink, useLoaderData, useSearchParams } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import Input from '@mui/joy/Input';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/I18nProvider';
import { PortalPage } from '../../../components/PortalPage';
import { CONTENT_TITLE_LENGTH, groupByCategory, searchContent, type ContentSummary } from '../../../portal/content';
import { yourContent } from '../../../portal/content.server';
import { truncate } from '../../../portal/format';
import { optionalText } from '../../../portal/resources.server';
import { signedInEnduser } from '../../../portal/signed-in.server';
import { screenTexts } from '../../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../../components/RouteErrorBoundary';

/** How long typing pauses before the list filters (docs/contract/portal.md#content; the delay is ours, docs/decisions.md). */
const SEARCH_DEBOUNCE_MS = 300;

/** The item types the library names (docs/contract/portal.md#content); another shows as it is. */
const CONTENT_TYPES = { PDF: true, Video: true, Article: true, HTML: true } as const;
type ContentType = keyof typeof CONTENT_TYPES;

/** Education (docs/contract/portal.md#content): the content the enduser may see, by category, with a search. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const texts = await screenTexts(request, ['content']);
  const { authToken, enduser } = await signedInEnduser(request);
  return { texts, items: await yourContent(authToken), fname: optionalText(enduser.fname) };
};

/** The title cut at 55 characters below the mobile breakpoint and 100 above it (docs/contract/portal.md#truncation). */
function ItemTitle({ title }: { title: string }) {
  return (
    <>
      <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
        {truncate(title, CONTENT_TITLE_LENGTH.mobile)}
      </Box>
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {truncate(title, CONTENT_TITLE_LENGTH.desktop)}
      </Box>
    </>
  );
}

function ItemCard({ item }: { item: ContentSummary }) {
  const { t } = useTranslation('content');
  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none', gap: 1 }}>
      {item.headerPhoto ? <Box component="img" src={item.headerPhoto} alt="" sx={{ width: '100%', maxHeight: 160, objectFit: 'cover', borderRadius: 'sm' }} /> : null}
      <Link component={RemixLink} to={`/content/${item.id}`} overlay level="title-md" title={item.title}>
        <ItemTitle title={item.title} />
      </Link>
      {item.type ? <Typography level="body-xs">{item.type in CONTENT_TYPES ? t(`types.${item.type as ContentType}`) : item.type}</Typography> : null}
    </Card>
  );
}

export default function ContentLibrary() {
  const { items, fname } = useLoaderData<typeof loader>();
  const [searchParams, setSearchParams] = useSearchParams();
  const { t } = useTranslation('content');
  const [typed, setTyped] = useState(searchParams.get('search') ?? '');
  const [query, setQuery] = useState(typed);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(typed);
      // Only when the search changed: a navigation here on load would cancel a link followed meanwhile.
      if ((searchParams.get('search') ?? '') !== typed.trim()) setSearchParams(typed.trim() ? { search: typed } : {}, { replace: true, preventScrollReset: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // setSearchParams changes identity with the location; the debounce follows typing only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  const filtering = query.trim().length > 0;
  const shown = searchContent(items, query);
  return (
    <PortalPage>
      <Typography level="h2" component="h1">
        {fname ? t('titleOf', { name: fname }) : t('title')}
      </Typography>
      <Input type="search" placeholder={t('search')} aria-label={t('search')} value={typed} onChange={(event) => setTyped(event.target.value)} sx={{ maxWidth: 480 }} />
      {items.length === 0 ? (
        <Typography>{t('noContent')}</Typography>
      ) : filtering ? (
        <Stack component="section" aria-labelledby="search-results" gap={1}>
          <Typography id="search-results" level="h4" component="h2">
            {t('searchResults')}
          </Typography>
          {shown.length === 0 ? (
            <Typography>{t('noMatches')}</Typography>
          ) : (
            <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
              {shown.map((item) => (
                <ItemCard key={item.id} item={item} />
              ))}
            </Box>
          )}
        </Stack>
      ) : (
        groupByCategory(shown, t('otherContent')).map((group) => (
          <Stack key={group.category} component="section" aria-label={group.category} gap={1}>
            <Typography level="h4" component="h2">
              {group.category}
            </Typography>
            <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
              {group.items.map((item) => (
                <ItemCard key={item.id} item={item} />
              ))}
            </Box>
          </Stack>
        ))
      )}
    </PortalPage>
  );
}
