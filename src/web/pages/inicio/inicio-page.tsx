export function InicioPage() {
  return <h1>Inicio</h1>;
}
