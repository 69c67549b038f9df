import { Document } from '../../src/render/document.tsx';

/** Every signed-in route: the server-rendered app shell around the route's view. */
export function AppPage() {
  return (
    <Document title="Hearth">
      <main className="p-6">
        <h1 className="text-2xl font-bold">Library</h1>
      </main>
    </Document>
  );
}
