import { BadgeCheck } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';

/** Shown when an admin has verified the editor. */
export function VerifiedBadge({ className }: { className?: string }) {
  return (
    <Badge tone="blue" className={className}>
      <span className="inline-flex items-center gap-1" title="Verified by Cutroom">
        <BadgeCheck className="size-3.5" aria-hidden />
        Verified
      </span>
    </Badge>
  );
}
