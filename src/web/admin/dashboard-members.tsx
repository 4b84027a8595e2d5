import { Button } from '@mui/material';
import type { MembersSummary } from '../../shared/member-schemas.ts';
import { memberApiPaths } from '../../shared/member-paths.ts';
import { memberFigures } from './dashboard-figures.ts';
import { FigureList, SummaryCard, useSummary } from './dashboard-parts.tsx';

/** Members: active, ending in 30 days, in grace, and applications waiting for a decision. */
export function MembersCard() {
  const summary = useSummary<MembersSummary>(memberApiPaths.summary);
  return (
    <SummaryCard
      id="resumen-socias"
      title="Membresías"
      what="las membresías"
      summary={summary}
      actions={<Button href="#/members">Abrir membresías</Button>}
    >
      {(data) => <FigureList figures={memberFigures(data)} label="Membresías" />}
    </SummaryCard>
  );
}
