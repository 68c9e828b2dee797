export function meta() {
  return [{ title: 'Baseline' }];
}

export default function Home() {
  return (
    <main>
      <h1>Baseline</h1>
      <button type="button">A button</button>
    </main>
  );
}
