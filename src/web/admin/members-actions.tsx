import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { clock, isoDay } from '../../shared/clock.ts';
import type { MemberDetail, PaymentResult } from '../../shared/member-schemas.ts';
import { memberApiPaths } from '../../shared/member-paths.ts';
import { formatPesos, longDay } from '../../shared/members.ts';
import { adminSend, fieldErrors } from './admin-api.ts';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'No se pudo guardar');

/** Pesos as typed ("1,200.50", "1200") → cents; NaN when it is not an amount. */
export function centsOf(text: string): number {
  const cleaned = text.replace(/[$,\s]/g, '').replace(/MXN$/i, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** One button that posts and refreshes the member; a second click while it works does nothing. */
function useAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<string>) => {
    if (busy) return false;
    setBusy(true);
    try {
      notify(await work(), { type: 'success' });
      refresh();
      return true;
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** A reason asked in a dialog, then posted (a rejection, a leaving). */
function ReasonButton({
  label,
  title,
  path,
  done,
  color = 'error',
}: {
  label: string;
  title: string;
  path: string;
  done: string;
  color?: 'error' | 'warning';
}) {
  const { busy, run } = useAction();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError('Escribe el motivo');
    const ok = await run(async () => {
      await adminSend('POST', path, { data: { reason } });
      return done;
    });
    if (ok) setOpen(false);
  };
  return (
    <>
      <Button variant="outlined" color={color} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <TextField
              label="Motivo"
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setError('');
              }}
              error={Boolean(error)}
              helperText={error || 'Queda en el historial de la socia.'}
              multiline
              minRows={2}
              fullWidth
              required
              sx={{ mt: 1 }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>Cancelar</Button>
            <Button type="submit" variant="contained" color={color} disabled={busy}>
              {label}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}

/** What staff can do with a member in her current status. */
export function MemberActions({ member }: { member: MemberDetail }) {
  const { busy, run } = useAction();
  const id = member.id;
  const approve = () =>
    run(async () => {
      const { data } = await adminSend<{ data: { payment: { reference: string; amountCents: number } } }>(
        'POST',
        memberApiPaths.approve(id),
        { data: {} },
      );
      return `Aprobada. Referencia ${data.payment.reference} por ${formatPesos(data.payment.amountCents)}; se le enviaron las instrucciones de pago.`;
    });
  const renew = () =>
    run(async () => {
      const { data } = await adminSend<{ data: { reference: string; amountCents: number } }>(
        'POST',
        memberApiPaths.renewal(id),
      );
      return `Referencia de renovación ${data.reference} por ${formatPesos(data.amountCents)}.`;
    });
  const { status } = member;
  const isMember = status === 'activa' || status === 'en_gracia' || status === 'vencida';
  const waiting = member.payments.some((payment) => payment.status === 'pendiente');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1 }}>
      {status === 'en_revision' ? (
        <>
          <Button variant="contained" disabled={busy} onClick={() => void approve()}>
            Aprobar
          </Button>
          <ReasonButton
            label="Rechazar"
            title="Rechazar la solicitud"
            path={memberApiPaths.reject(id)}
            done="Solicitud rechazada"
          />
        </>
      ) : null}
      {isMember && !waiting && !member.coordinatorId ? (
        <Button variant="outlined" disabled={busy} onClick={() => void renew()}>
          Emitir referencia de renovación
        </Button>
      ) : null}
      {status !== 'baja' && status !== 'rechazada' && status !== 'en_revision' ? (
        <ReasonButton
          label="Dar de baja"
          title="Dar de baja a la socia"
          path={memberApiPaths.leave(id)}
          done="La socia quedó dada de baja"
          color="warning"
        />
      ) : null}
    </Box>
  );
}

const METHODS = [
  { id: 'spei', name: 'Transferencia SPEI' },
  { id: 'efectivo', name: 'Efectivo' },
  { id: 'otro', name: 'Otro' },
];

/** Records a payment; the server's field messages appear beside each field. */
export function PaymentForm({ member }: { member: MemberDetail }) {
  const { busy, run } = useAction();
  const pending = member.payments.find((payment) => payment.status === 'pendiente');
  const [amount, setAmount] = useState(pending ? (pending.amountCents / 100).toFixed(2) : '');
  const [method, setMethod] = useState('spei');
  const [reference, setReference] = useState(pending?.reference ?? '');
  const [paidAt, setPaidAt] = useState(isoDay(clock.today(new Date())));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<PaymentResult | undefined>();
  // A payment that starts waiting (an approval, a renewal) fills the form with its reference and amount
  // (adjusted while drawing, as React advises for state that follows a prop).
  const [shownPending, setShownPending] = useState(pending?.id);
  if (pending && pending.id !== shownPending) {
    setShownPending(pending.id);
    setAmount((pending.amountCents / 100).toFixed(2));
    setReference(pending.reference);
  }
  if (member.coordinatorId || !['por_pagar', 'activa', 'en_gracia', 'vencida'].includes(member.status))
    return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amountCents = centsOf(amount);
    if (Number.isNaN(amountCents))
      return setErrors({ amountCents: 'Escribe el importe en pesos, como 1200.00' });
    setErrors({});
    await run(async () => {
      try {
        const { data } = await adminSend<{ data: PaymentResult }>(
          'POST',
          memberApiPaths.payments(member.id),
          {
            data: { amountCents, method, reference, paidAt },
          },
        );
        setResult(data);
        return `Pago registrado: recibo ${data.receipt}`;
      } catch (error) {
        setErrors(fieldErrors(error));
        throw error;
      }
    });
  };
  const field = (name: string) => ({ error: Boolean(errors[name]), helperText: errors[name] || ' ' });
  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate aria-label="Registrar un pago">
      <Typography variant="h6" component="h3" gutterBottom>
        Registrar un pago
      </Typography>
      {result ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          Recibo {result.receipt}. Periodo del {longDay(result.periodStart)} al {longDay(result.periodEnd)}.
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        <TextField
          label="Importe (pesos)"
          name="amount"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          inputMode="decimal"
          required
          {...field('amountCents')}
        />
        <TextField
          select
          label="Forma de pago"
          value={method}
          onChange={(event) => setMethod(event.target.value)}
          {...field('method')}
        >
          {METHODS.map((choice) => (
            <MenuItem key={choice.id} value={choice.id}>
              {choice.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Referencia"
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          required
          {...field('reference')}
        />
        <TextField
          label="Fecha de pago"
          type="date"
          value={paidAt}
          onChange={(event) => setPaidAt(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          required
          {...field('paidAt')}
        />
      </Stack>
      <Button type="submit" variant="contained" disabled={busy}>
        Registrar pago
      </Button>
    </Box>
  );
}
