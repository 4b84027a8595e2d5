import type { Event } from '../../../shared/schemas.ts';
import {
  CalendarDialog as Calendar,
  type CalendarDialogProps,
} from '../../features/calendar/calendar-dialog.tsx';
import { RegistrationForm } from '../../features/registration/registration-form.tsx';

const registration = (event: Event) => <RegistrationForm event={event} />;

/** The home page's calendar, whose event dialogs carry the sign-up form (loaded with the calendar). */
export function CalendarDialog(props: Omit<CalendarDialogProps, 'eventExtra'>) {
  return <Calendar {...props} eventExtra={registration} />;
}
