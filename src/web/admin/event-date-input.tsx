import { Button } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextInput, maxLength, required } from 'react-admin';
import { TEXT_LIMITS } from '../../shared/constants.ts';
import { clock } from '../../shared/clock.ts';

const validate = [required(), maxLength(TEXT_LIMITS.displayDate)];
// The same words as the demo content, on the association's clock.
const proposalFor = (eventDate: unknown) =>
  typeof eventDate === 'string' ? clock.formatEventDate(eventDate) : '';

/**
 * The event's display date, proposed from its date and time. While the text is empty or still the
 * proposal, it follows the date; once staff write their own, it is kept and the proposal is offered.
 */
export function EventDisplayDateInput() {
  const { setValue, getValues } = useFormContext();
  const eventDate = useWatch({ name: 'eventDate' }) as unknown;
  const date = useWatch({ name: 'date' }) as unknown;
  const proposal = proposalFor(eventDate);
  const previous = useRef(proposal);

  useEffect(() => {
    const current = getValues('date') as unknown;
    const untouched = !current || current === previous.current;
    previous.current = proposal;
    if (proposal && untouched && current !== proposal) {
      setValue('date', proposal, { shouldDirty: true, shouldValidate: Boolean(current) });
    }
  }, [proposal, getValues, setValue]);

  const offer = proposal && date !== proposal;
  return (
    <>
      <TextInput
        source="date"
        label="Fecha como se mostrará"
        validate={validate}
        helperText={
          proposal
            ? `Se propone a partir de la fecha y hora; puedes cambiarla. Propuesta: «${proposal}»`
            : 'Por ejemplo: «8 de marzo de 2027, 11:00 h». Se propone al elegir la fecha y hora.'
        }
        fullWidth
      />
      {offer ? (
        <Button
          size="small"
          sx={{ alignSelf: 'flex-start', mt: -1, mb: 2 }}
          onClick={() => setValue('date', proposal, { shouldDirty: true, shouldValidate: true })}
        >
          Usar «{proposal}»
        </Button>
      ) : null}
    </>
  );
}
