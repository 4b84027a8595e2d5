import DownloadIcon from '@mui/icons-material/FileDownload';
import { Button as MuiButton } from '@mui/material';
import { SearchInput, SelectInput, useListContext } from 'react-admin';
import { queryString } from './admin-api.ts';

type Choice = { id: string; name: string };

/** The list's search box, always shown, its placeholder naming what it searches. */
export const searchFilter = (placeholder: string) => (
  <SearchInput key="q" source="q" alwaysOn placeholder={placeholder} />
);

/** A filter by one of a few values, always shown; "Todos" when none is chosen. */
export const choiceFilter = (source: string, label: string, choices: Choice[]) => (
  <SelectInput key={source} source={source} label={label} choices={choices} emptyText="Todos" alwaysOn />
);

/**
 * Downloads the list as filtered now (`query` turns the list's filters into the export's); the browser
 * sends the session cookie with the link.
 */
export function ExportCsvButton({
  path,
  query = (filters) => filters,
}: {
  path: string;
  query?: (filters: Record<string, unknown>) => Record<string, unknown>;
}) {
  const { filterValues } = useListContext();
  return (
    <MuiButton
      size="small"
      startIcon={<DownloadIcon />}
      href={path + queryString(query(filterValues as Record<string, unknown>))}
      download
    >
      Exportar CSV
    </MuiButton>
  );
}
