import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useAnnounce } from '@deck/shared/ui/live-region/use-announce';
import styled from 'styled-components';
import { logger } from '@deck/shared/logging/logger';
import { RemoteErrorContextForClasses, renderFailureOf, type ReportError } from '@deck/shared/mount/remote-error-report';
import { useOpening } from '@deck/shared/ui/modal/opening-state';

const Box = styled.div`
  color: ${({ theme }) => theme.colors.danger};
  background: ${({ theme }) => theme.colors.dangerSoft};
  border-radius: ${({ theme }) => theme.radius};
  padding: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.font.sizes.md};
`;

const Title = styled.strong`
  display: block;
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;

interface Props {
  /** A new key (another page or document, another opening) clears a caught error. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * Keeps an error raised while rendering a page (such as the blank error of an unsupported document
 * type) inside the dialog: the header and Done stay, the body shows the generic error. Each opening of
 * the kept dialog tries the page again, as a first opening would.
 */
export function DialogBodyBoundary({ resetKey, children }: Props) {
  const opening = useOpening();
  return <BodyBoundary resetKey={`${resetKey}:${opening}`}>{children}</BodyBoundary>;
}

class BodyBoundary extends Component<Props, State> {
  static contextType = RemoteErrorContextForClasses;
  declare context: ReportError;
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    void logger.error({ object: 'share-dialog', action: 'render', trigger: 'render', name: error.name, message: error.message, stack: info.componentStack ?? '' });
    this.context(renderFailureOf(error));
  }

  componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return <BodyFailure />;
  }
}

/** The generic error in the dialog's body, also said in the page's live region. */
function BodyFailure() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'shared.error.title', defaultMessage: 'An error has occurred' });
  const retryLater = intl.formatMessage({ id: 'shared.error.retryLater', defaultMessage: 'Please try again later.' });
  useAnnounce(`${title} ${retryLater}`);
  return (
    <Box>
      <Title>{title}</Title> {retryLater}
    </Box>
  );
}
