import { useMemo } from 'react';
import { useTranslation } from '../i18n/I18nProvider';
import { answerMessagesOf } from './answer-messages';

/** The page's answer messages (docs/contract/validation.md#form-answers), in its language. */
export const useAnswerMessages = () => {
  const { t } = useTranslation('forms');
  return useMemo(() => answerMessagesOf(t), [t]);
};
