import { Link as RemixLink } from '@remix-run/react';
import Link from '@mui/joy/Link';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import { useTranslation } from '../../i18n/I18nProvider';
import { EventSection as Section } from './EventSection';

export interface EventFormView {
  id: string;
  accessCode: string;
  title: string;
  submitted: boolean;
}

/** The enduser's forms for the event: a submitted one opens its answers, an open one the form. */
export function EventForms({ responses }: { responses: EventFormView[] }) {
  const { t } = useTranslation('events');
  if (!responses.length) return null;
  return (
    <Section title={t('forms')}>
      <List size="sm">
        {responses.map((response) => (
          <ListItem key={response.id}>
            {response.submitted ? (
              <Link component={RemixLink} to={`/documents/responses/${response.id}`}>
                {t('submittedForm', { title: response.title })}
              </Link>
            ) : (
              <Link component={RemixLink} to={`/documents/forms/${encodeURIComponent(response.accessCode)}`}>
                {response.title}
              </Link>
            )}
          </ListItem>
        ))}
      </List>
    </Section>
  );
}
