import type { ReactNode } from 'react';
import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import Stack from '@mui/joy/Stack';
import Table from '@mui/joy/Table';
import Typography from '@mui/joy/Typography';
import { useTranslation } from '../i18n/I18nProvider';
import type { ShownAnswer } from './response-answers';

/**
 * A form response, read-only (docs/contract/portal.md, "Form response view"): its title, who submitted it and when, then each question with
 * its answer. The portal shows it to the patient and the staff console to the care team, so both
 * read the very same thing; `actions` holds what a screen adds beside the title (the console's PDF).
 */
export function ResponseView({ view, actions }: { view: { title: string; person: string; submittedAt?: string; answers: ShownAnswer[] }; actions?: ReactNode }) {
  // The staff app's pages are in English (the root gives them the English catalogue).
  const { t } = useTranslation('forms');
  return (
    <Card variant="outlined" sx={{ maxWidth: 720, width: '100%', gap: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" gap={1}>
        <Stack gap={0.5}>
          <Typography level="h1" fontSize="xl">
            {view.title}
          </Typography>
          <Typography level="body-sm">
            {view.submittedAt ? t('response.submittedByOn', { person: view.person, date: view.submittedAt }) : t('response.from', { person: view.person })}
          </Typography>
        </Stack>
        {actions && <Box sx={{ alignSelf: 'flex-start', flexShrink: 0 }}>{actions}</Box>}
      </Stack>
      {view.answers.length === 0 ? (
        <Typography>{t('response.awaiting')}</Typography>
      ) : (
        <Box component="dl" sx={{ m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {view.answers.map((answer) => (
            <div key={answer.fieldId}>
              <Typography component="dt" level="title-sm">
                {answer.title}
              </Typography>
              <Box component="dd" sx={{ m: 0 }}>
                {answer.shown.kind === 'text' ? (
                  <Typography sx={{ whiteSpace: 'pre-line' }}>{answer.shown.text}</Typography>
                ) : (
                  <Table size="sm" aria-label={answer.title}>
                    <thead>
                      <tr>
                        {(answer.shown.rows[0] ?? []).map((cell) => (
                          <th key={cell.label} scope="col">
                            {cell.label}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {answer.shown.rows.map((row, index) => (
                        <tr key={index}>
                          {row.map((cell) => (
                            <td key={cell.label}>{cell.entry}</td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </Table>
                )}
              </Box>
            </div>
          ))}
        </Box>
      )}
    </Card>
  );
}
