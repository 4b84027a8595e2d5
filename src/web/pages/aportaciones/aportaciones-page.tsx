export function AportacionesPage() {
  return <h1>Aportaciones</h1>;
}
