import type { HumanSoundId } from '#core/human-sounds/catalogue';

/**
 * The catalogue's static files in the app's public folder. The illustrations (drawn for this
 * page) and the MP3s are precached by the service worker, so the page looks and sounds the same
 * offline; the preview video is not (it is only ever downloaded).
 */
export function soundIllustrationHref(id: HumanSoundId): string {
  return `/humansounds/illustrations/${id}.svg`;
}

export const PREVIEW_VIDEO_HREF = '/humansounds/human-sounds-preview.webm';
