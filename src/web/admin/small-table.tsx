import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';

/** A small table that scrolls sideways on a phone: its column titles, then the rows it is given. */
export function SmallTable({
  label,
  columns,
  children,
}: {
  label?: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((title, index) => (
              <TableCell key={index}>{title}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </Box>
  );
}
