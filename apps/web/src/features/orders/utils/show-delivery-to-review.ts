/**
 * Scrolls the room's Deliveries panel to the delivery waiting for review (or to the panel, if it is folded):
 * the order card above it can fill the chat's strip and hide it. The card's top comes into view, then its
 * Approve / Request changes, should the card be taller than the strip (a phone).
 */
export function showDeliveryToReview(roomId: string) {
  const panel = document.getElementById(`deliveries-${roomId}`);
  const card = panel?.querySelector<HTMLElement>('[data-testid="delivery-card"][data-status="sent"]');
  if (!card) {
    panel?.closest('section')?.scrollIntoView({ block: 'start' });
    return;
  }
  card.scrollIntoView({ block: 'start' });
  card.querySelector('[data-review-actions]')?.scrollIntoView({ block: 'nearest' });
}
