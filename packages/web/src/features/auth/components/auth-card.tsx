import type { ReactNode } from 'react';
import { PublicLayout } from '../../../components/public-layout.tsx';

interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The centred card every sign-in page sits in, with the page's one h1. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <PublicLayout>
      <section className="card card-narrow" aria-labelledby="page-title">
        <h1 id="page-title">{title}</h1>
        {subtitle ? <p className="subtitle">{subtitle}</p> : null}
        {children}
      </section>
    </PublicLayout>
  );
}
