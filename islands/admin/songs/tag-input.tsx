import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Input } from '../../ui/input.tsx';
import { iconX } from '../../../src/shared/lucide-icons.ts';
import { Icon } from '../../ui/icon.tsx';

/**
 * A tag is added on Enter when non-empty after trimming and not already present
 * (ignoring case, as the server de-duplicates). Returns the same list when nothing is added.
 */
export function addTag(tags: readonly string[], typed: string): readonly string[] {
  const tag = typed.trim();
  if (!tag || tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return tags;
  return [...tags, tag];
}

/** Tags as removable chips, and a box that adds one on Enter (never submitting the form). */
export function TagInput({ id, tags, onChange }: { id: string; tags: readonly string[]; onChange: (tags: readonly string[]) => void }) {
  const [typed, setTyped] = useState('');
  return (
    <div className="grid gap-2">
      {tags.length > 0 ? (
        <ul aria-label="Current tags" className="flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li key={tag} className="flex max-w-full items-center gap-0.5 rounded-full bg-muted pl-3 text-sm">
              <span className="truncate">{tag}</span>
              <Button size="icon-sm" variant="ghost" className="h-8 w-8 rounded-full" aria-label={`Remove tag ${tag}`} onClick={() => onChange(tags.filter((t) => t !== tag))}>
                <Icon svg={iconX} className="text-sm" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <Input
        id={id}
        value={typed}
        placeholder="Add a tag and press Enter"
        enterKeyHint="enter"
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
          event.preventDefault();
          const next = addTag(tags, typed);
          if (next !== tags) onChange(next);
          setTyped('');
        }}
      />
    </div>
  );
}
