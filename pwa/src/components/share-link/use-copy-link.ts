import { useEffect, useState } from 'react';
import { TOAST_TIMEOUT_MS } from '#core/ui-timing';
import { useDeviceFact } from '../../lib/device-fact';

/** What the copy button last achieved, and so what the status line says. */
export type CopyState = 'idle' | 'copied' | 'manual' | 'share-failed';

async function writeToClipboard(text: string): Promise<boolean> {
  // navigator.clipboard is missing outside secure contexts, and writeText rejects when denied.
  if (!('clipboard' in navigator)) return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the device offers its own share sheet. A page written on the server has no device: it
 * and the app's first render over it show no Share button, and the render after adds it.
 */
export function useCanWebShare(): boolean {
  return useDeviceFact(() => 'share' in navigator, () => false);
}

function isUserCancel(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Copy and share actions for a link, with a status that clears itself after a confirmation. */
export function useCopyLink(url: string, title: string, selectText: () => void, text?: string) {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    // The confirmation behaves like the product's toasts: long enough to read, then out of the way.
    const timer = setTimeout(() => setState('idle'), TOAST_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    setState('idle');
    if (await writeToClipboard(url)) {
      setState('copied');
    } else {
      // Leave the link selected so the keyboard shortcut the status suggests copies it.
      selectText();
      setState('manual');
    }
  };

  const share = async () => {
    try {
      await navigator.share(text === undefined ? { title, url } : { title, text, url });
    } catch (error) {
      if (!isUserCancel(error)) setState('share-failed');
    }
  };

  return { state, copy, share };
}
