import { useId, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { itemPaths } from '../../../shared/api-paths.ts';
import { MONTH_NAMES, clock } from '../../../shared/clock.ts';
import type { Event } from '../../../shared/schemas.ts';
import { Dialog } from '../../components/dialog.tsx';
import { calendar } from '../../content/home.ts';
import { isPlainClick } from '../../lib/plain-click.ts';
import { WEEKDAY_NAMES, buildCalendarWeeks, type CalendarDay } from './calendar-grid.ts';
import { DayEventsDialog, type HeldDay } from './day-events-dialog.tsx';
import { EventDialog } from './event-dialog.tsx';
import './calendar-dialog.css';

export interface CalendarDialogProps {
  open: boolean;
  onClose: () => void;
  events: readonly Event[];
  /** What the page adds to an event's dialog (the sign-up form). */
  eventExtra?: (event: Event) => ReactNode;
}

/** The month as running text names it ("noviembre"). */
const lowerMonth = (monthName: string) => monthName.toLocaleLowerCase('es-MX');

/** A day's background: its first event's first image. */
function imageStyle(event: Event): CSSProperties | undefined {
  const image = event.images[0];
  return image ? ({ '--day-image': `url("${encodeURI(image)}")` } as CSSProperties) : undefined;
}

function DayCell({
  day,
  monthName,
  onOpenEvent,
  onOpenDay,
}: {
  day: CalendarDay;
  monthName: string;
  onOpenEvent: (event: Event) => void;
  onOpenDay: (day: HeldDay) => void;
}) {
  const [first] = day.events;
  if (!day.inMonth || !first) {
    return (
      <td className={`calendar__day${day.inMonth ? '' : ' calendar__day--other'}`}>
        <span className="calendar__number">{day.day}</span>
      </td>
    );
  }
  const month = lowerMonth(monthName);
  if (day.events.length === 1) {
    return (
      <td className="calendar__day calendar__day--event">
        {/* The event's own page: a plain click (or Enter) shows it in the dialog instead, a middle click
            opens the page. */}
        <a
          href={itemPaths.event(first.slug)}
          className="calendar__event"
          style={imageStyle(first)}
          onClick={(clickEvent) => {
            if (!isPlainClick(clickEvent)) return;
            clickEvent.preventDefault();
            onOpenEvent(first);
          }}
          aria-label={calendar.dayWithEvent(day.day, month, first.name)}
          aria-haspopup="dialog"
        >
          {/* The name before the number, as the link's name says them; the number is drawn on top. */}
          <span className="calendar__event-name" aria-hidden="true">
            {first.name}
          </span>{' '}
          <span className="calendar__number">{day.day}</span>
        </a>
      </td>
    );
  }
  // Several events: the day opens their list, from which each one's dialog opens.
  const names = day.events.map((event) => event.name);
  return (
    <td className="calendar__day calendar__day--event">
      <button
        type="button"
        className="calendar__event calendar__event--several"
        style={imageStyle(first)}
        onClick={() => onOpenDay({ day: day.day, month, events: day.events })}
        aria-label={calendar.dayWithEvents(day.day, month, names)}
        aria-haspopup="dialog"
      >
        <span className="calendar__event-name" aria-hidden="true">
          {calendar.eventCount(names.length)}
        </span>{' '}
        <span className="calendar__number">{day.day}</span>
        {/* One dot an event (three at most): on a phone, where the count is not written, the day still
            shows that it holds more than one. */}
        <span className="calendar__dots" aria-hidden="true">
          {names.slice(0, 3).map((name) => (
            <span key={name} className="calendar__dot" />
          ))}
        </span>
      </button>
    </td>
  );
}

/** The month or the year the calendar shows, chosen in a list by its number. */
function ToolbarSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: number;
  options: readonly { value: number; label: string }[];
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="calendar__label">
        {label}
      </label>
      <select
        id={id}
        className="calendar__select"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}

/**
 * The events calendar: a year (this one or the next, so December reaches January) and a month, starting
 * at the association's current month, and a table of weeks, Sunday first. A day with one event shows its
 * image and opens its details; a day with several says how many, shows the first one's image and opens
 * their list.
 */
export function CalendarDialog({ open, onClose, events, eventExtra }: CalendarDialogProps) {
  // Read once, when the calendar first mounts in the browser (it only opens on a click), on the
  // association's clock: its calendar, not the device's, says which month and year it is.
  const [today] = useState(() => clock.today());
  const [year, setYear] = useState(() => today.year);
  const [month, setMonth] = useState(() => today.month);
  const [selected, setSelected] = useState<Event | undefined>(undefined);
  const [openDay, setOpenDay] = useState<HeldDay | undefined>(undefined);

  const weeks = useMemo(() => buildCalendarWeeks(year, month, events), [year, month, events]);
  const monthName = MONTH_NAMES[month - 1] ?? '';

  return (
    <>
      <Dialog open={open} onClose={onClose} title={calendar.title(year)} className="calendar-dialog">
        <div className="calendar">
          <div className="calendar__toolbar">
            <ToolbarSelect
              label={calendar.monthLabel}
              value={month}
              options={MONTH_NAMES.map((name, index) => ({ value: index + 1, label: name }))}
              onChange={setMonth}
            />
            <ToolbarSelect
              label={calendar.yearLabel}
              value={year}
              options={[today.year, today.year + 1].map((value) => ({ value, label: String(value) }))}
              onChange={setYear}
            />
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
                        onOpenEvent={setSelected}
                        onOpenDay={setOpenDay}
                      />
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </Dialog>
      <DayEventsDialog day={openDay} onClose={() => setOpenDay(undefined)} onOpenEvent={setSelected} />
      <EventDialog event={selected} onClose={() => setSelected(undefined)} extra={eventExtra} />
    </>
  );
}
