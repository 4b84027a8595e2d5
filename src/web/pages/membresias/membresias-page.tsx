export function MembresiasPage() {
  return <h1>Membresías</h1>;
}
