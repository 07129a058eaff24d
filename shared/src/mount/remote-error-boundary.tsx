import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { logger } from '@deck/shared/logging/logger';
import { RemoteErrorContextForClasses, renderFailureOf, type ReportError } from '@deck/shared/mount/remote-error-report';

const Box = styled.div`
  font-family: ${({ theme }) => theme.font.family};
  color: ${({ theme }) => theme.colors.danger};
  background: ${({ theme }) => theme.colors.dangerSoft};
  border-radius: ${({ theme }) => theme.radius};
  padding: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.font.sizes.md};
`;

interface Props {
  name: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** Keeps a crash inside one remote from taking the host page down. */
export class RemoteErrorBoundary extends Component<Props, State> {
  static contextType = RemoteErrorContextForClasses;
  declare context: ReportError;
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    void logger.error({ object: this.props.name, action: 'render', trigger: 'render', message: error.message, stack: info.componentStack ?? '' });
    this.context(renderFailureOf(error));
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Box role="alert">
        <FormattedMessage id="shared.error.title" defaultMessage="An error has occurred" />{' '}
        <FormattedMessage id="shared.error.retryLater" defaultMessage="Please try again later." />
      </Box>
    );
  }
}
