import { Link } from 'react-router';

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white" data-testid="site-footer">
      <div className="mx-auto grid max-w-7xl gap-8 px-6 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-extrabold">Cutroom</p>
          <p className="mt-2 text-sm text-slate-500">
            Hire verified video editors. Chat anonymously, pay securely, get your final cut.
          </p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-2 text-sm">
          <Link to="/portfolio" className="text-slate-600 hover:text-slate-900">
            Portfolio
          </Link>
          <Link to="/about" className="text-slate-600 hover:text-slate-900">
            About Us
          </Link>
          <Link to="/faqs" className="text-slate-600 hover:text-slate-900">
            FAQs
          </Link>
          <Link to="/terms" className="text-slate-600 hover:text-slate-900">
            Terms
          </Link>
          <Link to="/contact" className="text-slate-600 hover:text-slate-900">
            Contact Us
          </Link>
          <Link to="/cutroom-perks" className="text-slate-600 hover:text-slate-900">
            Perks
          </Link>
          <Link to="/privacy-policy" className="text-slate-600 hover:text-slate-900">
            Privacy Policy
          </Link>
          <Link to="/refund-policy" className="text-slate-600 hover:text-slate-900">
            Refund &amp; Cancellation
          </Link>
        </nav>
        <div className="text-sm text-slate-500 sm:text-right">
          <p>
            Editors:{' '}
            <Link to="/editor-login" className="text-brand-700 hover:underline">
              Editor login
            </Link>
          </p>
          <p className="mt-1">© {new Date().getFullYear()} Cutroom. Payments in ₹ (INR).</p>
        </div>
      </div>
    </footer>
  );
}
