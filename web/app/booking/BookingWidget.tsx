import { useFetcher } from '@remix-run/react';
import CircularProgress from '@mui/joy/CircularProgress';
import Stack from '@mui/joy/Stack';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/I18nProvider';
import { useHydrated } from '../components/useHydrated';
import type { BookingActionResult } from './types';
import { BookedStep } from './BookedStep';
import { trackBookingEvent } from './analytics';
import { browserTimeZone } from './time';
import { CalendarStep } from './CalendarStep';
import { ConfirmationStep } from './ConfirmationStep';
import { IntakeStep } from './IntakeStep';
import { PickTypeStep } from './PickTypeStep';
import { BookingWidgetFrame } from './BookingWidgetFrame';
import type { BookingPageView, IntakeValues, Slot } from './types';

export type Step = 'Loading' | 'PickAppointmentType' | 'Calendar' | 'Intake' | 'Confirmation' | 'ThankYou';

/** Where the back arrow goes (docs/contract/portal.md#booking-widget: on Intake and Confirmation, one step back). */
const previousStep = (step: Step, skipIntake: boolean): Step | undefined =>
  step === 'Intake' ? 'Calendar' : step === 'Confirmation' ? (skipIntake ? 'Calendar' : 'Intake') : undefined;

/**
 * The public booking widget (docs/contract/portal.md#booking-widget): Loading → PickAppointmentType (skipped with one type) →
 * Calendar → Intake (skipped for a signed-in enduser) → Confirmation → ThankYou, or the top window
 * sent to the page's thankYouRedirectURL.
 */
export function BookingWidget({ page, skipIntake, rescheduling, intro }: { page: BookingPageView; skipIntake: boolean; rescheduling: boolean; intro?: ReactNode }) {
  const { t } = useTranslation('booking');
  const hydrated = useHydrated();
  const [step, setStep] = useState<Step>('Loading');
  const [templateId, setTemplateId] = useState<string | undefined>(page.templates.length === 1 ? page.templates[0].id : undefined);
  const [slot, setSlot] = useState<Slot>();
  const [locationId, setLocationId] = useState<string | undefined>(page.locations[0]?.id);
  const [timeZone, setTimeZone] = useState<string>();
  const [intake, setIntake] = useState<IntakeValues>({ fname: '', lname: '', email: '', phone: '', dateOfBirth: '' });
  const booking = useFetcher<BookingActionResult>();

  useEffect(() => {
    if (!hydrated) return;
    trackBookingEvent('Booking Widget Loaded', page);
    setTimeZone(browserTimeZone());
    setStep(page.templates.length === 1 ? 'Calendar' : 'PickAppointmentType');
    // Once, when the widget first runs in the browser.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);

  const result = booking.data;
  useEffect(() => {
    if (booking.state !== 'idle' || !result || !('booked' in result)) return;
    trackBookingEvent('Completed Booking', page);
    if (page.thankYouRedirectURL) {
      try {
        (window.top ?? window).location.href = page.thankYouRedirectURL;
      } catch {
        window.location.href = page.thankYouRedirectURL;
      }
      return;
    }
    setStep('ThankYou');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [booking.state, result]);

  const template = page.templates.find((t) => t.id === templateId);
  const back = previousStep(step, skipIntake);

  const book = (agreedToTerms: BookingPageView['terms']) => {
    if (!template || !slot) return;
    booking.submit(
      { intent: 'book', templateId: template.id, locationId: locationId ?? null, slot: { ...slot }, agreedToTerms, timezone: timeZone ?? null, intake: skipIntake ? null : { ...intake } },
      { method: 'post', encType: 'application/json' },
    );
  };

  let content: ReactNode;
  if (step === 'Loading') {
    content = (
      <Stack alignItems="center" py={4}>
        <CircularProgress aria-label={t('loading')} />
      </Stack>
    );
  } else if (step === 'PickAppointmentType') {
    content = (
      <PickTypeStep
        templates={page.templates}
        onPick={(id) => {
          setTemplateId(id);
          setSlot(undefined);
          setStep('Calendar');
        }}
      />
    );
  } else if (step === 'Calendar' && template) {
    content = (
      <CalendarStep
        template={template}
        locations={page.locations}
        locationId={locationId}
        onLocation={setLocationId}
        rescheduling={rescheduling}
        timeZone={timeZone}
        onTimeZone={setTimeZone}
        onPick={(picked) => {
          setSlot(picked);
          trackBookingEvent('Selected Time', page);
          setStep(skipIntake ? 'Confirmation' : 'Intake');
        }}
      />
    );
  } else if (step === 'Intake') {
    content = (
      <IntakeStep
        title={page.intakeTitle}
        description={page.intakeDescription}
        values={intake}
        onDraft={setIntake}
        onSubmit={(values) => {
          setIntake(values);
          trackBookingEvent('Completed Intake', page);
          setStep('Confirmation');
        }}
      />
    );
  } else if (step === 'Confirmation' && template && slot) {
    content = (
      <ConfirmationStep
        template={template}
        slot={slot}
        timeZone={timeZone ?? 'UTC'}
        location={template.video ? t('videoVisit') : page.locations.find((l) => l.id === locationId)?.place}
        terms={page.terms}
        submitting={booking.state !== 'idle'}
        error={result && 'error' in result ? result.error : undefined}
        onConfirm={book}
      />
    );
  } else if (step === 'ThankYou') {
    content = <BookedStep title={page.thankYouTitle} description={page.thankYouDescription} booked={result && 'booked' in result ? result.booked : undefined} timeZone={timeZone ?? 'UTC'} />;
  }

  return (
    <BookingWidgetFrame page={page} step={step} onBack={back && (() => setStep(back))}>
      {step !== 'ThankYou' && intro}
      {content}
    </BookingWidgetFrame>
  );
}
