import { previewUrl } from '../../../media/images.ts';
import { AUDIO_CONTENT_TYPES, isAudioFormat } from '../../../src/shared/audio-formats.ts';

// og:audio:type names the container alone (Ogg Opus is audio/ogg), without a codecs parameter.
const audioTypeOf = (url: string) => {
  const extension = url.split('.').pop() ?? '';
  return isAudioFormat(extension) ? AUDIO_CONTENT_TYPES[extension].split(';')[0] : undefined;
};

export interface PreviewTagsProps {
  origin: string;
  path: string;
  title: string;
  description: string;
  artworkUrl: string | null;
  audioUrl?: string | null;
  type: 'music.song' | 'music.album' | 'music.playlist';
}

/** Social preview tags: absolute URLs, a 512×512 image, the audio itself. */
export function PreviewTags({ origin, path, title, description, artworkUrl, audioUrl, type }: PreviewTagsProps) {
  const image = origin + (previewUrl(artworkUrl) ?? '/default-artwork.png');
  const audioType = audioUrl ? audioTypeOf(audioUrl) : undefined;
  return (
    <>
      <meta name="robots" content="noindex" />
      <meta property="og:site_name" content="Hearth" />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={origin + path} />
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content="512" />
      <meta property="og:image:height" content="512" />
      {audioUrl ? <meta property="og:audio" content={origin + audioUrl} /> : null}
      {audioUrl && audioType ? <meta property="og:audio:type" content={audioType} /> : null}
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
    </>
  );
}
