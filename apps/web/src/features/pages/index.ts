// The public pages (home, about, perks, policies, FAQs, not found): nothing here is used by another
// feature; the route table reaches the screens through routes.ts.
export {};
