import { loadConfig } from '../src/config';
import { missingMerchantContacts, publicSiteConfig } from '../src/modules/site/service';
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';

/** What a server started with no site variables answers. */
const demoDefaults = {
  perksChatUrl: '/contact',
  company: { name: 'Cutroom', address: null, supportEmail: 'support@cutroom.local', supportPhone: null },
  orderRules: { autoCompleteHours: 72, cancellationResponseHours: 48 },
};

describe('public site config', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers the demo defaults when nothing is set: perks chat on /contact, no address or phone', async () => {
    server = await startTestServer();
    const res = await apiClient(server.url).get('/api/public/site-config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(demoDefaults);
  });

  it('hands out the configured PERKS_CHAT_URL, company details and order windows to anyone', async () => {
    server = await startTestServer({
      PERKS_CHAT_URL: 'https://wa.me/919876543210?text=Perks',
      COMPANY_NAME: '  Cutroom Media Private Limited ',
      COMPANY_ADDRESS: '4th Floor, 12 MG Road, Bengaluru, Karnataka 560001, India',
      SUPPORT_EMAIL: 'help@cutroom.example',
      SUPPORT_PHONE: '+91 80 4000 1234',
      ORDER_AUTO_COMPLETE_HOURS: '96',
      ORDER_CANCELLATION_RESPONSE_HOURS: '24',
    });
    const res = await apiClient(server.url).get('/api/public/site-config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      perksChatUrl: 'https://wa.me/919876543210?text=Perks',
      company: {
        name: 'Cutroom Media Private Limited',
        address: '4th Floor, 12 MG Road, Bengaluru, Karnataka 560001, India',
        supportEmail: 'help@cutroom.example',
        supportPhone: '+91 80 4000 1234',
      },
      orderRules: { autoCompleteHours: 96, cancellationResponseHours: 24 },
    });
    expect(res.headers.get('cache-control')).toContain('max-age=');
  });

  it('never hands a script URL to browsers: refused at start, and falls back to /contact regardless', () => {
    expect(() => loadConfig({ PERKS_CHAT_URL: 'javascript:alert(1)' })).toThrow(
      /^Invalid PERKS_CHAT_URL="javascript:alert\(1\)": must be an http\(s\) URL$/,
    );
    const settings = { ...loadConfig({}), PERKS_CHAT_URL: 'javascript:alert(1)' };
    expect(publicSiteConfig(settings).perksChatUrl).toBe('/contact');
  });

  it('refuses contact details a visitor could not use, naming the variable', () => {
    expect(() => loadConfig({ SUPPORT_EMAIL: 'support-at-cutroom' })).toThrow(
      /^Invalid SUPPORT_EMAIL="support-at-cutroom": must be an e-mail address$/,
    );
    expect(() => loadConfig({ SUPPORT_PHONE: 'call us' })).toThrow(/^Invalid SUPPORT_PHONE="call us": /);
    expect(() => loadConfig({ COMPANY_NAME: '   ' })).toThrow(/^Invalid COMPANY_NAME=" {3}": /);
    // Blank optional values are unset, not empty lines on the pages.
    expect(publicSiteConfig(loadConfig({ COMPANY_ADDRESS: '  ', SUPPORT_PHONE: '' })).company).toEqual(
      demoDefaults.company,
    );
  });

  it('lists the contact details a live Cashfree account still lacks, and none for test payments', () => {
    const live = { PAYMENT_PROVIDER: 'cashfree', CASHFREE_ENV: 'production' } as const;
    expect(missingMerchantContacts({ ...live })).toEqual([
      'COMPANY_ADDRESS',
      'SUPPORT_EMAIL',
      'SUPPORT_PHONE',
    ]);
    expect(
      missingMerchantContacts({
        ...live,
        COMPANY_ADDRESS: '12 MG Road, Bengaluru',
        SUPPORT_EMAIL: 'help@cutroom.example',
        SUPPORT_PHONE: '+91 80 4000 1234',
      }),
    ).toEqual([]);
    expect(missingMerchantContacts({ PAYMENT_PROVIDER: 'cashfree', CASHFREE_ENV: 'sandbox' })).toEqual([]);
    expect(missingMerchantContacts({ PAYMENT_PROVIDER: 'simulator', CASHFREE_ENV: 'production' })).toEqual(
      [],
    );
  });
});
