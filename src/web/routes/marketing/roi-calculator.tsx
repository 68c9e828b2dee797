import { consultationHref } from '../../features/leads/consultation-link.ts';
import { RoiCalculator } from '../../features/roi/components/roi-calculator.tsx';
import { pageMeta } from '../../lib/page-meta.ts';

export const meta = () => pageMeta('/roi-calculator');

export default function RoiCalculatorPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-muted/60 to-background">
        <div className="mx-auto max-w-7xl px-4 pb-10 pt-16 sm:px-6 lg:px-8 lg:pt-24">
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">ROI calculator</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            What does compliance cost you today?
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-muted-foreground">
            Add up the hours your team spends on evidence, policies and audits, the consultants you hire and the audit fees you pay, and
            compare it with the plan that fits. The formula and every assumption are below.
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
        <RoiCalculator consultationHref={consultationHref} />
      </div>
    </>
  );
}
