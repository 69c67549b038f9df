import { RoomScreen } from '../../islands/room/room-screen.tsx';
import { Toaster } from '../../islands/ui/toaster.tsx';
import { Document } from '../../src/render/document.tsx';

/** `/room/{code}`: a family room for guests and members alike; its island reads the room. */
export function RoomPage({ code }: { code: string }) {
  return (
    <Document title="Family room - Hearth" description="Add songs to the family's queue">
      <RoomScreen code={code} />
      <Toaster />
    </Document>
  );
}
