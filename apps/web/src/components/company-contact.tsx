import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Building2, Mail, MapPin, Phone } from 'lucide-react';
import type { CompanyContact as Company } from '@cutroom/contracts/site';
import { Card } from './ui/card';
import { cn } from '../lib/cn';
import { telHref, useSiteConfig } from '../lib/site-config';

const linkClass = 'font-medium break-all text-brand-700 underline-offset-2 hover:underline';

/**
 * Who runs Cutroom and how to reach them, from the server's configuration (COMPANY_NAME, COMPANY_ADDRESS,
 * SUPPORT_EMAIL, SUPPORT_PHONE). A detail that is not configured is left out, never shown as a placeholder.
 */
export function CompanyContact(props: { title?: string; className?: string }) {
  const config = useSiteConfig();
  const company = config.data?.company;
  return (
    <Card className={cn('p-5 sm:p-6', props.className)} data-testid="company-contact">
      {props.title && <h2 className="mb-4 text-lg font-bold text-slate-900">{props.title}</h2>}
      {company ? (
        <CompanyDetails company={company} />
      ) : config.isError ? (
        <p className="text-sm text-slate-600">
          Our contact details could not be loaded just now. You can always reach us through the{' '}
          <Link to="/contact" className={linkClass}>
            support form
          </Link>
          .
        </p>
      ) : (
        <p className="text-sm text-slate-500">Loading contact details...</p>
      )}
    </Card>
  );
}

function CompanyDetails({ company }: { company: Company }) {
  return (
    <dl className="space-y-3 text-sm">
      <Detail icon={Building2} label="Business name">
        <span className="font-semibold text-slate-900">{company.name}</span>
      </Detail>
      {company.address && (
        <Detail icon={MapPin} label="Address">
          <address className="whitespace-pre-line text-slate-700 not-italic">{company.address}</address>
        </Detail>
      )}
      <Detail icon={Mail} label="E-mail">
        <a href={`mailto:${company.supportEmail}`} className={linkClass}>
          {company.supportEmail}
        </a>
      </Detail>
      {company.supportPhone && (
        <Detail icon={Phone} label="Phone">
          <a href={telHref(company.supportPhone)} className={linkClass}>
            {company.supportPhone}
          </a>
        </Detail>
      )}
    </dl>
  );
}

function Detail(props: { icon: typeof Mail; label: string; children: ReactNode }) {
  const Icon = props.icon;
  return (
    <div className="flex gap-3">
      <Icon className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
      <div className="min-w-0">
        <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{props.label}</dt>
        <dd className="mt-0.5">{props.children}</dd>
      </div>
    </div>
  );
}
