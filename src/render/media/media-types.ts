/**
 * Which answers from another host count as media an export may bundle, and the file
 * extension each gets. Only image, video and audio types (and WebVTT captions for
 * `<track>`) are taken; the extension decides the type the bundle is served with
 * (host/content-type.ts), so an answer is stored under its declared type's extension,
 * never under the extension its URL happens to end in.
 */

/** Bundled media go here in the output. */
export const MEDIA_DIR = 'assets/media';

/** `25 MB`, `1.5 MB`, `4 KB`, `100 bytes`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/apng': 'png',
  'image/jpeg': 'jpg',
  'image/pjpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
  'image/bmp': 'bmp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/ogg': 'ogv',
  'video/quicktime': 'mov',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/wave': 'wav',
  'audio/x-wav': 'wav',
  'audio/webm': 'weba',
  'audio/aac': 'aac',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/flac': 'flac',
  'text/vtt': 'vtt',
};

/** The media type of a Content-Type header, without parameters, in lower case ('' when absent). */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * The extension a bundled file of this type gets, or why the type is refused: not an
 * image, video or audio type at all, or one browsers do not show.
 */
export function extensionFor(type: string): { ext: string } | { refused: string } {
  if (Object.hasOwn(EXTENSIONS, type)) return { ext: EXTENSIONS[type] };
  if (!type) return { refused: 'the answer has no content type, so it cannot be taken for an image, video or audio file' };
  if (/^(image|video|audio)\//.test(type)) return { refused: `its type ${type} is not one that browsers show` };
  return { refused: `its type is ${type}, not an image, video or audio type` };
}

/** Every extension a bundled file can get (the bundle server must know each: host/content-type.ts). */
export const MEDIA_EXTENSIONS: readonly string[] = [...new Set(Object.values(EXTENSIONS))];
