import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorPage } from './error-page.tsx';

interface BoundaryProps {
  children: ReactNode;
  /** The page the error happened on: going to another page clears the error. */
  pathname: string;
}

interface BoundaryState {
  failed: boolean;
  pathname: string;
}

class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}

/**
 * The error element of spec §2 (see decision 017): a page that throws while rendering, or whose
 * code fails to download, shows the error page instead; a link to another page leaves it.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <PageErrorBoundary pathname={pathname}>{children}</PageErrorBoundary>;
}
