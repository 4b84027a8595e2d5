import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { Title, useNotify } from 'react-admin';
import type { MembershipSettings, Plan } from '../../shared/member-schemas.ts';
import { memberApiPaths } from '../../shared/member-paths.ts';
import { isValidClabe } from '../../shared/members.ts';
import { adminGet, adminSend, fieldErrors } from './admin-api.ts';
import { centsOf } from './members-actions.tsx';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'No se pudo guardar');

/**
 * A settings form's state: its values, each field's message and whether it is saving. `bind` ties a
 * text field to a value (its message under the API's name for it); `save` sends and says how it went.
 */
function useSettingsForm<Values extends Record<string, string>>(
  initial: Values,
  { clearErrorOnChange = false } = {},
) {
  const notify = useNotify();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const bind = (key: keyof Values & string, errorKey: string = key) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => {
      setValues({ ...values, [key]: event.target.value });
      if (clearErrorOnChange) setErrors({ ...errors, [key]: '' });
    },
    error: Boolean(errors[errorKey]),
    helperText: errors[errorKey] || ' ',
  });
  const save = async (send: () => Promise<unknown>, savedText: string) => {
    setBusy(true);
    try {
      await send();
      setErrors({});
      notify(savedText, { type: 'success' });
    } catch (error) {
      setErrors(fieldErrors(error));
      notify(messageOf(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { values, setValues, errors, setErrors, busy, bind, save, notify };
}

/** One plan's terms: its fee in pesos, its period, its grace and its seats. */
function PlanForm({ plan }: { plan: Plan }) {
  const { values, setErrors, busy, bind, save } = useSettingsForm({
    name: plan.name,
    fee: (plan.feeCents / 100).toFixed(2),
    periodMonths: String(plan.periodMonths),
    graceDays: String(plan.graceDays),
    seats: String(plan.seats),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const feeCents = centsOf(values.fee);
    if (Number.isNaN(feeCents)) return setErrors({ feeCents: 'Escribe la cuota en pesos, como 1200.00' });
    await save(
      () =>
        adminSend('PUT', memberApiPaths.plan(plan.slug), {
          data: {
            name: values.name,
            feeCents,
            periodMonths: Number(values.periodMonths),
            graceDays: Number(values.graceDays),
            seats: Number(values.seats),
          },
        }),
      `Plan ${values.name} guardado`,
    );
  };
  const id = `plan-${plan.slug}`;
  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={id}>
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {plan.name}{' '}
        <Typography component="span" color="text.secondary">
          ({plan.slug})
        </Typography>
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0, md: 2 }} sx={{ mt: 1 }}>
        <TextField label="Nombre" {...bind('name')} />
        <TextField label="Cuota (pesos)" inputMode="decimal" {...bind('fee', 'feeCents')} />
        <TextField label="Meses del periodo" type="number" {...bind('periodMonths')} />
        <TextField label="Días de gracia" type="number" {...bind('graceDays')} />
        <TextField label="Lugares" type="number" {...bind('seats')} />
      </Stack>
      <Button type="submit" variant="outlined" disabled={busy} aria-label={`Guardar el plan ${plan.name}`}>
        Guardar
      </Button>
    </Box>
  );
}

/** The bank details every payment's instructions carry; the CLABE is checked by its control digit. */
function BankForm() {
  const { values, setValues, errors, setErrors, busy, bind, save, notify } =
    useSettingsForm<MembershipSettings>(
      { bank: '', beneficiary: '', clabe: '' },
      { clearErrorOnChange: true },
    );
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    adminGet<{ data: MembershipSettings | null }>(memberApiPaths.settings).then(
      (answer) => (answer.data ? setValues(answer.data) : setMissing(true)),
      (error: unknown) => notify(messageOf(error), { type: 'error' }),
    );
  }, [notify, setValues]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const clabe = values.clabe.replace(/[\s-]/g, '');
    if (/^\d{18}$/.test(clabe) && !isValidClabe(clabe)) {
      return setErrors({
        clabe: 'El dígito de control de la CLABE no coincide: revisa que esté bien escrita',
      });
    }
    await save(async () => {
      await adminSend('PUT', memberApiPaths.settings, { data: values });
      setMissing(false);
    }, 'Datos bancarios guardados');
  };
  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate aria-label="Datos bancarios">
      {missing ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Aún no hay datos bancarios: sin ellos no se puede aprobar una solicitud.
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0, md: 2 }}>
        <TextField label="Banco" required {...bind('bank')} />
        <TextField label="Beneficiaria" required {...bind('beneficiary')} />
        <TextField
          label="CLABE"
          inputMode="numeric"
          required
          {...bind('clabe')}
          helperText={errors.clabe || '18 dígitos'}
        />
      </Stack>
      <Button type="submit" variant="contained" disabled={busy}>
        Guardar datos bancarios
      </Button>
    </Box>
  );
}

/** Plans and bank details. */
export function MembersSettings() {
  const [plans, setPlans] = useState<Plan[] | undefined>();
  useEffect(() => {
    adminGet<{ data: Plan[] }>(memberApiPaths.plans).then(
      (answer) => setPlans(answer.data),
      () => setPlans([]),
    );
  }, []);
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
      <Title title="Planes y datos bancarios" />
      <Card component="section" aria-labelledby="ajustes-banco" variant="outlined">
        <CardContent>
          <Typography id="ajustes-banco" variant="h6" component="h2" gutterBottom>
            Datos bancarios para las transferencias
          </Typography>
          <BankForm />
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="ajustes-planes" variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 3 }}>
          <Typography id="ajustes-planes" variant="h6" component="h2">
            Planes
          </Typography>
          {plans === undefined ? <Typography>Cargando…</Typography> : null}
          {plans?.map((plan) => (
            <PlanForm key={plan.slug} plan={plan} />
          ))}
        </CardContent>
      </Card>
    </Box>
  );
}
