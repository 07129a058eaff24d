import type { Migration, MigrationProvider } from 'kysely/migration';
import * as m0001 from './0001_initial';
import * as m0002 from './0002_trash';
import * as m0003 from './0003_hardening';
import * as m0004 from './0004_sessions_and_limits';
import * as m0005 from './0005_indexes';
import * as m0007 from './0007_invitations';
import * as m0008 from './0008_access_requests';
import * as m0009 from './0009_presentation_api';
import * as m0010 from './0010_dashboard_and_referrals';
import * as m0011 from './0011_invitation_indexes';
import * as m0012 from './0012_share_list_order';
import * as m0013 from './0013_production_hardening';
import * as m0014 from './0014_collaborator_statistics';
import * as m0015 from './0015_link_controls_and_expiring_access';
import * as m0016 from './0016_sharing_activity';
import * as m0017 from './0017_read_cache_notices';
import * as m0018 from './0018_share_list_notices';
import * as m0019 from './0019_like_counter_slots';
import * as m0020 from './0020_link_protection_and_guessing';
import * as m0021 from './0021_unverified_identities';
import * as m0022 from './0022_user_time_zone';
import * as m0023 from './0023_link_passcode_sealed';
import * as m0024 from './0024_link_viewers';
import * as m0025 from './0025_team_activity_filters';
import * as m0026 from './0026_slide_engagement';
import * as m0027 from './0027_link_open_notices';
import * as m0028 from './0028_team_webhooks';
import * as m0029 from './0029_link_download_watermark';
import * as m0030 from './0030_live_link_notices';
import * as m0031 from './0031_document_keys';

/** Versioned migrations, defined in code; names sort in application order. */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_trash': m0002,
  '0003_hardening': m0003,
  '0004_sessions_and_limits': m0004,
  '0005_indexes': m0005,
  '0007_invitations': m0007,
  '0008_access_requests': m0008,
  '0009_presentation_api': m0009,
  '0010_dashboard_and_referrals': m0010,
  '0011_invitation_indexes': m0011,
  '0012_share_list_order': m0012,
  '0013_production_hardening': m0013,
  '0014_collaborator_statistics': m0014,
  '0015_link_controls_and_expiring_access': m0015,
  '0016_sharing_activity': m0016,
  '0017_read_cache_notices': m0017,
  '0018_share_list_notices': m0018,
  '0019_like_counter_slots': m0019,
  '0020_link_protection_and_guessing': m0020,
  '0021_unverified_identities': m0021,
  '0022_user_time_zone': m0022,
  '0023_link_passcode_sealed': m0023,
  '0024_link_viewers': m0024,
  '0025_team_activity_filters': m0025,
  '0026_slide_engagement': m0026,
  '0027_link_open_notices': m0027,
  '0028_team_webhooks': m0028,
  '0029_link_download_watermark': m0029,
  '0030_live_link_notices': m0030,
  '0031_document_keys': m0031,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
