/**
 * Every audio format Hearth stores, one row each. The key is the format the sniffer detects
 * (media/sniff.ts), stored per song, and the file extension (also of its audio URL). Plain
 * data, so the browser's pickers and player read the same table as the server.
 */
interface AudioFormatRow {
  /** Content-Type the file is served with; Ogg Opus names its codec. */
  mime: string;
  /** Further extensions the import command takes for it (the upload pickers do not). */
  importAlso: readonly string[];
  /** The admins' upload panel offers it. */
  adminUpload: boolean;
  /** The public share page's picker offers it (the server takes any format it detects). */
  sharePage: boolean;
}

export const AUDIO_FORMAT_TABLE = {
  mp3: { mime: 'audio/mpeg', importAlso: [], adminUpload: true, sharePage: true },
  wav: { mime: 'audio/wav', importAlso: [], adminUpload: true, sharePage: true },
  m4a: { mime: 'audio/mp4', importAlso: [], adminUpload: true, sharePage: true },
  flac: { mime: 'audio/flac', importAlso: [], adminUpload: true, sharePage: true },
  aac: { mime: 'audio/aac', importAlso: [], adminUpload: true, sharePage: true },
  ogg: { mime: 'audio/ogg', importAlso: ['oga'], adminUpload: true, sharePage: true },
  opus: { mime: 'audio/ogg; codecs=opus', importAlso: [], adminUpload: true, sharePage: false },
} as const satisfies Record<string, AudioFormatRow>;

export type AudioFormat = keyof typeof AUDIO_FORMAT_TABLE;

const rows = Object.entries(AUDIO_FORMAT_TABLE) as [AudioFormat, AudioFormatRow][];

/** The formats the sniffer detects and the media routes serve. */
export const AUDIO_FORMATS: readonly AudioFormat[] = rows.map(([format]) => format);

/** Content-Type by stored format. */
export const AUDIO_CONTENT_TYPES = Object.fromEntries(rows.map(([format, row]) => [format, row.mime])) as Record<AudioFormat, string>;

/** Extensions the admins' upload panel accepts. */
export const ADMIN_UPLOAD_EXTENSIONS: readonly string[] = rows.filter(([, row]) => row.adminUpload).map(([format]) => format);

/** Extensions the public share page's picker accepts. */
export const SHARE_PAGE_EXTENSIONS: readonly string[] = rows.filter(([, row]) => row.sharePage).map(([format]) => format);

/** Extensions the import command picks up from a folder. */
export const IMPORT_EXTENSIONS: readonly string[] = rows.flatMap(([format, row]) => [format, ...row.importAlso]);

export const isAudioFormat = (value: string): value is AudioFormat => Object.hasOwn(AUDIO_FORMAT_TABLE, value);
