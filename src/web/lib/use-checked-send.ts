import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { apiMessages } from '../../shared/messages.ts';
import { fieldMessages } from '../../shared/schemas.ts';
import { ApiRequestError, sendJson } from '../api/client.ts';

type Messages = Partial<Record<string, string>>;

/** What the server answered to the form posted without script: its messages, or its receipt. */
export interface CheckedFormAnswer<Receipt> {
  fields?: Messages;
  message?: string;
  receipt?: Receipt;
}

/**
 * A public form sent with script: checked with the API's own schema (the focus goes to the first field
 * to correct, in `order`), then posted to `url`, whose receipt replaces the form. Before that, the
 * state starts from the server's answer to the same form posted without script.
 */
export function useCheckedSend<Receipt, Sent extends Receipt>({
  answer,
  schema,
  url,
  order,
}: {
  answer: CheckedFormAnswer<Receipt> | undefined;
  schema: z.ZodType;
  url: string;
  order: readonly string[];
}) {
  const [fields, setFields] = useState<Messages>(answer?.fields ?? {});
  const [message, setMessage] = useState<string | undefined>(answer?.message);
  const [receipt, setReceipt] = useState<Receipt | undefined>(answer?.receipt);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const refused = fieldMessages(parsed.error.issues);
      setFields(refused);
      setMessage(apiMessages.validation);
      const first = order.find((name) => refused[name]);
      if (first) requestAnimationFrame(() => form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
      return;
    }
    setBusy(true);
    try {
      const { data } = await sendJson<{ data: Sent }>('POST', url, { data: parsed.data });
      form.reset();
      setFields({});
      setMessage(undefined);
      setReceipt(data);
    } catch (error) {
      if (error instanceof ApiRequestError) {
        setFields(error.status === 400 ? error.fields : {});
        setMessage(error.message);
      } else setMessage(apiMessages.internal);
    } finally {
      setBusy(false);
    }
  };

  /** Back to an empty form after a receipt the script showed (not after the server's own page). */
  const another = answer?.receipt ? undefined : () => setReceipt(undefined);
  return { fields, message, receipt, busy, onSubmit, another };
}
