import { describe, expect, test } from 'bun:test';
import { EVERYONE, restrictionSql, viewerKey, visibleSongsSql } from './visibility.ts';

describe('the visibility rule', () => {
  test('no restriction adds nothing: the same SQL and key as before restrictions existed', () => {
    expect(restrictionSql(EVERYONE)).toBe('');
    expect(visibleSongsSql(EVERYONE)).toBe("s.status = 'published' AND s.deleted_at IS NULL");
    expect(viewerKey(EVERYONE)).toBe('');
  });

  test('Clean and an album list; an empty list hides every song; the key ignores order and repeats', () => {
    expect(restrictionSql({ restrictClean: true, restrictAlbumIds: [3, 1] })).toBe(' AND s.explicit = 0 AND s.album_id IN (3,1)');
    expect(restrictionSql({ restrictClean: false, restrictAlbumIds: [] })).toBe(' AND 0');
    expect(viewerKey({ restrictClean: true, restrictAlbumIds: [3, 1, 3] })).toBe(viewerKey({ restrictClean: true, restrictAlbumIds: [1, 3] }));
    expect(viewerKey({ restrictClean: true, restrictAlbumIds: null })).not.toBe(viewerKey({ restrictClean: false, restrictAlbumIds: [] }));
  });

  test('only integers reach the SQL, whatever the stored JSON holds', () => {
    const tampered = { restrictClean: false, restrictAlbumIds: [2, '1) OR (1=1', 1.5, Number.NaN] as unknown as number[] };
    expect(restrictionSql(tampered)).toBe(' AND s.album_id IN (2)');
  });
});
