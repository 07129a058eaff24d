import type { LinkOpenNotice } from '@deck/shared/api/contract';

/**
 * What a trackable link tells the person who created it when it is opened (docs/decisions.md, *Notes when a link
 * is opened*): nothing, an e-mail on the first open by each visitor, or one e-mail a day with every open of the
 * day before. The notes need the opens recorded: a link without analytics sends none.
 */
export const LINK_OPEN_NOTICES = ['off', 'first_open', 'daily'] as const satisfies readonly LinkOpenNotice[];

/** A new link with analytics tells its creator of each new visitor unless they choose otherwise (DocSend's default). */
export const DEFAULT_LINK_OPEN_NOTICE: LinkOpenNotice = 'first_open';
