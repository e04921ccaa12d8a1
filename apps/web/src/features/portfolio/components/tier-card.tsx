import { Check, Clock } from 'lucide-react';
import { tierPurchase } from '@cutroom/contracts/orders';
import type { Tier } from '@cutroom/contracts/portfolio';
import { formatReelCount, formatTierPrice, tierAmount } from '@cutroom/contracts/price';
import { Card } from '../../../components/ui/card';
import { tierLabel, tierTermsText } from '../utils/tier-label';
import { AskOfferButton } from './ask-offer-button';
import { PayNowButton } from './pay-now-button';

/**
 * One tier on /portfolio/{editorId}: its price (or range), what it states it delivers ('4 days · 1
 * revision'), what it includes, and how to buy it. Pay Now buys exactly what the card states, so it is
 * offered only for one price; a range asks the editor for an offer instead.
 */
export function TierCard({
  editorId,
  editorName,
  tier,
}: {
  editorId: string;
  editorName: string;
  tier: Tier;
}) {
  const terms = tierTermsText(tier);
  const purchase = tierPurchase(tier);
  return (
    <Card className="flex flex-col p-5" aria-label={`${tierLabel(tier.title)} tier`}>
      <h3 className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        {tierLabel(tier.title)}
      </h3>
      <p className="mt-2 text-2xl font-bold text-slate-900">{formatTierPrice(tier.pricing)}</p>
      {formatReelCount(tier.pricing) && (
        <p className="text-sm text-slate-500">{formatReelCount(tier.pricing)}</p>
      )}
      {terms && (
        <p
          className="mt-2 flex items-center gap-1.5 text-sm font-medium text-slate-700"
          data-testid="tier-terms"
        >
          <Clock className="size-4 shrink-0 text-brand-600" aria-hidden /> {terms}
        </p>
      )}
      {tier.description && <p className="mt-3 text-sm text-slate-600">{tier.description}</p>}
      {tier.features.length > 0 && (
        <ul className="mt-4 space-y-1.5">
          {tier.features.map((f) => (
            <li key={f} className="flex gap-2 text-sm text-slate-700">
              <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden /> {f}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto pt-5">
        {purchase === 'ask' ? (
          <div className="space-y-2">
            <p className="text-xs text-slate-500">
              The price depends on your brief: the editor answers with an exact offer.
            </p>
            <AskOfferButton editorId={editorId} tier={tier.title} />
          </div>
        ) : (
          <PayNowButton
            editorId={editorId}
            editorName={editorName}
            tier={tier.title}
            amount={purchase === 'pay' ? tierAmount(tier.pricing) : null}
          />
        )}
      </div>
    </Card>
  );
}
