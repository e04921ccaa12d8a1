import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { TAX_ENTITY_TYPES, type TaxEntityType } from '@cutroom/contracts/tax/profile';
import { orders } from './orders';
import { users } from './users';

const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Every rate and threshold of Indian tax the platform applies, each from the date it took effect
 * (issue 27): rates change by notification, so they are rows, never literals. Seeded by a migration.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** Parts per million of the base (18 % = 180000); null for a threshold. */
    ratePpm: integer('rate_ppm'),
    /** A threshold in paise; null for a rate. */
    amountPaise: integer('amount_paise'),
    /** A date in India (IST) from which the row applies. */
    effectiveFrom: date('effective_from').notNull(),
    section: text('section').notNull(),
    source: text('source').notNull(),
  },
  (t) => [
    uniqueIndex('tax_rates_kind_from_uq').on(t.kind, t.effectiveFrom),
    check('tax_rates_value_ck', sql`(${t.ratePpm} is null) <> (${t.amountPaise} is null)`),
  ],
);

/**
 * An editor's tax profile. PAN, Aadhaar and GSTIN are stored sealed (AES-256-GCM, the payout details'
 * key, the editor's id bound in); the masked forms are what pages may show.
 */
export const editorTaxProfiles = pgTable(
  'editor_tax_profiles',
  {
    editorId: uuid('editor_id')
      .primaryKey()
      .references(() => users.id),
    legalName: text('legal_name').notNull(),
    entityType: text('entity_type').$type<TaxEntityType>().notNull(),
    stateCode: text('state_code').notNull(),
    panSealed: text('pan_sealed'),
    panMasked: text('pan_masked'),
    aadhaarSealed: text('aadhaar_sealed'),
    aadhaarMasked: text('aadhaar_masked'),
    gstinSealed: text('gstin_sealed'),
    gstinMasked: text('gstin_masked'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('editor_tax_profiles_entity_ck', sql`${t.entityType} in (${oneOf(TAX_ENTITY_TYPES)})`),
    check('editor_tax_profiles_pan_ck', sql`(${t.panSealed} is null) = (${t.panMasked} is null)`),
    check('editor_tax_profiles_aadhaar_ck', sql`(${t.aadhaarSealed} is null) = (${t.aadhaarMasked} is null)`),
    check('editor_tax_profiles_gstin_ck', sql`(${t.gstinSealed} is null) = (${t.gstinMasked} is null)`),
  ],
);

/**
 * The taxes worked out when an order's share was credited (its payment), with the facts they rest on,
 * frozen: a later change of profile or rate never rewrites a past order.
 */
export const orderTaxAssessments = pgTable(
  'order_tax_assessments',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id),
    editorId: uuid('editor_id')
      .notNull()
      .references(() => users.id),
    assessedAt: timestamp('assessed_at', { withTimezone: true, precision: 3 }).notNull(),
    financialYear: text('financial_year').notNull(),
    grossPaise: integer('gross_paise').notNull(),
    commissionPaise: integer('commission_paise').notNull(),
    platformStateCode: text('platform_state_code').notNull(),
    editorStateCode: text('editor_state_code').notNull(),
    intraState: boolean('intra_state').notNull(),
    registered: boolean('registered').notNull(),
    gstRatePpm: integer('gst_rate_ppm').notNull(),
    gstCgstPaise: integer('gst_cgst_paise').notNull(),
    gstSgstPaise: integer('gst_sgst_paise').notNull(),
    gstIgstPaise: integer('gst_igst_paise').notNull(),
    tcsRatePpm: integer('tcs_rate_ppm').notNull(),
    tcsCgstPaise: integer('tcs_cgst_paise').notNull(),
    tcsSgstPaise: integer('tcs_sgst_paise').notNull(),
    tcsIgstPaise: integer('tcs_igst_paise').notNull(),
    tdsRatePpm: integer('tds_rate_ppm').notNull(),
    tdsPaise: integer('tds_paise').notNull(),
    tdsReason: text('tds_reason').notNull(),
    tdsSection: text('tds_section').notNull(),
  },
  (t) => [
    index('order_tax_assessments_editor_fy_idx').on(t.editorId, t.financialYear),
    index('order_tax_assessments_assessed_idx').on(t.assessedAt),
  ],
);
