import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { Title, useNotify } from 'react-admin';
import { Link } from 'react-router';
import { CSRF_HEADER } from '../../shared/api-paths.ts';
import type { StatementLine } from '../../shared/member-schemas.ts';
import { memberApiPaths } from '../../shared/member-paths.ts';
import { formatPesos } from '../../shared/members.ts';
import type { ApiError } from '../../shared/schemas.ts';
import { ApiRequestError, csrfToken } from '../api/client.ts';
import { adminSend, call } from './admin-api.ts';
import { SectionCard } from './section-card.tsx';
import { SmallTable } from './small-table.tsx';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'No se pudo enviar');

/** Posts a CSV file as it is (text/csv), with the CSRF token, once more with a fresh one on a 403. */
function postCsv<T>(path: string, file: File): Promise<T> {
  return call(async () => {
    const send = async (token: string | undefined) =>
      fetch(path, {
        method: 'POST',
        credentials: 'same-origin',
        headers: {
          'Content-Type': 'text/csv',
          Accept: 'application/json',
          ...(token ? { [CSRF_HEADER]: token } : {}),
        },
        body: await file.text(),
      });
    let response = await send(await csrfToken());
    if (response.status === 403) response = await send(await csrfToken(true));
    const text = await response.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw new ApiRequestError(response.status, body as ApiError | undefined);
    return body as T;
  });
}

function FileField({ label, onFile }: { label: string; onFile: (file: File | undefined) => void }) {
  const id = useId();
  return (
    <Box sx={{ display: 'grid', gap: 0.5, my: 1 }}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        onChange={(event) => onFile(event.target.files?.[0])}
      />
    </Box>
  );
}

interface ImportResult {
  imported: number;
  duplicates: { line: number; email: string }[];
  errors: { line: number; fields: Record<string, string> }[];
}

/** Existing members from a CSV: name, e-mail, plan and the last day of their period; no mail unless asked. */
function ImportCard() {
  const notify = useNotify();
  const [file, setFile] = useState<File | undefined>();
  const [notifyMembers, setNotifyMembers] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return notify('Elige el archivo CSV', { type: 'warning' });
    setBusy(true);
    try {
      const { data } = await postCsv<{ data: ImportResult }>(
        `${memberApiPaths.import}?notify=${notifyMembers ? '1' : '0'}`,
        file,
      );
      setResult(data);
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <SectionCard id="importar-socias" title="Importar socias desde un CSV">
      <Typography color="text.secondary">
        Columnas: nombre, correo, plan y fin del periodo (AAAA-MM-DD); organización y puesto si los tienes.
      </Typography>
      <form onSubmit={(event) => void submit(event)}>
        <FileField label="Archivo CSV de socias" onFile={setFile} />
        <FormControlLabel
          control={
            <Checkbox checked={notifyMembers} onChange={(event) => setNotifyMembers(event.target.checked)} />
          }
          label="Enviar a cada socia el enlace a su página"
        />
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            Importar
          </Button>
        </Box>
      </form>
      {result ? (
        <Box sx={{ mt: 2, display: 'grid', gap: 1 }} role="status">
          <Alert severity={result.errors.length ? 'warning' : 'success'}>
            {result.imported === 1 ? 'Se importó 1 socia.' : `Se importaron ${result.imported} socias.`}
          </Alert>
          {result.duplicates.map((duplicate) => (
            <Typography key={`d${duplicate.line}`}>
              Línea {duplicate.line}: {duplicate.email} ya es socia (no se importó otra vez).
            </Typography>
          ))}
          {result.errors.map((error) => (
            <Typography key={`e${error.line}`} color="error">
              Línea {error.line}: {Object.values(error.fields).join('; ')}
            </Typography>
          ))}
        </Box>
      ) : null}
    </SectionCard>
  );
}

const MATCH_LABELS: Record<StatementLine['match'], string> = {
  coincide: 'Coincide',
  'importe distinto': 'Importe distinto',
  'ya registrado': 'Ya registrado',
  'sin referencia': 'Sin referencia',
};

/** The bank's statement: the site proposes the lines whose reference and amount match a payment waiting. */
function StatementCard() {
  const notify = useNotify();
  const [file, setFile] = useState<File | undefined>();
  const [lines, setLines] = useState<StatementLine[] | undefined>();
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<string | undefined>();
  const read = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return notify('Elige el archivo CSV', { type: 'warning' });
    setBusy(true);
    try {
      const { data } = await postCsv<{ data: StatementLine[] }>(memberApiPaths.statement, file);
      setLines(data);
      setChosen(new Set(data.filter((line) => line.match === 'coincide').map((line) => line.line)));
      setOutcome(undefined);
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const accept = async () => {
    const matches = (lines ?? [])
      .filter((line) => line.match === 'coincide' && line.date && chosen.has(line.line))
      .map((line) => ({ reference: line.reference!, amountCents: line.amountCents!, paidAt: line.date! }));
    if (matches.length === 0) return notify('No hay pagos elegidos', { type: 'warning' });
    setBusy(true);
    try {
      const { data } = await adminSend<{
        data: {
          recorded: { reference: string; receipt: string }[];
          refused: { reference: string; reason: string }[];
        };
      }>('POST', memberApiPaths.statementAccept, { data: { matches } });
      setOutcome(
        [
          `Pagos registrados: ${data.recorded.length}.`,
          ...data.refused.map((refusal) => `${refusal.reference}: ${refusal.reason}`),
        ].join(' '),
      );
      setLines(
        (lines ?? []).map((line) =>
          chosen.has(line.line) && line.match === 'coincide' ? { ...line, match: 'ya registrado' } : line,
        ),
      );
      setChosen(new Set());
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const toggle = (line: number) => {
    const next = new Set(chosen);
    if (next.has(line)) next.delete(line);
    else next.add(line);
    setChosen(next);
  };
  return (
    <SectionCard id="estado-de-cuenta" title="Estado de cuenta del banco">
      <Typography color="text.secondary">
        Sube el CSV de movimientos: se proponen los abonos cuya referencia e importe coinciden con un pago
        pendiente. Un importe distinto nunca se propone.
      </Typography>
      <form onSubmit={(event) => void read(event)}>
        <FileField label="Archivo CSV del estado de cuenta" onFile={setFile} />
        <Button type="submit" variant="outlined" disabled={busy}>
          Leer el estado de cuenta
        </Button>
      </form>
      {outcome ? (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {outcome}
        </Alert>
      ) : null}
      {lines ? (
        <Box sx={{ mt: 2 }}>
          <SmallTable
            label="Movimientos"
            columns={['Registrar', 'Línea', 'Fecha', 'Concepto', 'Importe', 'Resultado', 'Socia']}
          >
            {lines.map((line) => (
              <TableRow key={line.line}>
                <TableCell padding="checkbox">
                  {line.match === 'coincide' ? (
                    <Checkbox
                      checked={chosen.has(line.line)}
                      onChange={() => toggle(line.line)}
                      slotProps={{ input: { 'aria-label': `Registrar la línea ${line.line}` } }}
                    />
                  ) : null}
                </TableCell>
                <TableCell>{line.line}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{line.date ?? '—'}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{line.concept}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {line.amountCents === null ? '—' : formatPesos(line.amountCents)}
                </TableCell>
                <TableCell>
                  {MATCH_LABELS[line.match]}
                  {line.match === 'importe distinto' && line.expectedCents !== null
                    ? ` (se esperaba ${formatPesos(line.expectedCents)})`
                    : ''}
                </TableCell>
                <TableCell>
                  {line.memberId ? <Link to={`/members/${line.memberId}/show`}>{line.fullName}</Link> : '—'}
                </TableCell>
              </TableRow>
            ))}
          </SmallTable>
          <Button
            variant="contained"
            sx={{ mt: 2 }}
            disabled={busy || chosen.size === 0}
            onClick={() => void accept()}
          >
            Registrar los pagos elegidos
          </Button>
        </Box>
      ) : null}
    </SectionCard>
  );
}

/** Importing members and reading the bank's statement. */
export function MembersTools() {
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
      <Title title="Importar socias y estado de cuenta" />
      <StatementCard />
      <ImportCard />
    </Box>
  );
}
