import { useEffect } from 'react';

const PRODUCT = 'Memento';
const SHARE_IMAGE_PATH = '/og-image.png';

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

/** Sets the document title, description and Open Graph tags for the page being shown. */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    const fullTitle = title === PRODUCT ? title : `${title} · ${PRODUCT}`;
    const { origin, href } = window.location;
    document.title = fullTitle;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:url', href);
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:site_name', PRODUCT);
    // Link previews need an absolute address for the image.
    setMeta('property', 'og:image', new URL(SHARE_IMAGE_PATH, origin).href);
    setMeta('name', 'twitter:card', 'summary_large_image');
  }, [title, description]);
}
