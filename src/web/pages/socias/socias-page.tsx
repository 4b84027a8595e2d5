export function SociasPage() {
  return <h1>Socias</h1>;
}
