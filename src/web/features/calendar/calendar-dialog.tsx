import { useId, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { itemPaths } from '../../../shared/api-paths.ts';
import { MONTH_NAMES, clock } from '../../../shared/clock.ts';
import type { Event } from '../../../shared/schemas.ts';
import { Dialog } from '../../components/dialog.tsx';
import { calendar } from '../../content/home.ts';
import { isPlainClick } from '../../lib/plain-click.ts';
import { WEEKDAY_NAMES, buildCalendarWeeks, type CalendarDay } from './calendar-grid.ts';
import { EventDialog } from './event-dialog.tsx';
import './calendar-dialog.css';

export interface CalendarDialogProps {
  open: boolean;
  onClose: () => void;
  events: readonly Event[];
  /** What the page adds to an event's dialog (the sign-up form). */
  eventExtra?: (event: Event) => ReactNode;
}

function DayCell({
  day,
  monthName,
  onOpen,
}: {
  day: CalendarDay;
  monthName: string;
  onOpen: (event: Event) => void;
}) {
  if (!day.inMonth) {
    return (
      <td className="calendar__day calendar__day--other">
        <span className="calendar__number">{day.day}</span>
      </td>
    );
  }
  const { event } = day;
  if (!event) {
    return (
      <td className="calendar__day">
        <span className="calendar__number">{day.day}</span>
      </td>
    );
  }
  const image = event.images[0];
  const style = image ? ({ '--day-image': `url("${encodeURI(image)}")` } as CSSProperties) : undefined;
  return (
    <td className="calendar__day calendar__day--event">
      {/* The event's own page: a plain click (or Enter) shows it in the dialog instead, a middle click
          opens the page. */}
      <a
        href={itemPaths.event(event.slug)}
        className="calendar__event"
        style={style}
        onClick={(clickEvent) => {
          if (!isPlainClick(clickEvent)) return;
          clickEvent.preventDefault();
          onOpen(event);
        }}
        aria-label={calendar.dayWithEvent(day.day, monthName, event.name)}
        aria-haspopup="dialog"
      >
        {/* The name before the number, as the link's name says them; the number is drawn on top. */}
        <span className="calendar__event-name" aria-hidden="true">
          {event.name}
        </span>{' '}
        <span className="calendar__number">{day.day}</span>
      </a>
    </td>
  );
}

/**
 * The events calendar of the current year: a month selector (starting at the association's current month) and
 * a table of weeks, Sunday first. A day with an event shows its image and opens its details.
 */
export function CalendarDialog({ open, onClose, events, eventExtra }: CalendarDialogProps) {
  const selectId = useId();
  // Read once, when the calendar first mounts in the browser (it only opens on a click), on the
  // association's clock: its calendar, not the device's, says which month and year it is.
  const [today] = useState(() => clock.today());
  const year = today.year;
  const [month, setMonth] = useState(() => today.month);
  const [selected, setSelected] = useState<Event | undefined>(undefined);

  const weeks = useMemo(() => buildCalendarWeeks(year, month, events), [year, month, events]);
  const monthName = MONTH_NAMES[month - 1] ?? '';

  return (
    <>
      <Dialog open={open} onClose={onClose} title={calendar.title(year)} className="calendar-dialog">
        <div className="calendar">
          <div className="calendar__toolbar">
            <label htmlFor={selectId} className="calendar__label">
              {calendar.monthLabel}
            </label>
            <select
              id={selectId}
              className="calendar__select"
              value={month}
              onChange={(event) => setMonth(Number(event.target.value))}
            >
              {MONTH_NAMES.map((name, index) => (
                <option key={name} value={index + 1}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div className="calendar__scroller">
            <table className="calendar__table">
              <caption className="sr-only">{calendar.caption(monthName, year)}</caption>
              <thead>
                <tr>
                  {WEEKDAY_NAMES.map((name) => (
                    <th key={name} scope="col">
                      <span className="calendar__weekday-full">{name}</span>
                      <span className="calendar__weekday-short" aria-hidden="true">
                        {name.slice(0, 3)}
                      </span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {weeks.map((week) => (
                  <tr key={`${week[0]?.year}-${week[0]?.month}-${week[0]?.day}`}>
                    {week.map((day) => (
                      <DayCell
                        key={`${day.month}-${day.day}`}
                        day={day}
                        monthName={monthName}
                        onOpen={setSelected}
                      />
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </Dialog>
      <EventDialog event={selected} onClose={() => setSelected(undefined)} extra={eventExtra} />
    </>
  );
}
