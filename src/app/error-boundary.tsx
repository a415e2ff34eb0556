import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert } from '@/components/alert';
import { useCatalog } from '@/lib/i18n';
import { appCatalogs } from './strings';

interface Props {
  children: ReactNode;
  /** When this changes (e.g. the location), a crashed subtree gets another chance. */
  resetKey?: string;
}

interface State {
  error: Error | null;
  resetKey: string | undefined;
}

/** Keeps a rendering bug in one screen from blanking the whole app; the shell around it stays usable. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Screen crashed', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return <CrashNotice error={this.state.error} onReset={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}

function CrashNotice({ error, onReset }: { error: Error; onReset: () => void }) {
  const texts = useCatalog(appCatalogs);
  return (
    <Alert
      tone="error"
      role="alert"
      title={texts.crashedTitle}
      text={error.message}
      action={{ label: texts.tryAgain, onClick: onReset }}
    />
  );
}
