import { Chip, Tooltip } from '@mui/material';
import type { InboxItem } from './admin-api.ts';

export const KIND_CHOICES = [
  { id: 'contacto', name: 'Contacto' },
  { id: 'Individual', name: 'Membresía Individual' },
  { id: 'Corporativa', name: 'Membresía Corporativa' },
  { id: 'Estudiantil', name: 'Membresía Estudiantil' },
  { id: 'barrera', name: 'Barrera de accesibilidad' },
];

export const STATUS_CHOICES = [
  { id: 'nueva', name: 'Nueva' },
  { id: 'atendida', name: 'Atendida' },
  { id: 'archivada', name: 'Archivada' },
];

const STATUS_COLORS = { nueva: 'primary', atendida: 'success', archivada: 'default' } as const;

export function StatusChip({ status }: { status: InboxItem['status'] }) {
  const label = STATUS_CHOICES.find((choice) => choice.id === status)?.name ?? status;
  return <Chip size="small" label={label} color={STATUS_COLORS[status] ?? 'default'} variant="outlined" />;
}

const DELIVERY = {
  pendiente: { label: 'Pendiente', color: 'warning' },
  enviado: { label: 'Enviado', color: 'success' },
  fallido: { label: 'Fallido', color: 'error' },
  'sin envío': { label: 'Sin envío (spam)', color: 'default' },
} as const;

export const deliveryLabel = (state: InboxItem['delivery']['state']) => DELIVERY[state]?.label ?? state;

/** The mail's state at a glance; attempts and the last error on hover or focus. */
export function DeliveryChip({ delivery }: { delivery: InboxItem['delivery'] }) {
  const info = DELIVERY[delivery.state] ?? { label: delivery.state, color: 'default' as const };
  const attempts = delivery.attempts === 1 ? '1 intento' : `${delivery.attempts} intentos`;
  const title = delivery.lastError ? `${attempts}. Último error: ${delivery.lastError}` : attempts;
  return (
    <Tooltip title={title}>
      <Chip
        size="small"
        tabIndex={0}
        label={delivery.state === 'fallido' ? `${info.label} (${attempts})` : info.label}
        color={info.color}
        aria-label={`Envío: ${info.label}. ${title}`}
      />
    </Tooltip>
  );
}

export const kindLabel = (kind: string) => KIND_CHOICES.find((choice) => choice.id === kind)?.name ?? kind;

/** What a request is about in a list: the person's name, or, for a barrier report, its page. */
export const requestTitle = (item: Pick<InboxItem, 'kind' | 'fullName' | 'pageUrl'>) =>
  item.kind === 'barrera' ? `Página: ${item.pageUrl ?? '—'}` : item.fullName;

/**
 * A barrier report's deadline, as the ARCO requests show theirs: "Faltan 3 días hábiles", "Vence hoy",
 * "Vencida hace 2 días hábiles"; red when overdue, amber within five business days. Nothing for any
 * other kind, nor once handled.
 */
export function AnswerDueChip({ item }: { item: Pick<InboxItem, 'answerDue' | 'businessDaysLeft'> }) {
  const left = item.businessDaysLeft;
  if (item.answerDue === null || left === null) return null;
  const days = (n: number) => `${n} ${n === 1 ? 'día hábil' : 'días hábiles'}`;
  const text = left === 0 ? 'Vence hoy' : left < 0 ? `Vencida hace ${days(-left)}` : `Faltan ${days(left)}`;
  const color = left < 0 ? 'error' : left <= 5 ? 'warning' : 'default';
  return <Chip size="small" color={color} label={text} />;
}
