import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  type Modifier,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { SongDto } from '../../src/shared/types.ts';
import type { RenderSongItem, SongListProps } from './playlist-song-list.tsx';

/**
 * The playlist's songs, reorderable with a pointer (drag the grip) or the keyboard (focus the
 * grip, Space, arrows, Space; Escape cancels). Loaded on its own: dnd-kit stays out of the
 * first load. `onReorder` gets the whole new order.
 */
export function SortableSongList({ songs, renderItem, onReorder }: SongListProps) {
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a tap on the grip is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const titleOf = (id: unknown) => songs.find((song) => song.id === id)?.title ?? 'Song';
  const positionOf = (id: unknown) => songs.findIndex((song) => song.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, position ${positionOf(active.id)} of ${songs.length}.`,
    onDragOver: ({ active, over }) => (over ? `${titleOf(active.id)} moved to position ${positionOf(over.id)} of ${songs.length}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${titleOf(active.id)} dropped at position ${positionOf(over.id)} of ${songs.length}.` : `${titleOf(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(songs, positionOf(active.id) - 1, positionOf(over.id) - 1));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: 'To move a song, press Space, then the up and down arrows, then Space again to drop it. Escape cancels.' },
      }}
    >
      <SortableContext items={songs.map((song) => song.id)} strategy={verticalListSortingStrategy}>
        <ul aria-label="Songs" data-count={songs.length} className="-mx-2 grid grid-cols-[minmax(0,1fr)]">
          {songs.map((song, index) => (
            <SortableItem key={song.id} song={song} index={index} renderItem={renderItem} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

function SortableItem({ song, index, renderItem }: { song: SongDto; index: number; renderItem: RenderSongItem }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: song.id });
  return (
    <li
      ref={setNodeRef}
      data-dragging={isDragging || undefined}
      className="relative rounded-md data-[dragging]:z-10 data-[dragging]:bg-surface data-[dragging]:shadow-lg"
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {renderItem(song, index, { ref: setActivatorNodeRef, ...attributes, ...listeners })}
    </li>
  );
}
