import { createContext, useContext, useEffect } from 'react';

/** What a page says about itself to the tab, to search engines and to link previews. */
export interface PageMetaData {
  title: string;
  description: string;
  /** Absolute or site-relative image for link previews (a sample's poster, the editor's photo). */
  image?: string;
  /** og:type; 'website' unless the page is about one person. */
  type?: 'website' | 'profile';
  /** The page's one address (no search or filters); the current path when absent. */
  canonicalPath?: string;
  /** schema.org data, serialised into the head as JSON-LD. */
  structuredData?: Record<string, unknown>;
  /** Pages that should not appear in search results (a 404). */
  noIndex?: boolean;
}

/** The server hands in a collector; the last page meta rendered wins (the deepest route). */
export interface PageMetaCollector {
  meta?: PageMetaData;
}

export const PageMetaContext = createContext<PageMetaCollector | null>(null);

export const SITE_NAME = 'Cutroom';

/** 'Editor Portfolios · Cutroom'; the home page's title already names the site. */
export const fullTitle = (title: string) => (title.includes(SITE_NAME) ? title : `${title} · ${SITE_NAME}`);

function setMetaContent(selector: string, content: string) {
  document.head.querySelector<HTMLMetaElement>(selector)?.setAttribute('content', content);
}

/**
 * Declares the page's title and description. On the server they go into the HTML's head (with Open Graph,
 * Twitter card, canonical and JSON-LD); in the browser the tab's title and description follow navigation.
 */
export function PageMeta(props: PageMetaData) {
  const collector = useContext(PageMetaContext);
  if (collector) collector.meta = props;
  const { title, description } = props;
  useEffect(() => {
    document.title = fullTitle(title);
    setMetaContent('meta[name="description"]', description);
  }, [title, description]);
  return null;
}
