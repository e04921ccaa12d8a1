import type { Editor } from '@cutroom/contracts/portfolio';
import { formatRupees, primaryPrice } from '@cutroom/contracts/price';
import type { PageMetaData } from '../../../components/seo/page-meta';
import { tierLabel } from './tier-label';

/** The picture a shared link shows: the first sample's poster or image, else the editor's photo. */
function previewImage(editor: Editor): string | undefined {
  for (const tier of editor.portfolio.tiers) {
    for (const sample of tier.samples) {
      const still =
        sample.posterUrl ?? sample.thumbnailUrl ?? (sample.type.startsWith('image') ? sample.url : undefined);
      if (still) return still;
    }
  }
  return editor.photoUrl;
}

/** One schema.org Offer per priced tier (an AggregateOffer for a range). */
function tierOffers(editor: Editor) {
  return editor.portfolio.tiers.flatMap((tier) => {
    const price = primaryPrice(tier.pricing);
    if (!price) return [];
    const ranged = price.priceMax !== undefined && price.priceMax > price.priceMin;
    return [
      {
        '@type': 'Service',
        name: `${tierLabel(tier.title)} video editing`,
        serviceType: 'Video editing',
        description: tier.description || undefined,
        provider: { '@type': 'Person', name: editor.username },
        offers: ranged
          ? {
              '@type': 'AggregateOffer',
              priceCurrency: 'INR',
              lowPrice: price.priceMin,
              highPrice: price.priceMax,
            }
          : { '@type': 'Offer', priceCurrency: 'INR', price: price.priceMin },
      },
    ];
  });
}

/** Title, description, preview and JSON-LD of /portfolio/{id}. */
export function editorPageMeta(editor: Editor, path: string): PageMetaData {
  const { username, rating, startingPrice } = editor;
  const rated = rating && rating.count > 0 && rating.average !== null;
  const facts = [
    startingPrice ? `Tiers from ${formatRupees(startingPrice)}` : null,
    rated
      ? `rated ${rating.average}/5 by ${rating.count} ${rating.count === 1 ? 'creator' : 'creators'}`
      : null,
  ].filter(Boolean);
  const description =
    `${username} is a ${editor.verified ? 'verified ' : ''}video editor on Cutroom.` +
    (facts.length ? ` ${facts.join(', ')}.` : '') +
    ' Watch samples, chat anonymously and pay securely.';
  const image = previewImage(editor);
  return {
    title: `${username} — video editor`,
    description,
    image,
    type: 'profile',
    canonicalPath: path,
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      mainEntity: {
        '@type': 'Person',
        name: username,
        jobTitle: 'Video Editor',
        image: editor.photoUrl,
        makesOffer: tierOffers(editor).map((service) => ({ '@type': 'Offer', itemOffered: service })),
        ...(rated
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: rating.average,
                ratingCount: rating.count,
                bestRating: 5,
                worstRating: 1,
              },
            }
          : {}),
      },
    },
  };
}
